/**
 * Behaviour both wire formats share, run against the fake LLM through the real SDKs:
 * streaming assembly, parallel tool calls, strict round trips, retries, errors, abort.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../tests/fixtures/fake-llm';
import { freePort } from '../../../../tests/fixtures/net';
import { rejection } from '$lib/shared/testing';
import type { ChatMessage, ProviderTool, ToolUseBlock } from '../types';
import { createProvider } from '.';
import type { ProviderConfig, ProviderEvent, ProviderId } from './types';

const key = 'sk-test-0123456789';
const tools: ProviderTool[] = [
	{
		name: 'data_mcp_query',
		description: 'Run a query',
		input_schema: { type: 'object', properties: { sql: { type: 'string' } }, required: ['sql'] }
	},
	{
		name: 'autoui_webmcp_widget_display',
		description: 'Show a widget',
		input_schema: { type: 'object', properties: { type: { type: 'string' } } }
	}
];
const ask: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'How many rows?' }] }];

let llm: FakeLlm;
beforeAll(async () => {
	llm = await startFakeLlm({ apiKey: key });
});
afterAll(() => llm.close());

function recorder() {
	const events: ProviderEvent[] = [];
	return {
		events,
		onEvent: (event: ProviderEvent) => events.push(event),
		of: <T extends ProviderEvent['type']>(type: T) =>
			events.filter((event): event is Extract<ProviderEvent, { type: T }> => event.type === type)
	};
}

describe.each<ProviderId>(['anthropic', 'openai'])('%s provider against the fake LLM', (provider) => {
	const config = (extra: Partial<ProviderConfig> = {}): ProviderConfig => ({
		provider,
		baseUrl: provider === 'openai' ? `${llm.url}/v1` : llm.url,
		model: 'fake-model',
		apiKey: key,
		retry: { baseDelayMs: 5, maxDelayMs: 20 },
		...extra
	});
	const chatCount = () => llm.chatRequests().length;

	it('streams text as deltas and assembles the message, never reporting the key', async () => {
		llm.setScenario({ steps: [{ text: 'There are forty-two rows in the table.' }] });
		const { events, onEvent, of } = recorder();
		const turn = await (
			await createProvider(config())
		).streamTurn({ system: 'Be terse.', messages: ask, tools }, { onEvent });
		expect(turn.message).toEqual({
			role: 'assistant',
			content: [{ type: 'text', text: 'There are forty-two rows in the table.' }]
		});
		expect(turn.stopReason).toBe('end_turn');
		expect(turn.model).toBe('fake-model');
		expect(turn.usage.inputTokens).toBeGreaterThan(0);
		expect(turn.usage.outputTokens).toBeGreaterThan(0);
		expect(turn.ttftMs).toBeGreaterThanOrEqual(0);
		expect(events.map((event) => event.type).slice(0, 2)).toEqual(['request', 'first-token']);
		expect(of('text-delta').length).toBeGreaterThan(3);
		expect(
			of('text-delta')
				.map((event) => event.text)
				.join('')
		).toBe('There are forty-two rows in the table.');
		expect(of('request')[0].body).toEqual(llm.requests.at(-1)!.body);
		expect(JSON.stringify(events)).not.toContain(key);
		expect(llm.requests.at(-1)!.authenticated).toBe(true);
	});

	it('assembles parallel tool calls after text, and the strict fake accepts the tool results', async () => {
		llm.setScenario({
			steps: [
				{
					text: 'Let me look.',
					toolCalls: [
						{ name: 'data_mcp_query', input: { sql: 'select count(*) from t' } },
						{ name: 'autoui_webmcp_widget_display', input: { type: 'stat' } }
					]
				},
				(request) => ({
					text: `Shown as ${request.toolResults.map((result) => `${result.name}=${result.content}`).join(', ')}`
				})
			]
		});
		const model = await createProvider(config());
		const { onEvent, of } = recorder();
		const first = await model.streamTurn({ system: 'Use tools.', messages: ask, tools }, { onEvent });
		expect(first.stopReason).toBe('tool_use');
		const calls = first.message.content.filter((block): block is ToolUseBlock => block.type === 'tool_use');
		expect(first.message.content[0]).toEqual({ type: 'text', text: 'Let me look.' });
		expect(calls.map((call) => [call.name, call.input])).toEqual([
			['data_mcp_query', { sql: 'select count(*) from t' }],
			['autoui_webmcp_widget_display', { type: 'stat' }]
		]);
		expect(of('tool-call-start').map((event) => [event.id, event.name])).toEqual(
			calls.map((call) => [call.id, call.name])
		);
		const history: ChatMessage[] = [
			...ask,
			first.message,
			{
				role: 'user',
				content: calls.map((call, index) => ({
					type: 'tool_result' as const,
					tool_use_id: call.id,
					content: index === 0 ? '42' : 'w_1'
				}))
			}
		];
		const second = await model.streamTurn({ system: 'Use tools.', messages: history, tools });
		expect(second.message.content).toEqual([
			{ type: 'text', text: 'Shown as data_mcp_query=42, autoui_webmcp_widget_display=w_1' }
		]);
	});

	it('reports the accumulated arguments of a streaming call as paced tool-input-delta events', async () => {
		const sql = `select ${Array.from({ length: 30 }, (_, i) => `c${i}`).join(', ')} from measurements where site = 'north'`;
		const whole = JSON.stringify({ sql });
		const pieces = Math.ceil(whole.length / 7);
		llm.setScenario({
			steps: [{ toolCalls: [{ name: 'data_mcp_query', input: { sql }, id: 'call_slow_1' }], chunkDelayMs: 15 }]
		});
		const { events, onEvent, of } = recorder();
		const turn = await (
			await createProvider(config())
		).streamTurn({ system: 'Use tools.', messages: ask, tools }, { onEvent });
		const call = turn.message.content.find((block): block is ToolUseBlock => block.type === 'tool_use')!;
		expect(call.input).toEqual({ sql });
		const deltas = of('tool-input-delta');
		expect(deltas.length).toBeGreaterThanOrEqual(2);
		expect(deltas.length).toBeLessThan(pieces);
		const starts = of('tool-call-start');
		expect(starts).toEqual([{ type: 'tool-call-start', id: call.id, name: 'data_mcp_query' }]);
		expect(events.indexOf(starts[0])).toBeLessThan(events.indexOf(deltas[0]));
		let length = 0;
		for (const delta of deltas) {
			expect(delta).toMatchObject({ id: call.id, name: 'data_mcp_query' });
			expect(whole.startsWith(delta.json)).toBe(true);
			expect(delta.json.length).toBeGreaterThan(length);
			length = delta.json.length;
		}
	});

	it('keeps malformed tool-call JSON as input {} with invalidArguments, and the history stays valid', async () => {
		llm.setScenario({
			steps: [{ toolCalls: [{ name: 'data_mcp_query', rawArguments: '{"sql": "select' }] }, { text: 'Fixed.' }]
		});
		const model = await createProvider(config());
		const turn = await model.streamTurn({ system: '', messages: ask, tools });
		const call = turn.message.content[0] as ToolUseBlock;
		expect(call.input).toEqual({});
		expect(call.invalidArguments?.raw).toBe('{"sql": "select');
		expect(call.invalidArguments?.error).toMatch(/not valid JSON/);
		const history: ChatMessage[] = [
			...ask,
			turn.message,
			{
				role: 'user',
				content: [{ type: 'tool_result', tool_use_id: call.id, content: call.invalidArguments!.error, is_error: true }]
			}
		];
		const next = await model.streamTurn({ system: '', messages: history, tools });
		expect(next.message.content).toEqual([{ type: 'text', text: 'Fixed.' }]);
		expect(JSON.stringify(llm.requests.at(-1)!.body)).not.toContain('invalidArguments');
	});

	it('retries 429 honouring retry-after, then 500, reporting each retry, and completes', async () => {
		llm.setScenario({
			steps: [{ error: { status: 429, retryAfter: 0.12 } }, { error: { status: 500 } }, { text: 'Done.' }]
		});
		const before = chatCount();
		const { onEvent, of } = recorder();
		const started = performance.now();
		const turn = await (await createProvider(config())).streamTurn({ system: '', messages: ask, tools }, { onEvent });
		expect(turn.message.content).toEqual([{ type: 'text', text: 'Done.' }]);
		expect(performance.now() - started).toBeGreaterThanOrEqual(115);
		const retries = of('retry');
		expect(retries.map((event) => [event.attempt, event.status])).toEqual([
			[1, 429],
			[2, 500]
		]);
		expect(retries[0].delayMs).toBe(120);
		expect(retries[0].reason).toMatch(/rate limited/);
		expect(chatCount() - before).toBe(3);
	});

	it('gives up after the configured retries with an actionable error', async () => {
		llm.setScenario({ steps: [], fallback: { error: { status: 503 } } });
		const before = chatCount();
		const error = await rejection(
			(await createProvider(config({ retry: { maxRetries: 2, baseDelayMs: 1 } }))).streamTurn({
				system: '',
				messages: ask,
				tools
			})
		);
		expect(error.code).toBe('provider_unavailable');
		expect(error.message).toMatch(/503.*after 2 retries.*try again later/);
		expect(chatCount() - before).toBe(3);
	});

	it('fails at once when the key is rejected, saying to check Settings', async () => {
		llm.setScenario({ steps: [{ text: 'never' }] });
		const before = chatCount();
		const error = await rejection(
			(await createProvider(config({ apiKey: 'sk-wrong' }))).streamTurn({ system: '', messages: ask, tools })
		);
		expect(error.code).toBe('provider_auth');
		expect(error.message).toMatch(/API key was rejected.*check Settings/);
		expect(chatCount() - before).toBe(1);
	});

	it('fails at once on a bad request with the provider message', async () => {
		llm.setScenario({ steps: [{ text: 'never' }] });
		const before = chatCount();
		const badTools: ProviderTool[] = [{ name: 'bad name!', description: '', input_schema: { type: 'object' } }];
		const error = await rejection(
			(await createProvider(config())).streamTurn({ system: '', messages: ask, tools: badTools })
		);
		expect(error.code).toBe('provider_bad_request');
		expect(error.message).toMatch(/name/);
		expect(chatCount() - before).toBe(1);
	});

	it('cancels the HTTP stream at once on abort and ends with an aborted error keeping the partial text', async () => {
		llm.setScenario({ steps: [{ text: 'one two three four five six seven eight nine ten', chunkDelayMs: 60 }] });
		const controller = new AbortController();
		const model = await createProvider(config());
		let abortedAt = 0;
		const pending = model.streamTurn(
			{ system: '', messages: ask, tools },
			{
				signal: controller.signal,
				onEvent: (event) => {
					if (event.type !== 'text-delta') return;
					abortedAt = performance.now();
					controller.abort();
				}
			}
		);
		const error = await rejection(pending);
		expect(performance.now() - abortedAt).toBeLessThan(50);
		expect(error.code).toBe('aborted');
		expect((error.details as { partial: ChatMessage }).partial.content).toEqual([{ type: 'text', text: 'one ' }]);
		await expect.poll(() => llm.requests.at(-1)!.clientClosed).toBe(true);
	});

	it('does not retry a stream cut after content was shown, and says so clearly', async () => {
		llm.setScenario({ steps: [{ text: 'alpha beta gamma delta', cutAfterEvents: 4 }, { text: 'not reached' }] });
		const before = chatCount();
		const error = await rejection((await createProvider(config())).streamTurn({ system: '', messages: ask, tools }));
		expect(error.code).toBe('provider_stream');
		expect(error.message).toMatch(/broke off before it was complete.*send the message again/);
		expect((error.details as { partial: { content: unknown[] } }).partial.content.length).toBe(1);
		expect(chatCount() - before).toBe(1);
	});

	it('retries a stream cut before any content and completes', async () => {
		llm.setScenario({ steps: [{ text: 'lost', cutAfterEvents: 1 }, { text: 'Second try.' }] });
		const { onEvent, of } = recorder();
		const turn = await (await createProvider(config())).streamTurn({ system: '', messages: ask, tools }, { onEvent });
		expect(turn.message.content).toEqual([{ type: 'text', text: 'Second try.' }]);
		expect(of('retry')).toHaveLength(1);
		expect(
			of('text-delta')
				.map((event) => event.text)
				.join('')
		).toBe('Second try.');
	});

	it('retries an error event sent before any content, and completes', async () => {
		llm.setScenario({ steps: [{ text: 'lost', streamError: { afterEvents: 1 } }, { text: 'Recovered.' }] });
		const { onEvent, of } = recorder();
		const turn = await (await createProvider(config())).streamTurn({ system: '', messages: ask, tools }, { onEvent });
		expect(turn.message.content).toEqual([{ type: 'text', text: 'Recovered.' }]);
		expect(of('retry')).toHaveLength(1);
	});

	it('ends with a clear error when the provider reports an error mid-answer', async () => {
		llm.setScenario({
			steps: [
				{ text: 'one two three four', streamError: { afterEvents: 4, message: 'model crashed' } },
				{ text: 'not reached' }
			]
		});
		const before = chatCount();
		const error = await rejection((await createProvider(config())).streamTurn({ system: '', messages: ask, tools }));
		expect(error.code).toBe(provider === 'anthropic' ? 'provider_overloaded' : 'provider_stream');
		expect(error.message).toMatch(
			provider === 'anthropic' ? /is overloaded — try again in a minute/ : /error while streaming: model crashed/
		);
		expect(chatCount() - before).toBe(1);
	});

	it('says at once that a local endpoint is unreachable: a refused connection is not retried', async () => {
		const port = await freePort();
		const { onEvent, of } = recorder();
		const error = await rejection(
			(
				await createProvider(
					config({ baseUrl: `http://127.0.0.1:${port}/v1`, retry: { maxRetries: 1, baseDelayMs: 1 } })
				)
			).streamTurn({ system: '', messages: ask, tools }, { onEvent })
		);
		expect(error.code).toBe('provider_network');
		expect(error.message).toContain(
			`endpoint unreachable at http://127.0.0.1:${port}/v1 — is the local server running`
		);
		expect(of('retry')).toHaveLength(0);
	});

	it('sends no auth header to a local endpoint without a key', async () => {
		const open = await startFakeLlm({ scenario: { steps: [{ text: 'Local.' }] } });
		try {
			const turn = await (
				await createProvider(
					config({ baseUrl: provider === 'openai' ? `${open.url}/v1` : open.url, apiKey: undefined })
				)
			).streamTurn({ system: '', messages: ask, tools });
			expect(turn.message.content).toEqual([{ type: 'text', text: 'Local.' }]);
			expect(open.requests[0].authenticated).toBe(false);
		} finally {
			await open.close();
		}
	});

	it('refuses to start without a key for a remote endpoint', async () => {
		await expect(createProvider({ provider, model: 'm' })).rejects.toMatchObject({
			code: 'provider_auth',
			message: expect.stringMatching(/needs an API key — add one in Settings/)
		});
	});
});
