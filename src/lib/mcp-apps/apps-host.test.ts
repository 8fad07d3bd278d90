import { describe, expect, it } from 'vitest';
import type { DirectCallOutcome, DirectCallRequest } from '$lib/agent/direct-call';
import { buildLayer } from '$lib/mcp/layer';
import type { ToolCallResult, ToolDefinition } from '$lib/shared';
import { McpAppsHost, type HostConnection } from './apps-host';

const schema = { type: 'object' as const };
const tools: ToolDefinition[] = [
	{ name: 'get-time', inputSchema: schema, _meta: { ui: { resourceUri: 'ui://time/view.html' } } },
	{ name: 'poll', inputSchema: schema, _meta: { ui: { visibility: ['app'] } } },
	{ name: 'plain', inputSchema: schema }
];

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
		layers: () => [buildLayer({ serverName: 'clock', serverUrl: 'http://127.0.0.1:1/mcp', tools })],
		async callTool(request): Promise<DirectCallOutcome> {
			direct.push(request);
			// The agent's call path reaches the observed server, as the dispatcher does.
			const result: ToolCallResult = await host.observe(connection).callTool(request.tool.replace(/^clock_mcp_/, ''), request.args);
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
			validator: { load: async () => undefined, check: (_type, params) => ({ ok: true, value: params as Record<string, unknown> }) },
			store: {
				get: (id) => records.get(id),
				update(id, params) {
					const before = records.get(id)!;
					updates.push({ id, patch: Object.fromEntries(Object.entries(params).filter(([key]) => before.params[key] !== params[key])) });
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
		expect(widgets).toEqual([{ type: 'mcp-app', params: expect.objectContaining({ server: 'clock', tool: 'get-time', resource: 'ui://time/view.html', toolInput: { zone: 'UTC' } }) }]);
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

	it('sends a view message to the chat with the views’ latest model context, at most one every 2 s', async () => {
		const { host, sent } = setup();
		host.setModelContext('w1', 'clock', 'selected: 12:00');
		expect(await host.sendMessage({ widgetId: 'w1', server: 'clock', text: 'What time is it?' })).toEqual({ ok: true });
		expect(sent).toEqual(['What time is it?\n\n[Context from the view of "clock": selected: 12:00]']);
		expect(await host.sendMessage({ widgetId: 'w1', server: 'clock', text: 'again' })).toMatchObject({ ok: false });
		expect(host.withModelContext('next')).toBe('next');
	});
});
