import { describe, expect, it } from 'vitest';
import type { AgentEvent, UiCallbacks } from '$lib/agent';
import { AguiActivities } from './agui-activities';

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
	it('draws a surface update, shows its generation status, and updates the same widget when it changes', async () => {
		const { calls, updates, activities } = recorder();
		const update = (messages: Array<Record<string, unknown>>, status?: { state: 'building' }): AgentEvent => ({
			...base,
			type: 'surface-update',
			key: 'a1',
			messages,
			...(status ? { status } : {})
		});
		activities.event(update([], { state: 'building' }));
		activities.event(update(surface));
		activities.event(update([...surface, { deleteSurface: { surfaceId: 's' } }]));
		await activities.settled();
		expect(calls).toEqual([
			{
				type: 'a2ui',
				params: { messages: [], title: 'Agent surface', origin: { kind: 'agent' }, status: { state: 'building' } },
				callId: 'agui-a1'
			}
		]);
		expect(updates).toEqual([
			{ id: 'w1', params: { messages: surface, status: { state: 'drawn' } } },
			{
				id: 'w1',
				params: { messages: [...surface, { deleteSurface: { surfaceId: 's' } }], status: { state: 'drawn' } }
			}
		]);
	});

	it('draws the surfaces the dispatcher lifted from a tool result, remembering the server', async () => {
		const { calls, activities } = recorder();
		activities.event({
			...base,
			type: 'tool-result',
			callId: 'c1',
			name: 'fixture_mcp_show_booking',
			resolvedName: 'fixture_mcp_show_booking',
			tool: 'show_booking',
			server: 'fixture',
			result: 'cut for the model',
			elapsedMs: 1,
			size: 10,
			truncated: true,
			recallId: 'r',
			surfaces: [{ uri: 'a2ui://booking', messages: surface }]
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
	});

	it("shows the agent's latest state as a json widget on request and keeps it current", async () => {
		const { calls, updates, activities } = recorder();
		const state = (value: unknown): AgentEvent => ({ ...base, type: 'state-change', state: value });
		activities.event(state({ count: 1 }));
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
		activities.event(state({ count: 2 }));
		await activities.settled();
		expect(updates).toEqual([{ id: 'w1', params: { data: { count: 2 }, title: "The agent's state", expandDepth: 3 } }]);
	});

	it('draws an opened View as an mcp-app widget, once per key', async () => {
		const { calls, activities } = recorder();
		const view = { server: 'weather-server', tool: 'weather', resource: 'ui://weather/view.html', toolInput: {} };
		const event: AgentEvent = { ...base, type: 'view-open', key: 'm1', view };
		activities.event(event);
		activities.event(event);
		await activities.settled();
		expect(calls).toEqual([{ type: 'mcp-app', params: view, callId: 'agui-m1' }]);
	});
});
