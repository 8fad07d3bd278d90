/**
 * A display's source whose arguments bind canvas parameters (`{"$param": name}`): the data
 * call runs with the values the canvas binds, and the widget keeps the template.
 */
import { describe, expect, it } from 'vitest';
import { runAgentLoop } from '../loop/loop';
import { createMemoryToolServer, createMockProvider, lastToolResults } from '../testing';
import type { McpLayer, UiCallbacks, WebMcpLayer, WidgetCallMeta } from '../types';

function servers() {
	const data = createMemoryToolServer('cars', 'mcp', [
		{
			name: 'query',
			description: 'Cars of an origin',
			inputSchema: { type: 'object', properties: { sql: { type: 'string' }, params: { type: 'object' } } },
			handler: (args) => ({
				content: [
					{ type: 'text', text: JSON.stringify({ rows: [{ origin: (args.params as { origin: unknown }).origin }] }) }
				]
			})
		}
	]);
	const ui = createMemoryToolServer('panel', 'webmcp', [
		{
			name: 'show',
			description: 'Show a table',
			inputSchema: { type: 'object', properties: { params: { type: 'object' }, source: { type: 'object' } } },
			display: { kind: 'widget', references: 'params', source: 'source' },
			handler: (args) => ({
				content: [{ type: 'text', text: 'shown' }],
				structuredContent: { widget: 'table', data: args.params }
			})
		}
	]);
	const layers = [
		{ protocol: 'mcp', serverName: 'cars', tools: data.definitions } satisfies McpLayer,
		{ protocol: 'webmcp', serverName: 'panel', description: 'A panel', tools: ui.definitions } satisfies WebMcpLayer
	];
	return { data, ui, layers };
}

const source = {
	tool: 'cars_mcp_query',
	args: { sql: 'SELECT … WHERE ($origin IS NULL OR origin = $origin)', params: { origin: { $param: 'origin' } } }
};

describe('display sources that bind canvas parameters', () => {
	it('run with the bound values; the widget keeps the template', async () => {
		const { data, ui, layers } = servers();
		const shown: Array<{ params: Record<string, unknown>; meta: WidgetCallMeta }> = [];
		const callbacks: UiCallbacks = {
			onWidget: (_type, params, meta) => (shown.push({ params, meta }), { id: 'w_1' }),
			bindSourceArgs: (args) => ({
				ok: true,
				args: JSON.parse(JSON.stringify(args).replace('{"$param":"origin"}', '"Japan"'))
			})
		};
		const provider = createMockProvider([
			{
				toolCalls: [
					{ id: 'd1', name: 'panel_webmcp_show', input: { params: { rows: { $ref: 'source#/rows' } }, source } }
				]
			},
			{ text: 'Done.' }
		]);
		const result = await runAgentLoop('cars', { provider, layers, servers: [data, ui], lazy: false, callbacks });
		expect(result.reason).toBe('end_turn');
		expect(data.calls.map((call) => call.args)).toEqual([{ ...source.args, params: { origin: 'Japan' } }]);
		expect(shown[0].params).toEqual({ rows: [{ origin: 'Japan' }] });
		expect(shown[0].meta.source?.args).toEqual(source.args);
	});

	it("report a binding the canvas refuses as the display's error, without running the source", async () => {
		const { data, ui, layers } = servers();
		const provider = createMockProvider([
			{
				toolCalls: [
					{ id: 'd1', name: 'panel_webmcp_show', input: { params: { rows: { $ref: 'source#/rows' } }, source } }
				]
			},
			{ text: 'Done.' }
		]);
		const callbacks: UiCallbacks = {
			onWidget: () => ({ id: 'w_1' }),
			bindSourceArgs: () => ({ ok: false, error: 'source.args binds parameters wrongly: "a b"' })
		};
		await runAgentLoop('cars', { provider, layers, servers: [data, ui], lazy: false, callbacks });
		expect(data.calls).toEqual([]);
		expect(lastToolResults(provider.requests[1])[0].content).toContain('binds parameters wrongly');
	});
});
