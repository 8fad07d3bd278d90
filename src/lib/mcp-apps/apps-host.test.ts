import { describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '$lib/agent/events';
import type { DirectCallOutcome, DirectCallRequest } from '$lib/agent/dispatch/direct-call';
import { withAppTools } from '$lib/agent/tools/app-tools';
import { buildToolRegistry } from '$lib/agent/tools/registry';
import type { ToolLayer } from '$lib/agent/types';
import { buildLayer } from '$lib/mcp';
import type { ToolCallResult, ToolDefinition } from '$lib/shared';
import { McpAppsHost, type HostConnection } from './apps-host';

const schema = { type: 'object' as const };
const tools: ToolDefinition[] = [
	{ name: 'get-time', inputSchema: schema, _meta: { ui: { resourceUri: 'ui://time/view.html' } } },
	{ name: 'poll', inputSchema: schema, _meta: { ui: { visibility: ['app'] } } },
	{ name: 'plain', inputSchema: schema }
];

/** What the page's tool hub offers the host: the registries of these layers. */
function registries(layers: ToolLayer[]) {
	return {
		ready: async () => undefined,
		registry: buildToolRegistry(layers),
		appRegistry: buildToolRegistry(layers.map(withAppTools))
	};
}

function setup(options: { fail?: boolean } = {}) {
	const calls: { name: string; args: Record<string, unknown> }[] = [];
	const connection: HostConnection = {
		name: 'clock',
		url: 'http://127.0.0.1:1/mcp',
		protocol: 'mcp',
		status: 'connected',
		tools,
		listTools: async () => tools,
		async callTool(name, args) {
			calls.push({ name, args });
			if (options.fail) throw new Error('server went away');
			return { content: [{ type: 'text', text: `${name} done` }] } satisfies ToolCallResult;
		},
		withClient: async () => {
			throw new Error('not used');
		}
	};
	const widgets: { type: string; params: Record<string, unknown> }[] = [];
	const updates: { id: string; patch: Record<string, unknown> }[] = [];
	const records = new Map<string, { type: string; params: Record<string, unknown> }>();
	const direct: DirectCallRequest[] = [];
	const sent: string[] = [];
	const host: McpAppsHost = new McpAppsHost({
		connections: () => [connection],
		serverConnected: () => true,
		tools: registries([buildLayer({ serverName: 'clock', serverUrl: 'http://127.0.0.1:1/mcp', tools })]),
		async callTool(request): Promise<DirectCallOutcome> {
			direct.push(request);
			// The agent's call path reaches the observed server, as the dispatcher does.
			const result: ToolCallResult = await host
				.observe(connection)
				.callTool(request.tool.replace(/^clock_mcp_/, ''), request.args);
			return { ok: true, callId: 'app_1', result, elapsedMs: 1 };
		},
		canvas: {
			callbacks: {
				onWidget(type, params) {
					widgets.push({ type, params });
					records.set(`w${widgets.length}`, { type, params });
					return { id: `w${widgets.length}` };
				}
			},
			validator: {
				load: async () => undefined,
				check: (_type, params) => ({ ok: true, value: params as Record<string, unknown> })
			},
			store: {
				get: (id) => records.get(id),
				update(id, params) {
					const before = records.get(id)!;
					updates.push({
						id,
						patch: Object.fromEntries(Object.entries(params).filter(([key]) => before.params[key] !== params[key]))
					});
					records.set(id, { ...before, params });
				},
				remove: (id) => void records.delete(id)
			}
		},
		send: (text) => sent.push(text),
		busy: () => false,
		record: () => undefined,
		theme: () => 'light'
	});
	return { host, connection, calls, widgets, updates, direct, sent };
}

describe('McpAppsHost', () => {
	it('opens a view for a call of a tool with a UI resource, then gives it the result', async () => {
		const { host, connection, widgets, updates } = setup();
		const result = await host.observe(connection).callTool('get-time', { zone: 'UTC' });
		expect(result.content[0]).toEqual({ type: 'text', text: 'get-time done' });
		expect(widgets).toEqual([
			{
				type: 'mcp-app',
				params: expect.objectContaining({
					server: 'clock',
					tool: 'get-time',
					resource: 'ui://time/view.html',
					toolInput: { zone: 'UTC' }
				})
			}
		]);
		expect(updates).toEqual([{ id: 'w1', patch: { toolResult: result } }]);
		expect(host.fullResult('w1')).toBe(result);
	});

	it('opens nothing for tools without a view', async () => {
		const { host, connection, widgets } = setup();
		await host.observe(connection).callTool('plain', {});
		expect(widgets).toEqual([]);
	});

	it('marks the view cancelled when the call fails, and rethrows', async () => {
		const { host, connection, updates } = setup({ fail: true });
		await expect(host.observe(connection).callTool('get-time', {})).rejects.toThrow('server went away');
		expect(updates).toEqual([{ id: 'w1', patch: { cancelled: 'server went away' } }]);
	});

	it("runs a view's calls through the agent's path as origin app, without opening another view", async () => {
		const { host, widgets, direct } = setup();
		const result = await host.callTool({ widgetId: 'w0', server: 'clock', tool: 'get-time', args: {} });
		expect(result.content[0]).toEqual({ type: 'text', text: 'get-time done' });
		await host.callTool({ widgetId: 'w0', server: 'clock', tool: 'poll', args: {} });
		expect(direct.map((request) => [request.tool, request.origin])).toEqual([
			['clock_mcp_get-time', 'app'],
			['clock_mcp_poll', 'app']
		]);
		expect(widgets).toEqual([]);
	});

	it('sends a view message to the chat, once the user agreed, marked and with the views’ latest model context, at most one every 2 s', async () => {
		const { host, sent } = setup();
		host.setModelContext('w1', 'clock', 'selected: 12:00');
		const asked: string[] = [];
		const ask = async (text: string) => (asked.push(text), 'once' as const);
		expect(await host.sendMessage({ widgetId: 'w1', server: 'clock', text: 'What time is it?', ask })).toEqual({
			ok: true
		});
		expect(asked).toEqual(['What time is it?']);
		expect(sent).toEqual([
			'[Message from the view of "clock"] What time is it?\n\n[Context from the view of "clock": selected: 12:00]'
		]);
		expect(await host.sendMessage({ widgetId: 'w1', server: 'clock', text: 'again', ask })).toMatchObject({
			ok: false
		});
		expect(host.withModelContext('next')).toBe('next');
	});

	it('sends nothing the user did not agree to, and nothing when it cannot ask', async () => {
		const { host, sent } = setup();
		expect(await host.sendMessage({ widgetId: 'w1', server: 'clock', text: 'spam', ask: async () => 'deny' })).toEqual({
			ok: false,
			error: 'the user declined to send this message'
		});
		expect(await host.sendMessage({ widgetId: 'w2', server: 'clock', text: 'spam' })).toMatchObject({ ok: false });
		expect(sent).toEqual([]);
	});
});

describe('McpAppsHost with calls the model is still writing', () => {
	const delta = (callId: string, name: string, json: string): AgentEvent => ({
		type: 'tool-input-delta',
		at: 1,
		turnId: 't1',
		iteration: 1,
		callId,
		name,
		json
	});
	const caller = (callId: string) => ({ caller: { callId, turnId: 't1', origin: 'model' as const } });

	it('opens the view as soon as the name is known, keeps the latest partial input, and the call takes that widget over', async () => {
		const { host, connection, widgets, updates } = setup();
		host.agentEvent(delta('c1', 'clock_mcp_get-time', ''));
		host.agentEvent(delta('c1', 'clock_mcp_get-time', '{"zone":"Eu'));
		host.agentEvent(delta('c1', 'clock_mcp_get-time', '{"zone":"Europe/Ams'));
		await vi.waitFor(() => expect(widgets).toHaveLength(1));
		expect(widgets[0].params).toMatchObject({
			server: 'clock',
			tool: 'get-time',
			resource: 'ui://time/view.html',
			toolInput: {},
			inputPending: true
		});
		await vi.waitFor(() => expect(host.partialInput('w1')).toEqual({ zone: 'Europe/Ams' }));
		const result = await host.observe(connection).callTool('get-time', { zone: 'Europe/Amsterdam' }, caller('c1'));
		expect(widgets).toHaveLength(1);
		expect(updates).toEqual([
			{ id: 'w1', patch: { toolInput: { zone: 'Europe/Amsterdam' }, inputPending: false } },
			{ id: 'w1', patch: { toolResult: result } }
		]);
		expect(host.partialInput('w1')).toBeUndefined();
		host.agentEvent({
			type: 'done',
			at: 2,
			turnId: 't1',
			reason: 'end_turn',
			iterations: 1,
			toolCalls: 1,
			usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
			elapsedMs: 1
		});
		await new Promise((resolve) => setTimeout(resolve, 10));
		expect(updates).toHaveLength(2);
	});

	it('cancels a view saved while its call was still being written (the page was reloaded)', async () => {
		const { host, connection, updates } = setup();
		await host.observe(connection).callTool('get-time', {});
		const params = {
			server: 'clock',
			tool: 'get-time',
			resource: 'ui://time/view.html',
			toolInput: {},
			inputPending: true
		};
		const handle = await host.mount(
			'w1',
			{} as HTMLElement,
			params,
			() => undefined,
			async () => false
		);
		await vi.waitFor(() =>
			expect(updates.at(-1)).toEqual({
				id: 'w1',
				patch: { cancelled: 'The page was reloaded before the call was made.' }
			})
		);
		handle!.dispose();
	});

	it('never lets a mount whose widget went away while the view code loaded replace the live one', async () => {
		const { host } = setup();
		const params = { server: 'clock', tool: 'get-time', resource: 'ui://time/view.html', toolInput: {} };
		const states: string[][] = [[], []];
		// The widget mounts, goes away at once (its component re-created), and mounts again.
		const first = new AbortController();
		const stale = host.mount(
			'w1',
			{} as HTMLElement,
			params,
			(state) => states[0].push(state.phase),
			async () => false,
			first.signal
		);
		first.abort();
		const live = await host.mount(
			'w1',
			{} as HTMLElement,
			params,
			(state) => states[1].push(state.phase),
			async () => false,
			new AbortController().signal
		);
		expect(await stale).toBeUndefined();
		expect(states[0]).toEqual([]);
		// The live view goes on: after the sandbox lookup it reaches its next stage.
		await vi.waitFor(() => expect(states[1].length).toBeGreaterThan(1));
		live!.dispose();
	});

	it('opens nothing for a streaming call of a tool without a view', async () => {
		const { host, widgets } = setup();
		host.agentEvent(delta('c2', 'clock_mcp_plain', '{"a":1'));
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(widgets).toEqual([]);
	});

	/** A host whose get-time View has opened for the call `callId` while its arguments stream in. */
	async function viewOpenedBy(callId: string, partialArgs: string) {
		const opened = setup();
		opened.host.agentEvent(delta(callId, 'clock_mcp_get-time', partialArgs));
		await vi.waitFor(() => expect(opened.widgets).toHaveLength(1));
		return opened;
	}

	it('tells the view its call will not run when the turn is stopped mid-stream', async () => {
		const { host, updates } = await viewOpenedBy('c3', '{"zone":"U');
		host.agentEvent({
			type: 'done',
			at: 2,
			turnId: 't1',
			reason: 'aborted',
			iterations: 1,
			toolCalls: 0,
			usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
			elapsedMs: 1
		});
		await vi.waitFor(() =>
			expect(updates).toEqual([{ id: 'w1', patch: { cancelled: 'The turn was stopped before the call was made.' } }])
		);
		expect(host.partialInput('w1')).toBeUndefined();
	});

	it('tells the view when its call was refused before it ran', async () => {
		const { host, updates } = await viewOpenedBy('c4', '{}');
		host.agentEvent({
			type: 'tool-error',
			at: 2,
			turnId: 't1',
			iteration: 1,
			callId: 'c4',
			name: 'clock_mcp_get-time',
			resolvedName: 'clock_mcp_get-time',
			error: 'The user denied the call.',
			code: 'denied',
			result: '',
			elapsedMs: 0
		});
		await vi.waitFor(() =>
			expect(updates).toEqual([{ id: 'w1', patch: { cancelled: 'The call did not run: The user denied the call.' } }])
		);
	});

	/** A host with no servers whose sandbox lookup goes to `fetch`. */
	function sandboxHost(fetch: typeof globalThis.fetch): McpAppsHost {
		return new McpAppsHost({
			connections: () => [],
			serverConnected: () => false,
			tools: registries([]),
			callTool: async () => ({ ok: false, callId: 'x', error: 'unused', elapsedMs: 0 }),
			canvas: {
				callbacks: {},
				validator: { load: async () => undefined, check: () => ({ ok: false }) },
				store: { get: () => undefined, update: () => undefined, remove: () => undefined }
			},
			send: () => undefined,
			busy: () => false,
			record: () => undefined,
			theme: () => 'light',
			fetch
		});
	}

	it("asks the app's server where the sandbox is once, and again after a failed lookup", async () => {
		const answers: (() => Promise<Response>)[] = [
			() => Promise.reject(new TypeError('Failed to fetch')),
			async () => Response.json({ sandboxOrigin: 'http://127.0.0.1:4174' }),
			async () => Response.json({ sandboxOrigin: 'http://elsewhere.invalid' })
		];
		const asked: string[] = [];
		const host = sandboxHost((async (input: RequestInfo | URL, init?: RequestInit) => {
			asked.push(String(input));
			expect(init?.signal).toBeInstanceOf(AbortSignal);
			return answers.shift()!();
		}) as typeof fetch);
		await expect(host.sandboxOrigin()).rejects.toThrow(
			/did not say where the sandbox is \(Failed to fetch\).*try again/
		);
		expect(await host.sandboxOrigin()).toBe('http://127.0.0.1:4174');
		expect(await host.sandboxOrigin()).toBe('http://127.0.0.1:4174');
		expect(asked).toEqual(['/api/mcp-apps', '/api/mcp-apps']);
	});

	it('takes a server without a sandbox endpoint (404) as one that serves no sandbox', async () => {
		const host = sandboxHost((async () => new Response('not found', { status: 404 })) as typeof fetch);
		expect(await host.sandboxOrigin()).toBeNull();
	});
});
