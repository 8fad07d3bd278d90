/**
 * Data by reference through the loop: a data call's result tells the model its id and shape,
 * widget_display binds it with {"$ref"} (the real autoui server validates the real rows), and
 * a wrong reference is a tool error that lists what exists.
 */
import { describe, expect, it } from 'vitest';
import { autoui } from '$lib/webmcp';
import { runAgentLoop } from '../loop/loop';
import { createAgentState } from '../loop/state';
import { createMemoryToolServer, createMockProvider, lastToolResults } from '../testing';
import type { AgentEvent } from '../events';
import type { McpLayer } from '../types';

const rows = Array.from({ length: 2_000 }, (_, index) => ({
	origin: ['USA', 'Europe', 'Japan'][index % 3],
	hp: 60 + (index % 150),
	mpg: 10 + (index % 35)
}));
const data = createMemoryToolServer('cars', 'mcp', [
	{
		name: 'query',
		description: 'Run a query',
		inputSchema: { type: 'object', properties: { sql: { type: 'string' } } },
		annotations: { readOnlyHint: true },
		handler: () => ({
			content: [
				{
					type: 'text',
					text: JSON.stringify({
						columns: [
							{ name: 'origin', type: 'VARCHAR' },
							{ name: 'hp', type: 'INTEGER' },
							{ name: 'mpg', type: 'INTEGER' }
						],
						rows
					})
				}
			]
		})
	}
]);
const layer: McpLayer = { protocol: 'mcp', serverName: 'cars', tools: data.definitions };

describe('references through the loop', () => {
	it('a 2,000-point scatter is displayed from a reference: the model never re-types a row', async () => {
		const widgets: Array<{ type: string; params: Record<string, unknown> }> = [];
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'cars_mcp_query', input: { sql: 'SELECT origin, hp, mpg FROM cars' } }] },
			(request) => {
				const [result] = lastToolResults(request, { raw: true });
				const id = /\[Result id: ([^.]+)\./.exec(result.content)?.[1];
				return {
					toolCalls: [
						{
							name: 'autoui_webmcp_widget_display',
							input: { name: 'scatter', params: { data: { $ref: `${id}#/rows` }, x: 'hp', y: 'mpg', color: 'origin' } }
						}
					]
				};
			},
			{
				toolCalls: [
					{
						name: 'autoui_webmcp_widget_display',
						input: { name: 'scatter', params: { data: { $ref: 'toolu_nope#/rows' }, x: 'hp', y: 'mpg' } }
					}
				]
			},
			{ text: 'Done.' }
		]);
		const state = createAgentState();
		const result = await runAgentLoop('horsepower against mpg', {
			provider,
			layers: [autoui.layer(), layer],
			servers: [autoui, data],
			state,
			lazy: false,
			callbacks: { onWidget: (type, params) => (widgets.push({ type, params }), { id: `w_${widgets.length}` }) }
		});
		expect(result.reason).toBe('end_turn');
		const [queried] = lastToolResults(provider.requests[1], { raw: true });
		expect(queried.content).toMatch(
			/\[Result id: [^.]+\. To display this data without copying it, use \{"\$ref": "[^"]+"\} or \{"\$ref": "[^"]+#\/rows"\} as a widget param\. Shape: 2,000 rows at \/rows; columns: origin \(VARCHAR\), hp \(INTEGER\), mpg \(INTEGER\)\.\]/
		);
		// The widget got every real row, validated by the widget's own schema.
		expect(widgets).toHaveLength(1);
		expect(widgets[0].type).toBe('scatter');
		expect(widgets[0].params.data).toEqual(rows);
		// What the model sent was a few dozen characters, not 2,000 rows.
		const displayCall = provider.requests[2].messages.at(-1);
		expect(JSON.stringify(provider.requests[2].messages).length).toBeLessThan(JSON.stringify(rows).length);
		expect(displayCall).toBeDefined();
		// A wrong id is a tool error naming the ids that exist.
		const [wrong] = lastToolResults(provider.requests[3]);
		expect(wrong.is_error).toBe(true);
		expect(wrong.content).toMatch(
			/Unresolved references in params: \/data: no result "toolu_nope" in this conversation; results you can reference: /
		);
		// Display results are not referenceable data.
		expect(state.results.ids().filter((id) => state.results.get(id)?.data)).toHaveLength(1);
	});
});

describe('widget_display with a source', () => {
	it('fetches and displays in one request, keeps the source on the widget, and refuses sources that are not data tools', async () => {
		const widgets: Array<{ type: string; params: Record<string, unknown>; source?: unknown; dataFrom?: string[] }> = [];
		const events: AgentEvent[] = [];
		const provider = createMockProvider([
			{
				toolCalls: [
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'scatter',
							params: { data: { $ref: 'source#/rows' }, x: 'hp', y: 'mpg' },
							source: { tool: 'cars_mcp_query', args: { sql: 'SELECT hp, mpg FROM cars' } },
							refreshSeconds: 30
						}
					},
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'stat',
							params: { label: 'x', value: { $ref: 'source' } },
							source: { tool: 'autoui_webmcp_list_recipes', args: {} }
						}
					},
					{
						name: 'autoui_webmcp_widget_display',
						input: { name: 'stat', params: { label: 'x', value: 1 }, source: { tool: 'nope_mcp_tool' } }
					}
				]
			},
			{ text: 'Done.' }
		]);
		const result = await runAgentLoop('scatter', {
			provider,
			layers: [autoui.layer(), layer],
			servers: [autoui, data],
			state: createAgentState(),
			lazy: false,
			onEvent: (event) => events.push(event),
			callbacks: {
				onWidget: (type, params, meta) => (
					widgets.push({ type, params, source: meta.source, dataFrom: meta.dataFrom }),
					{ id: `w_${widgets.length}` }
				)
			}
		});
		expect(result.reason).toBe('end_turn');
		// One model request fetched and displayed: the second request is the final answer.
		expect(provider.requests).toHaveLength(2);
		expect(widgets).toHaveLength(1);
		expect(widgets[0].params.data).toEqual(rows);
		expect(widgets[0].source).toEqual({
			tool: 'cars_mcp_query',
			args: { sql: 'SELECT hp, mpg FROM cars' },
			params: { data: { $ref: 'source#/rows' }, x: 'hp', y: 'mpg' },
			refreshSeconds: 30
		});
		// Its provenance names its own source call, whatever else ran in the turn.
		const displayCall = provider.requests[1].messages.at(-2)!.content.find((block) => block.type === 'tool_use')!;
		expect(widgets[0].dataFrom).toEqual([`${displayCall.type === 'tool_use' ? displayCall.id : ''}_source`]);
		// The model's own request carried no row.
		expect(JSON.stringify(provider.requests[0].messages)).not.toContain('"mpg":10');
		const [, autouiSource, unknown] = lastToolResults(provider.requests[1]);
		expect(autouiSource.content).toMatch(/must be a data tool of a server, not autoui_webmcp_list_recipes/);
		expect(unknown.content).toMatch(/"nope_mcp_tool" is not a tool of a connected server\. Data tools: cars_mcp_query/);
		// The source call is a call of its own (console entry), before the display it feeds.
		const calls = events
			.filter((event) => event.type === 'tool-result')
			.map((event) => (event.type === 'tool-result' ? event.resolvedName : ''));
		expect(calls.slice(0, 2)).toEqual(['cars_mcp_query', 'autoui_webmcp_widget_display']);
	});
});
