import { describe, expect, it } from 'vitest';
import type { DirectCallRequest } from '$lib/agent';
import { routeAction, surfaceOrigin, type ActionRoutes } from './a2ui-actions';

const action = { widgetId: 'w1', surfaceId: 'form', componentId: 'save', name: 'save', context: { title: 'x' } };
const message = 'A2UI action "save" from save on surface form: {"title":"x"}';

function routes(tools: Record<string, string[]>) {
	const sent: string[] = [];
	const calls: DirectCallRequest[] = [];
	const value: ActionRoutes = {
		toolName: (server, tool) => (tools[server]?.includes(tool) ? `${server}_mcp_${tool}` : undefined),
		callTool: async (request) => {
			calls.push(request);
			return { ok: true, callId: 'c1', elapsedMs: 1 };
		},
		send: (text) => sent.push(text)
	};
	return { value, sent, calls };
}

describe('A2UI actions go back to where the surface came from', () => {
	it("calls the MCP server's action tool with the action's name and context (A2UI over MCP)", async () => {
		const { value, sent, calls } = routes({ notes: ['action', 'save'] });
		await routeAction(message, action, { kind: 'mcp', server: 'notes' }, value);
		expect(calls).toEqual([
			{ tool: 'notes_mcp_action', args: { name: 'save', context: { title: 'x' } }, origin: 'app' }
		]);
		expect(sent).toEqual([]);
	});

	it('never calls a tool named after the action, nor the old a2ui_action tool', async () => {
		const { value, sent, calls } = routes({ notes: ['save', 'a2ui_action'] });
		await routeAction(message, action, { kind: 'mcp', server: 'notes' }, value);
		expect(calls).toEqual([]);
		expect(sent).toEqual([message]);
	});

	it('sends a chat message for an agent surface, a model surface, and a server without an action tool', async () => {
		for (const origin of [{ kind: 'agent' } as const, undefined, { kind: 'mcp', server: 'bare' } as const]) {
			const { value, sent, calls } = routes({ bare: ['other'] });
			await routeAction(message, action, origin, value);
			expect(sent).toEqual([message]);
			expect(calls).toEqual([]);
		}
	});

	it('reads only a well-formed origin from the params', () => {
		expect(surfaceOrigin({ origin: { kind: 'mcp', server: 's' } })).toEqual({ kind: 'mcp', server: 's' });
		expect(surfaceOrigin({ origin: { kind: 'agent' } })).toEqual({ kind: 'agent' });
		expect(surfaceOrigin({ origin: { kind: 'mcp' } })).toBeUndefined();
		expect(surfaceOrigin(null)).toBeUndefined();
	});
});
