import { describe, expect, it } from 'vitest';
import { CanvasStore } from '../canvas-store.svelte';
import { linkedRecord, placeNextTo } from './linked';

describe('a linked widget goes beside the one it is linked to', () => {
	it("a filter of the parameter a chart sets lands to the chart's right, not below everything", () => {
		const store = new CanvasStore({ sizeOf: () => ({ w: 400, h: 300 }), placementWidth: 1400 });
		const chart = store.add('bar', { data: [], x: 'Origin', y: 'n', select: { param: 'origin', field: 'Origin' } });
		const table = store.add('data-table', { rows: [] });
		const below = store.add('stat', { value: 1 }, { x: 16, y: 900 });
		const filter = store.add('filter', { param: 'origin', control: 'select', options: ['USA'] });
		expect(table).toMatchObject({ x: 432, y: chart.y });
		expect(filter).toMatchObject({ y: chart.y, x: 848 });
		expect(below.y).toBe(900);
	});

	it('the same source, or a parameter its source binds, links; unrelated widgets do not', () => {
		const source = { tool: 'datasets_query_sql', args: { sql: 'SELECT 1', params: { origin: { $param: 'origin' } } } };
		const records = [{ params: { value: 1 } }, { params: { rows: [] }, source }, { params: { value: 2 } }];
		expect(linkedRecord(records, { params: { param: 'origin' } })).toBe(records[1]);
		expect(linkedRecord(records, { params: {}, source: { tool: source.tool, args: { ...source.args } } })).toBe(
			records[1]
		);
		expect(linkedRecord(records, { params: { param: 'year' } })).toBeUndefined();
	});

	it('with no room on its right it goes right under it; with neither, nowhere', () => {
		const anchor = { x: 16, y: 16, w: 700, h: 300 };
		expect(placeNextTo([anchor], { w: 400, h: 200 }, 1000, anchor)).toEqual({ x: 16, y: 336 });
		const under = { x: 16, y: 336, w: 700, h: 300 };
		expect(placeNextTo([anchor, under], { w: 400, h: 200 }, 1000, anchor)).toBeUndefined();
	});
});
