import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tests/fixtures/fake-llm';
import type { ChatMessage, ProviderTool, ToolUseBlock } from '../../types';
import { createProvider } from '..';
import type { ProviderConfig, ProviderEvent } from '../types';

const tools: ProviderTool[] = [
	{
		name: 'weather_mcp_forecast',
		description: 'Forecast',
		input_schema: { type: 'object', properties: { city: { type: 'string' } } }
	},
	{
		name: 'weather_mcp_alerts',
		description: 'Alerts',
		input_schema: { type: 'object', properties: { region: { type: 'string' } } }
	}
];
const ask: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Lyon?' }] }];

let llm: FakeLlm;
beforeAll(async () => {
	llm = await startFakeLlm();
});
afterAll(() => llm.close());

const config = (extra: Partial<ProviderConfig> = {}): ProviderConfig => ({
	provider: 'openai',
	baseUrl: `${llm.url}/v1`,
	model: 'llama3.1',
	retry: { baseDelayMs: 5 },
	...extra
});

describe('OpenAI-compatible streaming', () => {
	it('assembles interleaved parallel tool-call deltas by index', async () => {
		llm.setScenario({
			steps: [
				{
					interleaveToolCalls: true,
					toolCalls: [
						{ name: 'weather_mcp_forecast', input: { city: 'Paris', days: 3, units: 'metric' } },
						{ name: 'weather_mcp_forecast', input: { city: 'Lyon', days: 3, units: 'metric' } },
						{ name: 'weather_mcp_alerts', input: { region: 'Auvergne-Rhône-Alpes' } }
					]
				}
			]
		});
		const events: ProviderEvent[] = [];
		const turn = await (
			await createProvider(config())
		).streamTurn({ system: 'sys', messages: ask, tools }, { onEvent: (event) => events.push(event) });
		const calls = turn.message.content as ToolUseBlock[];
		expect(calls.map((call) => call.input)).toEqual([
			{ city: 'Paris', days: 3, units: 'metric' },
			{ city: 'Lyon', days: 3, units: 'metric' },
			{ region: 'Auvergne-Rhône-Alpes' }
		]);
		expect(new Set(calls.map((call) => call.id)).size).toBe(3);
		expect(turn.stopReason).toBe('tool_use');
		expect(events.filter((event) => event.type === 'tool-call-start')).toHaveLength(3);
	});

	it('reports the partial arguments of interleaved parallel calls each under its own id', async () => {
		llm.setScenario({
			steps: [
				{
					interleaveToolCalls: true,
					chunkDelayMs: 15,
					toolCalls: [
						{
							name: 'weather_mcp_forecast',
							input: { city: 'Paris', days: 3, units: 'metric', note: 'morning and evening' }
						},
						{ name: 'weather_mcp_alerts', input: { region: 'Auvergne-Rhône-Alpes', severity: 'orange and above' } }
					]
				}
			]
		});
		const events: ProviderEvent[] = [];
		const turn = await (
			await createProvider(config())
		).streamTurn({ system: 'sys', messages: ask, tools }, { onEvent: (event) => events.push(event) });
		const whole = new Map(
			(turn.message.content as ToolUseBlock[]).map((call) => [
				call.id,
				{ name: call.name, json: JSON.stringify(call.input) }
			])
		);
		const deltas = events.filter(
			(event): event is Extract<ProviderEvent, { type: 'tool-input-delta' }> => event.type === 'tool-input-delta'
		);
		expect(new Set(deltas.map((delta) => delta.id))).toEqual(new Set(whole.keys()));
		for (const delta of deltas) {
			expect(delta.name).toBe(whole.get(delta.id)!.name);
			expect(whole.get(delta.id)!.json.startsWith(delta.json)).toBe(true);
		}
	});

	it('asks for usage with stream_options and reports cached prompt tokens', async () => {
		llm.setScenario({ steps: [{ text: 'a' }, { text: 'b' }] });
		const provider = await createProvider(config());
		const first = await provider.streamTurn({ system: 'stable system prompt', messages: ask, tools });
		expect((llm.requests.at(-1)!.body as { stream_options: unknown }).stream_options).toEqual({ include_usage: true });
		expect(first.usage.cacheReadTokens).toBe(0);
		const history: ChatMessage[] = [
			...ask,
			first.message,
			{ role: 'user', content: [{ type: 'text', text: 'and tomorrow?' }] }
		];
		const second = await provider.streamTurn({ system: 'stable system prompt', messages: history, tools });
		expect(second.usage.cacheReadTokens).toBeGreaterThan(0);
		expect(second.usage.inputTokens).toBeGreaterThan(0);
	});

	it('reports zero usage when the server sends no usage chunk', async () => {
		llm.setScenario({ steps: [{ text: 'no usage here', omitUsage: true }] });
		const turn = await (await createProvider(config())).streamTurn({ system: '', messages: ask, tools });
		expect(turn.usage).toEqual({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });
	});

	it('asks again without stream_options when a server rejects it', async () => {
		llm.setScenario({
			steps: [],
			fallback: (request) =>
				request.body.stream_options
					? { error: { status: 400, message: 'Unrecognized request argument supplied: stream_options' } }
					: { text: 'fine' }
		});
		const provider = await createProvider(config());
		const turn = await provider.streamTurn({ system: '', messages: ask, tools });
		expect(turn.message.content).toEqual([{ type: 'text', text: 'fine' }]);
		await provider.streamTurn({ system: '', messages: ask, tools });
		expect((llm.requests.at(-1)!.body as Record<string, unknown>).stream_options).toBeUndefined();
	});

	it('says when a model does not support tools', async () => {
		llm.setScenario({
			steps: [{ error: { status: 400, message: 'registry.ollama.ai/library/gemma:2b does not support tools' } }]
		});
		await expect(
			(await createProvider(config({ model: 'gemma:2b' }))).streamTurn({ system: '', messages: ask, tools })
		).rejects.toMatchObject({
			code: 'provider_no_tools',
			message: 'model gemma:2b does not support tools — pick a model with tool calling in Settings'
		});
	});

	it('says when the model is unknown', async () => {
		llm.setScenario({ steps: [{ error: { status: 404, message: "model 'llama9' not found, try pulling it first" } }] });
		await expect(
			(await createProvider(config({ model: 'llama9' }))).streamTurn({ system: '', messages: ask, tools })
		).rejects.toMatchObject({
			code: 'provider_bad_request',
			message: expect.stringMatching(/^model llama9 was not found at .* pick another model in Settings$/)
		});
	});

	it('treats finish_reason "stop" with tool calls as a tool_use turn', async () => {
		llm.setScenario({ steps: [{ toolCalls: [{ name: 'weather_mcp_alerts', input: {} }], stopReason: 'end_turn' }] });
		const turn = await (await createProvider(config())).streamTurn({ system: '', messages: ask, tools });
		expect(turn.stopReason).toBe('tool_use');
	});
});
