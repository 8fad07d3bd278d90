import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { AutoUiError, openKeyValueStore } from '$lib/shared';
import { Conversation, compactTextDeltas, type ConversationDeps } from './conversation';
import type { AgentEvent } from '../events';
import { createMemoryToolServer, createMockProvider, lastToolResults, type MockStep } from '../testing';
import type { McpLayer } from '../types';

const data = createMemoryToolServer('shop', 'mcp', [
	{
		name: 'delete_order',
		description: 'Delete an order',
		inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
		annotations: { destructiveHint: true },
		handler: (args) => ({ deleted: args.id })
	},
	{
		name: 'count_orders',
		description: 'Count orders',
		inputSchema: { type: 'object', properties: {} },
		annotations: { readOnlyHint: true },
		handler: () => ({ count: 42 })
	}
]);
const layer: McpLayer = { protocol: 'mcp', serverName: 'shop', tools: data.definitions };

function setup(script: MockStep[], extra: Partial<ConversationDeps> = {}) {
	const provider = createMockProvider(script);
	let changes = 0;
	const conversation = new Conversation({
		provider: async () => provider,
		tools: () => ({ layers: [layer], servers: [data] }),
		ui: {},
		loopOptions: () => ({ lazy: false }),
		onChange: () => changes++,
		...extra
	});
	return { conversation, provider, changes: () => changes };
}

function types(events: readonly AgentEvent[]): string[] {
	return events.map((event) => event.type);
}

describe('Conversation', () => {
	it('passes streaming-call events to listeners without keeping them in the conversation', async () => {
		const heard: AgentEvent[] = [];
		const { conversation } = setup([{ toolCalls: [{ name: 'shop_mcp_count_orders', input: {} }] }, { text: 'Done.' }], {
			onEvent: (event) => heard.push(event)
		});
		await conversation.send('How many orders?');
		const streaming = heard.filter((event) => event.type === 'tool-input-delta');
		const call = conversation.events.find((event) => event.type === 'tool-call');
		expect(streaming).toHaveLength(1);
		expect(streaming[0]).toMatchObject({
			name: 'shop_mcp_count_orders',
			json: '',
			callId: call && 'callId' in call ? call.callId : 'missing',
			iteration: 1
		});
		expect(heard.indexOf(streaming[0])).toBeLessThan(heard.findIndex((event) => event.type === 'tool-call'));
		expect(types(conversation.events)).not.toContain('tool-input-delta');
	});

	it('runs a turn, keeps a valid history and reports events in order', async () => {
		const { conversation, provider } = setup([
			{ toolCalls: [{ name: 'shop_mcp_count_orders', input: {} }] },
			{ text: ['There are ', '42 orders.'] }
		]);
		await conversation.send('How many orders?');
		expect(conversation.busy).toBe(false);
		expect(types(conversation.events)[0]).toBe('turn-start');
		expect(types(conversation.events).at(-1)).toBe('done');
		expect(conversation.events.some((event) => event.type === 'tool-result')).toBe(true);
		expect(conversation.history.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
		// The second request carried the tool result the first call produced.
		expect(JSON.stringify(provider.requests[1].messages)).toContain('42');
	});

	it('stops mid-stream, and the next message still produces a valid request', async () => {
		const { conversation, provider } = setup([{ text: 'Thinking about', hang: true }, { text: 'Fine.' }]);
		const running = conversation.send('Tell me a long story');
		await new Promise((resolve) => setTimeout(resolve, 30));
		expect(conversation.busy).toBe(true);
		conversation.stop();
		await running;
		const done = conversation.events.findLast((event) => event.type === 'done');
		expect(done && done.type === 'done' && done.reason).toBe('aborted');
		await conversation.send('Short one then');
		const roles = provider.requests[1].messages.map((message) => message.role);
		for (let index = 1; index < roles.length; index++) expect(roles[index]).not.toBe(roles[index - 1]);
		expect(roles.at(-1)).toBe('user');
	});

	it('retries the last turn in place and edits an earlier one', async () => {
		const { conversation, provider } = setup([{ text: 'A' }, { text: 'B' }, { text: 'C' }]);
		await conversation.send('first');
		await conversation.retry();
		const starts = conversation.events.filter((event) => event.type === 'turn-start');
		expect(starts).toHaveLength(1);
		expect(conversation.history).toHaveLength(2);
		expect(provider.requests[1].messages).toHaveLength(1);
		const turnId = starts[0].turnId;
		await conversation.edit(turnId, 'first, edited');
		expect(provider.requests[2].messages[0]).toEqual({
			role: 'user',
			content: [{ type: 'text', text: 'first, edited' }]
		});
		expect(conversation.events.filter((event) => event.type === 'turn-start')).toHaveLength(1);
	});

	it('waits for approval of a destructive tool and passes a denial to the model', async () => {
		const { conversation, provider } = setup([
			{ toolCalls: [{ id: 'call_1', name: 'shop_mcp_delete_order', input: { id: 'o1' } }] },
			{ text: 'Not deleted.' }
		]);
		const running = conversation.send('Delete order o1');
		await expect.poll(() => conversation.isPending('call_1')).toBe(true);
		conversation.decide('call_1', 'deny');
		await running;
		expect(data.calls.some((call) => call.name === 'delete_order')).toBe(false);
		expect(JSON.stringify(provider.requests[1].messages)).toMatch(/denied/i);
	});

	it('reports a provider that cannot be created as an error turn, keeping the input', async () => {
		const { conversation } = setup([], {
			provider: async () => {
				throw new AutoUiError('provider_auth', 'No API key — open Settings.');
			}
		});
		await conversation.send('hello');
		expect(types(conversation.events)).toEqual(['turn-start', 'error', 'done']);
		expect(conversation.history).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hello' }] }]);
	});

	it('re-runs a logged call against its server', async () => {
		const { conversation } = setup([
			{ toolCalls: [{ id: 'c1', name: 'shop_mcp_count_orders', input: {} }] },
			{ text: 'ok' }
		]);
		await conversation.send('count');
		const rerun = await conversation.rerun('c1');
		expect(rerun.isError).toBe(false);
		expect(rerun.result).toContain('42');
		await expect(conversation.rerun('nope')).rejects.toThrow(/No tool call/);
	});

	it('persists history and events, and skips a corrupt saved state', async () => {
		const store = openKeyValueStore({ dbName: `test-${Math.random()}` });
		const first = setup([{ text: ['Hel', 'lo'] }], { store });
		await first.conversation.send('hi');
		await first.conversation.flush();
		const second = setup([], { store });
		expect(await second.conversation.restore()).toBeNull();
		expect(second.conversation.history).toEqual(first.conversation.history);
		expect(second.conversation.events.filter((event) => event.type === 'text-delta')).toHaveLength(1);

		await store.set('chat.v1', { version: 99 });
		const third = setup([], { store });
		expect(await third.conversation.restore()).toMatch(/unknown format/);
		expect(third.conversation.events).toHaveLength(0);
	});
});

describe('Conversation after a reload', () => {
	it('offers the tools the restored history used, in the same order', async () => {
		const store = openKeyValueStore({ dbName: `test-${Math.random()}` });
		const lazy = { loopOptions: () => ({ lazy: true }), store };
		const first = setup(
			[{ toolCalls: [{ name: 'shop_mcp_count_orders', input: {} }] }, { text: 'There are 42.' }, { text: 'Still 42.' }],
			lazy
		);
		await first.conversation.send('How many orders?');
		await first.conversation.send('And now?');
		await first.conversation.flush();
		const offered = (request: { tools: Array<{ name: string }> }) => request.tools.map((tool) => tool.name);
		const beforeReload = offered(first.provider.requests[2]);
		expect(beforeReload).toContain('shop_mcp_count_orders');

		const second = setup([{ text: 'Again 42.' }], lazy);
		expect(await second.conversation.restore()).toBeNull();
		await second.conversation.send('Once more?');
		const afterReload = second.provider.requests[0];
		expect(offered(afterReload)).toEqual(beforeReload);
		expect(JSON.stringify(afterReload.messages)).toContain('shop_mcp_count_orders');
	});

	it('recalls a full result produced before the reload', async () => {
		const store = openKeyValueStore({ dbName: `test-${Math.random()}` });
		const rows = Array.from({ length: 400 }, (_, index) => ({ order: `o${index}`, total: index * 3 }));
		const big = createMemoryToolServer('big', 'mcp', [
			{
				name: 'all_orders',
				description: 'All orders',
				inputSchema: { type: 'object', properties: {} },
				annotations: { readOnlyHint: true },
				handler: () => ({ rows })
			}
		]);
		const bigLayer: McpLayer = { protocol: 'mcp', serverName: 'big', tools: big.definitions };
		const tools = () => ({ layers: [bigLayer], servers: [big] });
		const first = setup(
			[{ toolCalls: [{ id: 'c_all', name: 'big_mcp_all_orders', input: {} }] }, { text: 'Many orders.' }],
			{ store, tools }
		);
		await first.conversation.send('List every order');
		await first.conversation.flush();
		// The model saw a truncated result; the full one stays recallable across the reload.
		expect(JSON.stringify(first.provider.requests[1].messages)).toContain('recall');

		const second = setup([{ toolCalls: [{ name: 'recall', input: { id: 'c_all' } }] }, { text: 'ok' }], {
			store,
			tools
		});
		expect(await second.conversation.restore()).toBeNull();
		await second.conversation.send('Show the last order again');
		const recalled = lastToolResults(second.provider.requests[1])[0];
		expect(recalled.is_error).not.toBe(true);
		// A recall pages through the full result: its header gives the full length.
		const full = JSON.stringify({ rows }).length;
		expect(recalled.content).toMatch(new RegExp(`^\\[recall c_all: characters 0–\\d+ of ${full}`));
		expect(recalled.content).toContain('"order":"o0"');
	});

	it('restores a conversation saved without agent state', async () => {
		const store = openKeyValueStore({ dbName: `test-${Math.random()}` });
		await store.set('chat.v1', { version: 1, history: [], events: [], turns: [] });
		const { conversation, provider } = setup([{ text: 'hi' }], { store, loopOptions: () => ({ lazy: true }) });
		expect(await conversation.restore()).toBeNull();
		await conversation.send('hello');
		expect(provider.requests[0].tools.map((tool) => tool.name)).not.toContain('shop_mcp_count_orders');
	});
});

describe('compactTextDeltas', () => {
	it('merges deltas of one iteration only', () => {
		const base = { at: 1, turnId: 't' };
		const merged = compactTextDeltas([
			{ ...base, type: 'text-delta', iteration: 1, text: 'a' },
			{ ...base, type: 'text-delta', iteration: 1, text: 'b' },
			{ ...base, type: 'text-delta', iteration: 2, text: 'c' }
		]);
		expect(merged.map((event) => (event.type === 'text-delta' ? event.text : ''))).toEqual(['ab', 'c']);
	});

	it('switches to a conversation saved under another key and back, never overwriting a saved chat with an empty one', async () => {
		const store = openKeyValueStore({ dbName: 'switch-test' });
		const first = setup([{ text: 'First answer.' }, { text: 'Second answer.' }], { store });
		await first.conversation.send('First question');
		await first.conversation.flush();
		expect(await first.conversation.switchTo('chat.v1:b')).toBeNull();
		expect(first.conversation.events).toEqual([]);
		await first.conversation.send('Second question');
		await first.conversation.switchTo('chat.v1');
		expect(first.conversation.history[0]).toMatchObject({
			role: 'user',
			content: [{ type: 'text', text: 'First question' }]
		});

		// A fresh page starts on the default key, then switches: the empty start saves nothing.
		const reloaded = setup([], { store });
		await reloaded.conversation.switchTo('chat.v1:b');
		expect(reloaded.conversation.history[0]).toMatchObject({ content: [{ type: 'text', text: 'Second question' }] });
		await reloaded.conversation.switchTo('chat.v1');
		expect(reloaded.conversation.history).toHaveLength(2);
	});

	it('reports a save that failed (storage full) instead of swallowing it', async () => {
		const failures: string[] = [];
		const full = {
			get: async () => undefined,
			set: async () => {
				throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
			},
			delete: async () => undefined,
			close: () => undefined
		};
		const { conversation } = setup([{ text: 'Answer.' }], {
			store: full,
			onSaveError: (message) => failures.push(message)
		});
		await conversation.send('Question');
		await conversation.flush();
		expect(failures[0]).toMatch(/could not be saved \(The quota has been exceeded\.\)/);
		expect(conversation.history).toHaveLength(2);
	});

	it('re-running an autoui display call is not a data-changing action; an unannotated data tool is', async () => {
		const display = createMemoryToolServer('autoui', 'webmcp', [
			{
				name: 'widget_display',
				description: 'Show a widget',
				inputSchema: { type: 'object', properties: {} },
				handler: () => ({ widget: 'stat', data: {} })
			}
		]);
		const { conversation } = setup(
			[
				{
					toolCalls: [
						{ name: 'autoui_webmcp_widget_display', input: {} },
						{ name: 'shop_mcp_delete_order', input: { id: '1' } }
					]
				},
				{ text: 'Done.' }
			],
			{
				tools: () => ({
					layers: [
						{ protocol: 'webmcp', serverName: 'autoui', description: 'Display', tools: display.definitions },
						layer
					],
					servers: [display, data]
				}),
				loopOptions: () => ({ lazy: false, policy: { approval: 'off' } })
			}
		);
		await conversation.send('Show it and delete order 1');
		const calls = conversation.events.filter((event) => event.type === 'tool-call');
		expect(calls.map((call) => [call.tool, conversation.isReadOnlyCall(call.callId)])).toEqual([
			['widget_display', true],
			['delete_order', false]
		]);
	});

	it('runs a call the model did not make through the same path: console events with origin, referenceable result, approval for a refresh of a non-read-only tool', async () => {
		const { conversation } = setup([]);
		const outcome = await conversation.callTool({ tool: 'shop_mcp_count_orders', args: {}, origin: 'manual' });
		expect(outcome).toMatchObject({ ok: true, value: { count: 42 }, result: { content: [{ type: 'text' }] } });
		const events = conversation.events.filter((event) => 'callId' in event && event.callId === outcome.callId);
		expect(events.map((event) => event.type)).toEqual(['tool-call', 'tool-result']);
		expect(events.every((event) => 'origin' in event && event.origin === 'manual')).toBe(true);

		// A refresh of a tool that is not read-only waits for the user.
		const refresh = conversation.callTool({
			tool: 'shop_mcp_delete_order',
			args: { id: '7' },
			origin: 'refresh',
			confirm: 'unless-read-only'
		});
		await expect
			.poll(() => conversation.events.some((event) => event.type === 'approval-request' && event.origin === 'refresh'))
			.toBe(true);
		const request = conversation.events.find(
			(event) => event.type === 'approval-request' && event.origin === 'refresh'
		);
		conversation.decide(request!.type === 'approval-request' ? request!.callId : '', 'deny');
		expect(await refresh).toMatchObject({ ok: false, code: 'denied' });

		// An unknown tool is an outcome, not a throw.
		expect(await conversation.callTool({ tool: 'shop_mcp_nope', args: {}, origin: 'manual' })).toMatchObject({
			ok: false,
			code: 'unknown_tool'
		});
	});
});
