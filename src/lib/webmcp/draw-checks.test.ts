/**
 * False successes: `widget_display` (and `canvas update`) must refuse params the renderer
 * cannot draw — a field that is not in the rows, a number field without numbers — naming the
 * fields that exist, instead of answering "displayed" while the user sees an error card.
 */
import { describe, expect, it } from 'vitest';
import { widgetDefinitions } from '$lib/widgets/definitions';
import { CanvasStore, createCanvasCallbacks } from '$lib/canvas';
import { autoui } from './autoui';

type Body = { error?: string; details?: Array<{ path: string; message: string }>; widget?: string };

async function display(name: string, params: Record<string, unknown>): Promise<{ isError: boolean; body: Body }> {
	const result = await autoui.callTool('widget_display', { name, params });
	const text = result.content[0].type === 'text' ? result.content[0].text : '{}';
	return { isError: result.isError === true, body: JSON.parse(text) };
}

const sales = [
	{ region: 'North', revenue: 120, month: '2024-01' },
	{ region: 'South', revenue: 80, month: '2024-02' }
];

describe('widget_display refuses what the renderer cannot draw', () => {
	it('a bar whose y names a field that is not in the data is an error naming the fields that exist', async () => {
		const { isError, body } = await display('bar', { data: sales, x: 'region', y: 'sales' });
		expect(isError).toBe(true);
		expect(body.details).toEqual([
			{
				path: '/y',
				message: expect.stringMatching(/"sales" is not a field of the data; fields are: region, revenue, month/)
			}
		]);
	});

	it('a chart spec that would generate millions of rows is refused with the part to change', async () => {
		const { isError, body } = await display('chart', {
			spec: {
				data: { sequence: { start: 0, stop: 2_000_000, as: 'x' } },
				mark: 'point',
				encoding: { x: { field: 'x', type: 'quantitative' } }
			}
		});
		expect(isError).toBe(true);
		expect(body.details).toEqual([
			{
				path: '/spec/data/sequence',
				message: expect.stringMatching(/would make 2,000,000 rows; charts allow at most 200,000/)
			}
		]);
		const fine = await display('chart', {
			spec: {
				data: { sequence: { start: 0, stop: 100, as: 'x' } },
				mark: 'point',
				encoding: { x: { field: 'x', type: 'quantitative' } }
			}
		});
		expect(fine.isError).toBe(false);
	});

	it('suggests the field that differs only in case', async () => {
		const { body } = await display('line', { data: sales, x: 'Month', y: 'revenue' });
		expect(body.details?.[0]).toEqual({ path: '/x', message: expect.stringContaining('did you mean "month"') });
	});

	it('a numeric channel without a single number is refused', async () => {
		const { isError, body } = await display('bar', { data: sales, x: 'month', y: 'region' });
		expect(isError).toBe(true);
		expect(body.details?.[0]).toMatchObject({
			path: '/y',
			message: expect.stringMatching(/"region" holds no numbers.*numeric fields: revenue/)
		});
	});

	it.each([
		['scatter', '/y', { data: sales, x: 'revenue', y: 'profit' }],
		['pie', '/value', { data: sales, category: 'region', value: 'amount' }],
		['heatmap', '/value', { data: sales, x: 'region', y: 'month', value: 'count' }],
		['boxplot', '/y', { data: sales, x: 'region', y: 'spend' }],
		['histogram', '/x', { data: sales, x: 'price' }],
		['area', '/y/1', { data: sales, x: 'month', y: ['revenue', 'cost'] }],
		['data-table', '/columns/1/key', { rows: sales, columns: [{ key: 'region' }, { key: 'profit' }] }],
		['data-table', '/sort/key', { rows: sales, sort: { key: 'profit' } }],
		['data-table', '/rows/0', { rows: [['a', 1, true]], columns: [{ key: 'name' }, { key: 'n' }] }],
		[
			'sankey',
			'/links',
			{
				links: [
					{ source: 'a', target: 'b', value: 1 },
					{ source: 'b', target: 'c', value: 1 },
					{ source: 'c', target: 'a', value: 1 }
				]
			}
		],
		[
			'sankey',
			'/links/0',
			{
				links: [
					{ source: 'a', target: 'a', value: 1 },
					{ source: 'a', target: 'b', value: 1 }
				]
			}
		],
		['line', '/x', { data: sales, x: 'region', xType: 'temporal', y: 'revenue' }]
	])('%s params the renderer cannot draw are refused at %s', async (name, path, params) => {
		const { isError, body } = await display(name, params);
		expect(isError).toBe(true);
		expect(body.details?.map((detail) => detail.path)).toContain(path);
	});

	it('drawable params still display, and every example is drawable', async () => {
		expect((await display('bar', { data: sales, x: 'region', y: 'revenue' })).isError).toBe(false);
		expect((await display('bar', { data: [], x: 'region', y: 'revenue' })).isError).toBe(false);
		for (const definition of widgetDefinitions.filter((widget) => !widget.hostOnly)) {
			const { isError, body } = await display(definition.name, definition.example);
			expect(isError, `${definition.name}: ${JSON.stringify(body)}`).toBe(false);
		}
	});

	it('canvas update refuses a change that makes the widget undrawable, and keeps the old params', async () => {
		await autoui.validator!.load();
		const store = new CanvasStore();
		const callbacks = createCanvasCallbacks(store, autoui.validator!);
		const { id } = callbacks.onWidget!(
			'bar',
			{ data: sales, x: 'region', y: 'revenue' },
			{ callId: 't', dataFrom: [] }
		) as { id: string };
		const refused = callbacks.onUpdate!(id, { y: 'sales' });
		expect(refused.ok).toBe(false);
		expect((refused as { error: string }).error).toMatch(
			/\\"sales\\" is not a field of the data; fields are: region, revenue, month/
		);
		expect(store.get(id)?.params.y).toBe('revenue');
	});
});

describe('an MCP App view on the canvas', () => {
	it('is added by the app, and the model’s canvas update cannot rewrite it', async () => {
		await autoui.validator!.load();
		const store = new CanvasStore();
		const callbacks = createCanvasCallbacks(store, autoui.validator!);
		const params = { server: 'clock', tool: 'get-time', resource: 'ui://time/view.html', toolInput: {} };
		const added = callbacks.onWidget!('mcp-app', params, { callId: 'app_1', dataFrom: [] });
		expect(added).toHaveProperty('id');
		const id = (added as { id: string }).id;
		const updated = callbacks.onUpdate!(id, { toolResult: { content: [{ type: 'text', text: 'forged' }] } });
		expect(updated).toMatchObject({ ok: false });
		expect(store.get(id)?.params).toEqual(params);
	});
});
