import { describe, expect, it } from 'vitest';
import { AutoUiError } from '$lib/shared';
import type { AgentEvent, AgentEventType } from '../events';
import { runAgentLoop } from './loop';
import { createAgentState } from './state';
import { createMockProvider, dataServer, delay, displayServer, withoutReferenceNote } from '../testing';
import type { ChatMessage, ToolResultBlock } from '../types';

const schema = { type: 'object', properties: {} };

/** Every tool_use has exactly one tool_result in the next message, and roles alternate from user. */
function expectValidHistory(messages: ChatMessage[]): void {
	messages.forEach((message, index) => expect(message.role).toBe(index % 2 === 0 ? 'user' : 'assistant'));
	messages.forEach((message, index) => {
		if (message.role !== 'assistant') return;
		const ids = message.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
		if (!ids.length) return;
		const next = messages[index + 1];
		const results = next.content
			.filter((block): block is ToolResultBlock => block.type === 'tool_result')
			.map((block) => block.tool_use_id);
		expect(results).toEqual(ids);
	});
}

describe('abort', () => {
	it('keeps partial text when the user stops mid-stream, and the next input continues validly', async () => {
		const controller = new AbortController();
		const provider = createMockProvider([{ text: ['Looking ', 'at the data'], hang: true }, { text: 'fresh answer' }]);
		const deltas: string[] = [];
		const run = runAgentLoop('q', {
			provider,
			layers: [],
			servers: [],
			signal: controller.signal,
			callbacks: { onText: (delta) => deltas.push(delta) }
		});
		await delay(20);
		controller.abort();
		const result = await run;
		expect(result.reason).toBe('aborted');
		expect(result.text).toBe('Looking at the data');
		expect(deltas).toEqual(['Looking ', 'at the data']);
		expect(result.messages.at(-1)).toEqual({
			role: 'assistant',
			content: [{ type: 'text', text: 'Looking at the data' }]
		});
		const next = await runAgentLoop('go on', { provider, layers: [], servers: [], history: result.messages });
		expect(next.text).toBe('fresh answer');
		expectValidHistory(provider.requests[1].messages);
	});

	it('gives every pending tool_use a "cancelled" result when the user stops during tool calls', async () => {
		const controller = new AbortController();
		const data = dataServer('Slow', [
			{ name: 'fast', description: 'f', inputSchema: schema, handler: () => 'fast done' },
			{
				name: 'slow',
				description: 's',
				inputSchema: schema,
				handler: (_args, options) => delay(5000, options.signal).then(() => 'late')
			},
			{ name: 'ignores_signal', description: 'i', inputSchema: schema, handler: () => new Promise(() => undefined) }
		]);
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'slow_mcp_fast' }, { name: 'slow_mcp_slow' }, { name: 'slow_mcp_ignores_signal' }] },
			{ text: 'next turn' }
		]);
		const events: AgentEvent[] = [];
		const run = runAgentLoop('q', {
			provider,
			layers: [data.layer],
			servers: [data.server],
			lazy: false,
			signal: controller.signal,
			onEvent: (event) => events.push(event)
		});
		await delay(50);
		controller.abort();
		const started = Date.now();
		const result = await run;
		expect(Date.now() - started).toBeLessThan(500);
		expect(result.reason).toBe('aborted');
		expectValidHistory(result.messages);
		const results = result.messages.at(-1)!.content as ToolResultBlock[];
		expect(results.map((block) => withoutReferenceNote(block.content))).toEqual([
			'fast done',
			expect.stringMatching(/^Cancelled/),
			expect.stringMatching(/^Cancelled/)
		]);
		expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'aborted' });
		const next = await runAgentLoop('try again', {
			provider,
			layers: [data.layer],
			servers: [data.server],
			history: result.messages
		});
		const sent = provider.requests[1].messages;
		expect(sent.at(-1)!.role).toBe('user');
		expect(sent.at(-1)!.content.at(-1)).toEqual({ type: 'text', text: 'try again' });
		expectValidHistory(sent);
		expect(next.reason).toBe('end_turn');
	});

	it('gives a result to calls still waiting for approval when the user stops', async () => {
		const controller = new AbortController();
		const data = dataServer('Repo', [
			{
				name: 'drop',
				description: 'd',
				inputSchema: schema,
				annotations: { destructiveHint: true },
				handler: () => 'dropped'
			}
		]);
		const provider = createMockProvider([{ toolCalls: [{ name: 'repo_mcp_drop' }, { name: 'repo_mcp_drop' }] }]);
		const run = runAgentLoop('q', {
			provider,
			layers: [data.layer],
			servers: [data.server],
			lazy: false,
			signal: controller.signal,
			callbacks: { requestApproval: () => new Promise(() => undefined) }
		});
		await delay(20);
		controller.abort();
		const result = await run;
		expectValidHistory(result.messages);
		expect(
			(result.messages.at(-1)!.content as ToolResultBlock[]).every((block) => /^Cancelled/.test(block.content))
		).toBe(true);
		expect(data.server.calls).toEqual([]);
	});

	it('does not call the provider when already aborted', async () => {
		const controller = new AbortController();
		controller.abort();
		const provider = createMockProvider([{ text: 'never' }]);
		const result = await runAgentLoop('q', { provider, layers: [], servers: [], signal: controller.signal });
		expect(result.reason).toBe('aborted');
		expect(provider.requests).toHaveLength(0);
		expect(result.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'q' }] }]);
	});
});

describe('stop conditions and failures', () => {
	it('stops at maxIterations with a valid history', async () => {
		const data = dataServer('Loop', [
			{
				name: 'again',
				description: 'a',
				inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
				handler: () => 'more'
			}
		]);
		const provider = createMockProvider(
			Array.from({ length: 5 }, (_, n) => ({ toolCalls: [{ name: 'loop_mcp_again', input: { n } }] }))
		);
		const result = await runAgentLoop('q', {
			provider,
			layers: [data.layer],
			servers: [data.server],
			lazy: false,
			maxIterations: 3
		});
		expect(result.reason).toBe('max_iterations');
		expect(result.iterations).toBe(3);
		expect(provider.requests).toHaveLength(3);
		expectValidHistory(result.messages);
	});

	it('ends with reason error and an error event when the provider fails, keeping the input for a retry', async () => {
		const provider = createMockProvider([
			{ error: new AutoUiError('provider_auth', 'The API key was rejected. Check it in settings.') },
			{ text: 'works now' }
		]);
		const events: AgentEvent[] = [];
		const result = await runAgentLoop('hello', {
			provider,
			layers: [],
			servers: [],
			onEvent: (event) => events.push(event)
		});
		expect(result.reason).toBe('error');
		expect(result.error).toEqual({ code: 'provider_auth', message: 'The API key was rejected. Check it in settings.' });
		expect(events.find((event) => event.type === 'error')).toMatchObject({ code: 'provider_auth' });
		const retry = await runAgentLoop('hello again', { provider, layers: [], servers: [], history: result.messages });
		expect(provider.requests[1].messages).toEqual([
			{
				role: 'user',
				content: [
					{ type: 'text', text: 'hello' },
					{ type: 'text', text: 'hello again' }
				]
			}
		]);
		expect(retry.text).toBe('works now');
	});

	it('reports max_tokens', async () => {
		const provider = createMockProvider([{ text: 'cut', stopReason: 'max_tokens' }]);
		expect((await runAgentLoop('q', { provider, layers: [], servers: [] })).reason).toBe('max_tokens');
	});

	it('gives duplicate or empty tool_use ids unique ids so results stay matched', async () => {
		const data = dataServer('D', [
			{
				name: 'a',
				description: 'a',
				inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
				handler: (args) => `r${args.n}`
			}
		]);
		const provider = createMockProvider([
			{
				toolCalls: [
					{ id: 'same', name: 'd_mcp_a', input: { n: 1 } },
					{ id: 'same', name: 'd_mcp_a', input: { n: 2 } }
				]
			},
			{ text: 'ok' }
		]);
		const result = await runAgentLoop('q', { provider, layers: [data.layer], servers: [data.server], lazy: false });
		expectValidHistory(result.messages);
		expect(
			(result.messages[2].content as ToolResultBlock[]).map((block) => withoutReferenceNote(block.content))
		).toEqual(['r1', 'r2']);
	});
});

describe('events', () => {
	it('emits every event type as plain JSON, with the exact request sent', async () => {
		const data = dataServer('Repo', [
			{ name: 'list_recipes', description: 'recipes', inputSchema: schema, handler: () => 'r' },
			{
				name: 'rows',
				description: 'rows',
				inputSchema: {
					type: 'object',
					properties: { n: { type: 'number' } },
					required: ['n'],
					oneOf: [{ required: ['n'] }]
				},
				handler: async (_args, options) => {
					options.onProgress?.({ progress: 1, total: 2, message: 'half' });
					return 'x'.repeat(2000);
				}
			},
			{
				name: 'drop',
				description: 'd',
				inputSchema: schema,
				annotations: { destructiveHint: true },
				handler: () => 'dropped'
			}
		]);
		const ui = displayServer();
		const events: AgentEvent[] = [];
		const provider = createMockProvider([
			{
				text: ['Let me ', 'look.'],
				retries: [{ attempt: 1, delayMs: 10, reason: 'overloaded', status: 529 }],
				toolCalls: [{ name: 'repo_mcp_list_recipes' }]
			},
			{ toolCalls: [{ name: 'repo_mcp_rows', input: { n: 1 } }, { name: 'repo_mcp_drop' }, { name: 'nope_mcp_x' }] },
			{ toolCalls: [{ name: 'repo_mcp_rows', input: { n: 1 } }] },
			{ toolCalls: [{ name: 'repo_mcp_rows', input: { n: 1 } }] },
			{ text: 'done' }
		]);
		const result = await runAgentLoop('q', {
			provider,
			layers: [data.layer, ui.layer],
			servers: [data.server, ui.server],
			onEvent: (event) => events.push(event),
			schemaProfile: 'strict',
			turnId: 't1',
			callbacks: { requestApproval: async () => 'deny' }
		});
		const types = new Set(events.map((event) => event.type));
		const all: AgentEventType[] = [
			'turn-start',
			'request',
			'text-delta',
			'response',
			'retry',
			'tool-call',
			'tool-progress',
			'tool-result',
			'tool-error',
			'activation',
			'compression',
			'schema-patch',
			'approval-request',
			'approval-decision',
			'warning',
			'done'
		];
		for (const type of all) expect(types, type).toContain(type);
		expect(events.every((event) => event.turnId === 't1' && typeof event.at === 'number')).toBe(true);
		expect(JSON.parse(JSON.stringify(events))).toEqual(events);
		const requests = events.filter((event) => event.type === 'request');
		requests.forEach((event, index) => {
			expect(event).toMatchObject({ iteration: index + 1, provider: 'anthropic', model: 'mock-model' });
			if (event.type === 'request') {
				expect({ system: event.system, tools: event.tools, messages: event.messages }).toEqual({
					system: provider.requests[index].system,
					tools: provider.requests[index].tools,
					messages: provider.requests[index].messages
				});
			}
		});
		expect(events.find((event) => event.type === 'retry')).toMatchObject({ iteration: 1, attempt: 1, status: 529 });
		expect(events[0].type).toBe('turn-start');
		expect(events.at(-1)).toMatchObject({ type: 'done', reason: 'end_turn', iterations: 5, toolCalls: 6 });
		expect(result.text).toBe('done');
	});

	it('keeps two loops apart: separate states share no activation, buffer or approvals', async () => {
		const a = dataServer('S', [{ name: 't', description: 't', inputSchema: schema, handler: () => 'a' }]);
		const stateA = createAgentState();
		const stateB = createAgentState();
		const providerA = createMockProvider([{ toolCalls: [{ id: 'x1', name: 's_mcp_t' }] }, { text: 'a' }]);
		const providerB = createMockProvider([{ toolCalls: [{ name: 'recall', input: { id: 'x1' } }] }, { text: 'b' }]);
		await Promise.all([
			runAgentLoop('a', { provider: providerA, layers: [a.layer], servers: [a.server], state: stateA }),
			runAgentLoop('b', { provider: providerB, layers: [a.layer], servers: [a.server], state: stateB })
		]);
		expect(stateA.activeServers.size).toBe(1);
		expect(stateB.activeServers.size).toBe(0);
		expect(stateB.results.has('x1')).toBe(false);
		expect((providerB.requests[1].messages.at(-1)!.content[0] as ToolResultBlock).content).toMatch(/No stored result/);
	});
});
