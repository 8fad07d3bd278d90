import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { unwrapToolResult, type AgentEvent, type UiCallbacks } from '$lib/agent';
import type { ToolCallResult } from '$lib/shared';
import { AguiActivities, mcpAppParams, resultSurfaces } from './agui-activities';

const surface = [
	{
		version: 'v0.9',
		createSurface: { surfaceId: 's', catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json' }
	},
	{
		version: 'v0.9',
		updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'From the server' }] }
	}
];

function recorder() {
	const calls: Array<{ type: string; params: Record<string, unknown>; callId: string }> = [];
	const updates: Array<{ id: string; params: Record<string, unknown> }> = [];
	const ui: UiCallbacks = {
		onWidget: (type, params, meta) => {
			calls.push({ type, params, callId: meta.callId });
			return { id: `w${calls.length}` };
		},
		onUpdate: (id, params) => {
			updates.push({ id, params });
			return { ok: true };
		}
	};
	return { calls, updates, activities: new AguiActivities(() => ui) };
}

const base = { at: 1, turnId: 't1', iteration: 1 };

describe('AguiActivities', () => {
	it('draws an a2ui-surface activity and updates the same widget when it changes', async () => {
		const { calls, updates, activities } = recorder();
		const event = (operations: unknown[]): AgentEvent => ({
			...base,
			type: 'agui',
			name: 'ACTIVITY_SNAPSHOT',
			detail: '',
			data: { messageId: 'a1', activityType: 'a2ui-surface', content: { operations } }
		});
		activities.event(event(surface));
		activities.event(event([...surface, { deleteSurface: { surfaceId: 's' } }]));
		activities.event({
			...base,
			type: 'agui',
			name: 'ACTIVITY_SNAPSHOT',
			detail: '',
			data: { messageId: 'x', activityType: 'other', content: { operations: surface } }
		});
		await activities.settled();
		expect(calls).toEqual([
			{
				type: 'a2ui',
				params: { messages: surface, title: 'Agent surface', origin: { kind: 'agent' } },
				callId: 'agui-a1'
			}
		]);
		expect(updates).toEqual([{ id: 'w1', params: { messages: [...surface, { deleteSurface: { surfaceId: 's' } }] } }]);
	});

	it('draws the application/a2ui+json resource an MCP server returns', async () => {
		const server = new McpServer({ name: 'a2ui-fixture', version: '1.0.0' });
		server.registerTool('show_booking', { description: 'A booking form as A2UI' }, async () => ({
			content: [
				{ type: 'text', text: 'Here is the form.' },
				{
					type: 'resource',
					resource: { uri: 'a2ui://booking', mimeType: 'application/a2ui+json', text: JSON.stringify(surface) }
				},
				{ type: 'resource', resource: { uri: 'file://notes.txt', mimeType: 'text/plain', text: '{"not":"a surface"}' } }
			]
		}));
		const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
		const client = new Client({ name: 'test', version: '1.0.0' });
		await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
		const result = (await client.callTool({ name: 'show_booking', arguments: {} })) as ToolCallResult;
		const text = unwrapToolResult(result);
		expect(resultSurfaces(text)).toEqual([surface]);
		// The app's note after the result (its id for $ref) does not hide the surface.
		expect(resultSurfaces(`${text}\n\n[Result id: c1. To display this data …]`)).toEqual([surface]);

		const { calls, activities } = recorder();
		activities.event({
			...base,
			type: 'tool-result',
			callId: 'c1',
			name: 'fixture_mcp_show_booking',
			resolvedName: 'fixture_mcp_show_booking',
			tool: 'show_booking',
			server: 'fixture',
			result: text,
			elapsedMs: 1,
			size: text.length,
			truncated: false,
			recallId: 'r'
		});
		await activities.settled();
		// The widget remembers its server, so a button press calls that server's action tool.
		expect(calls).toEqual([
			{
				type: 'a2ui',
				params: { messages: surface, title: 'show_booking', origin: { kind: 'mcp', server: 'fixture' } },
				callId: 'c1'
			}
		]);
		await client.close();
	});

	it("shows the agent's latest state as a json widget on request and keeps it current", async () => {
		const { calls, updates, activities } = recorder();
		const state = (name: string, value: unknown): AgentEvent => ({
			...base,
			type: 'agui',
			name,
			detail: '',
			data: { state: value }
		});
		activities.event(state('STATE_SNAPSHOT', { count: 1 }));
		await activities.settled();
		expect(calls).toEqual([]);
		activities.showState({ count: 0 });
		await activities.settled();
		expect(calls).toEqual([
			{
				type: 'json',
				params: { data: { count: 1 }, title: "The agent's state", expandDepth: 3 },
				callId: calls[0]?.callId
			}
		]);
		activities.event(state('STATE_DELTA', { count: 2 }));
		await activities.settled();
		expect(updates).toEqual([{ id: 'w1', params: { data: { count: 2 }, title: "The agent's state", expandDepth: 3 } }]);
	});

	it('draws an mcp-apps activity as an mcp-app widget for that server, once per activity', async () => {
		const { calls, activities } = recorder();
		const content = {
			resourceUri: 'ui://weather/view.html',
			serverHash: 'abc123',
			serverId: 'weather-server',
			toolInput: { city: 'Oslo' },
			result: { content: [{ type: 'text', text: '4 °C' }] }
		};
		const event: AgentEvent = {
			...base,
			type: 'agui',
			name: 'ACTIVITY_SNAPSHOT',
			detail: '',
			data: { messageId: 'm1', activityType: 'mcp-apps', content }
		};
		activities.event(event);
		activities.event(event);
		await activities.settled();
		expect(calls).toEqual([
			{
				type: 'mcp-app',
				params: {
					server: 'weather-server',
					tool: 'weather',
					resource: 'ui://weather/view.html',
					toolInput: { city: 'Oslo' },
					toolResult: content.result,
					title: 'MCP App · weather-server'
				},
				callId: 'agui-m1'
			}
		]);
		expect(mcpAppParams({ resourceUri: 'https://evil.example/x', serverId: 's' })).toBeUndefined();
		// From an agent: `via` names it and the middleware's server, so the View can load through it.
		expect(mcpAppParams(content, 'http://agent.example/run')).toMatchObject({
			server: 'weather-server',
			via: { agent: 'http://agent.example/run', serverHash: 'abc123', serverId: 'weather-server' }
		});
		expect(mcpAppParams({ ...content, serverHash: undefined }, 'http://agent.example/run')).not.toHaveProperty('via');
		expect(mcpAppParams({ resourceUri: 'ui://x' })).toBeUndefined();
	});
});
