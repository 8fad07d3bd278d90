import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tests/fixtures/fake-llm';
import type { ChatMessage, ProviderTool } from '../../types';
import { createProvider } from '..';
import type { ProviderConfig, ProviderEvent } from '../types';

const tools: ProviderTool[] = [
	{
		name: 'data_mcp_query',
		description: 'Run a query',
		input_schema: { type: 'object', properties: { sql: { type: 'string' } } }
	},
	{ name: 'data_mcp_tables', description: 'List tables', input_schema: { type: 'object', properties: {} } }
];
const system = 'You answer with widgets.';

let llm: FakeLlm;
beforeAll(async () => {
	llm = await startFakeLlm({ apiKey: 'sk-ant-x' });
});
afterAll(() => llm.close());

const config = (extra: Partial<ProviderConfig> = {}): ProviderConfig => ({
	provider: 'anthropic',
	baseUrl: llm.url,
	model: 'fake-model',
	apiKey: 'sk-ant-x',
	retry: { baseDelayMs: 5 },
	...extra
});

describe('Anthropic prompt caching', () => {
	it('puts breakpoints after the tools, the system prompt and the newest message, and reports cache tokens', async () => {
		llm.setScenario({ steps: [{ toolCalls: [{ name: 'data_mcp_tables' }] }, { text: 'Two tables.' }] });
		const provider = await createProvider(config());
		const ask: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'Which tables?' }] }];
		const first = await provider.streamTurn({ system, messages: ask, tools, cache: true });
		const body = llm.requests.at(-1)!.body as {
			tools: { cache_control?: unknown }[];
			system: unknown;
			messages: { content: { cache_control?: unknown }[] }[];
		};
		expect(body.tools.map((tool) => tool.cache_control)).toEqual([undefined, { type: 'ephemeral' }]);
		expect(body.system).toEqual([{ type: 'text', text: system, cache_control: { type: 'ephemeral' } }]);
		expect(body.messages[0].content[0].cache_control).toEqual({ type: 'ephemeral' });
		expect(first.usage.cacheWriteTokens).toBeGreaterThan(0);
		expect(first.usage.cacheReadTokens).toBe(0);

		const call = first.message.content[0] as { id: string };
		const history: ChatMessage[] = [
			...ask,
			first.message,
			{ role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '["a","b"]' }] }
		];
		const second = await provider.streamTurn({ system, messages: history, tools, cache: true });
		expect(second.usage.cacheReadTokens).toBeGreaterThan(0);
		expect(second.usage.cacheWriteTokens).toBe(0);
		const secondBody = llm.requests.at(-1)!.body as { messages: { content: { cache_control?: unknown }[] }[] };
		expect(JSON.stringify(secondBody.messages.slice(0, -1))).not.toContain('cache_control');
	});

	it('sends no cache_control without request.cache', async () => {
		llm.setScenario({ steps: [{ text: 'ok' }] });
		await (
			await createProvider(config())
		).streamTurn({ system, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools });
		expect(JSON.stringify(llm.requests.at(-1)!.body)).not.toContain('cache_control');
		expect((llm.requests.at(-1)!.body as { system: unknown }).system).toBe(system);
	});

	it('surfaces the strict fake rejecting a changed system prompt mid-conversation while caching', async () => {
		llm.setScenario({ steps: [{ toolCalls: [{ name: 'data_mcp_tables' }] }, { text: 'never' }] });
		const provider = await createProvider(config());
		const ask: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'Which tables?' }] }];
		const first = await provider.streamTurn({ system, messages: ask, tools, cache: true });
		const call = first.message.content[0] as { id: string };
		const history: ChatMessage[] = [
			...ask,
			first.message,
			{ role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'a' }] }
		];
		await expect(
			provider.streamTurn({ system: `${system} Now: 12:00.`, messages: history, tools, cache: true })
		).rejects.toMatchObject({
			code: 'provider_bad_request',
			message: expect.stringMatching(/byte-stable/)
		});
	});
});

describe('Anthropic overload', () => {
	it('retries 529 overloaded and reports it as overloaded', async () => {
		llm.setScenario({ steps: [{ error: { status: 529 } }, { text: 'back' }] });
		const events: ProviderEvent[] = [];
		const turn = await (
			await createProvider(config())
		).streamTurn(
			{ system, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools },
			{ onEvent: (event) => events.push(event) }
		);
		expect(turn.message.content).toEqual([{ type: 'text', text: 'back' }]);
		expect(events.find((event) => event.type === 'retry')).toMatchObject({ status: 529, reason: '529 overloaded' });
	});

	it('says to try again later when overload persists', async () => {
		llm.setScenario({ steps: [], fallback: { error: { status: 529 } } });
		await expect(
			(await createProvider(config({ retry: { maxRetries: 1, baseDelayMs: 1 } }))).streamTurn({
				system,
				messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
				tools
			})
		).rejects.toMatchObject({
			code: 'provider_overloaded',
			message: 'Anthropic is overloaded (after 1 retry) — try again in a minute'
		});
	});
});
