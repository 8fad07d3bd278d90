/**
 * Data by reference through the loop: a data call's result tells the model its id and shape,
 * widget_display binds it with {"$ref"} (the real autoui server validates the real rows), and
 * a wrong reference is a tool error that lists what exists.
 */
import { describe, expect, it } from 'vitest';
import { autoui } from '$lib/webmcp';
import { runAgentLoop } from './loop';
import { createAgentState } from './state';
import { createMemoryToolServer, createMockProvider, lastToolResults } from './testing';
import type { McpLayer } from './types';

const rows = Array.from({ length: 2_000 }, (_, index) => ({ origin: ['USA', 'Europe', 'Japan'][index % 3], hp: 60 + (index % 150), mpg: 10 + (index % 35) }));
const data = createMemoryToolServer('cars', 'mcp', [
	{
		name: 'query',
		description: 'Run a query',
		inputSchema: { type: 'object', properties: { sql: { type: 'string' } } },
		annotations: { readOnlyHint: true },
		handler: () => ({ content: [{ type: 'text', text: JSON.stringify({ columns: [{ name: 'origin', type: 'VARCHAR' }, { name: 'hp', type: 'INTEGER' }, { name: 'mpg', type: 'INTEGER' }], rows }) }] })
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
				return { toolCalls: [{ name: 'autoui_webmcp_widget_display', input: { name: 'scatter', params: { data: { $ref: `${id}#/rows` }, x: 'hp', y: 'mpg', color: 'origin' } } }] };
			},
			{ toolCalls: [{ name: 'autoui_webmcp_widget_display', input: { name: 'scatter', params: { data: { $ref: 'toolu_nope#/rows' }, x: 'hp', y: 'mpg' } } }] },
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
		expect(queried.content).toMatch(/\[Result id: [^.]+\. To display this data without copying it, use \{"\$ref": "[^"]+"\} or \{"\$ref": "[^"]+#\/rows"\} as a widget param\. Shape: 2,000 rows at \/rows; columns: origin \(VARCHAR\), hp \(INTEGER\), mpg \(INTEGER\)\.\]/);
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
		expect(wrong.content).toMatch(/Unresolved references in params: \/data: no result "toolu_nope" in this conversation; results you can reference: /);
		// Display results are not referenceable data.
		expect(state.results.ids().filter((id) => state.results.get(id)?.data)).toHaveLength(1);
	});
});
