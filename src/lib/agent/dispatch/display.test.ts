/**
 * Display tools are what a WebMCP server declares, not names the agent knows; a reference
 * hands over the value stored beside the result's text (never parsed again).
 */
import { describe, expect, it } from 'vitest';
import { runAgentLoop } from '../loop/loop';
import { createAgentState } from '../loop/state';
import { savedResults } from '../session/conversation-storage';
import { createMemoryToolServer, createMockProvider, lastToolResults } from '../testing';
import type { McpLayer, WebMcpLayer } from '../types';

const rows = [
	{ city: 'Paris', people: 2.1 },
	{ city: 'Lyon', people: 0.5 }
];
const structured = { columns: [{ name: 'city' }, { name: 'people' }], rows };

function servers() {
	const data = createMemoryToolServer('towns', 'mcp', [
		{
			name: 'population',
			description: 'Population by city',
			inputSchema: { type: 'object', properties: {} },
			handler: () => ({ content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured })
		}
	]);
	const show = (args: Record<string, unknown>) => ({
		content: [{ type: 'text', text: 'shown' }],
		structuredContent: { widget: 'table', data: args.params }
	});
	const ui = createMemoryToolServer('panel', 'webmcp', [
		{
			name: 'show',
			description: 'Show a table',
			inputSchema: { type: 'object', properties: { params: { type: 'object' } } },
			display: { kind: 'widget', references: 'params' },
			handler: show
		},
		// Named like autoui's display tool, but not declared as one: an ordinary tool.
		{
			name: 'widget_display',
			description: 'Not a display tool here',
			inputSchema: { type: 'object', properties: { params: { type: 'object' } } },
			handler: show
		}
	]);
	const layers = [
		{ protocol: 'mcp', serverName: 'towns', tools: data.definitions } satisfies McpLayer,
		{ protocol: 'webmcp', serverName: 'panel', description: 'A panel', tools: ui.definitions } satisfies WebMcpLayer
	];
	return { data, ui, layers };
}

describe('display tools declared by their server', () => {
	it('bind references and reach the canvas under any name; an undeclared tool named widget_display does not', async () => {
		const { data, ui, layers } = servers();
		const shown: Array<{ type: string; params: Record<string, unknown> }> = [];
		const provider = createMockProvider([
			{ toolCalls: [{ id: 'q1', name: 'towns_mcp_population', input: {} }] },
			{
				toolCalls: [
					{ id: 's1', name: 'panel_webmcp_show', input: { params: { data: { $ref: 'q1#/rows' } } } },
					{ id: 's2', name: 'panel_webmcp_widget_display', input: { params: { data: { $ref: 'q1#/rows' } } } }
				]
			},
			{ text: 'Done.' }
		]);
		const state = createAgentState();
		const result = await runAgentLoop('towns', {
			provider,
			layers,
			servers: [data, ui],
			state,
			lazy: false,
			callbacks: { onWidget: (type, params) => (shown.push({ type, params }), { id: 'w_1' }) }
		});
		expect(result.reason).toBe('end_turn');
		expect(shown).toHaveLength(1);
		expect(shown[0].type).toBe('table');
		// The stored value itself: the rows the server answered, not a parse of their text.
		expect(shown[0].params.data).toBe(rows);
		expect(state.results.get('q1')?.value).toBe(structured);
		expect(ui.calls.map((call) => call.args)).toEqual([
			{ params: { data: rows } },
			{ params: { data: { $ref: 'q1#/rows' } } }
		]);
		const [display, ordinary] = lastToolResults(provider.requests[2]);
		expect(JSON.parse(display.content)).toEqual({ widget: 'table', id: 'w_1' });
		expect(ordinary.content).toBe(JSON.stringify({ widget: 'table', data: { data: { $ref: 'q1#/rows' } } }));
		// Display tools are offered from the start; the undeclared one waits for discovery.
		const lazy = createMockProvider([{ text: 'Hello.' }]);
		await runAgentLoop('hi', { provider: lazy, layers, servers: [data, ui] });
		const offered = lazy.requests[0].tools.map((tool) => tool.name);
		expect(offered).toContain('panel_webmcp_show');
		expect(offered).not.toContain('panel_webmcp_widget_display');
	});

	it('keep the value in memory only: a saved conversation stores the text', async () => {
		const { data, ui, layers } = servers();
		const state = createAgentState();
		await runAgentLoop('towns', {
			provider: createMockProvider([
				{ toolCalls: [{ id: 'q1', name: 'towns_mcp_population', input: {} }] },
				{ text: 'Done.' }
			]),
			layers,
			servers: [data, ui],
			state,
			lazy: false
		});
		expect(state.results.get('q1')).toMatchObject({ data: true, value: structured });
		expect(savedResults(state)).toEqual([
			[
				'q1',
				{
					text: JSON.stringify(structured),
					name: 'towns_mcp_population',
					size: JSON.stringify(structured).length,
					data: true
				}
			]
		]);
	});
});
