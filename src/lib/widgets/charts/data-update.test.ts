import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { barSpec } from '../bar/spec';
import { lineSpec } from '../line/spec';
import { inlineDatasets, sameValues, shapeKey } from './data-update';
import { sanitizeChartSpec } from './spec-sanitize';

const vega = (spec: Record<string, unknown>) =>
	compile({ ...spec, width: 400, height: 300 } as never).spec as unknown as Record<string, unknown>;

describe('new data into a drawn chart', () => {
	it('sees that two bar charts differ only in their rows, and hands over the new rows by dataset name', () => {
		const hourly = (flights: [number, number]) =>
			vega(
				barSpec({
					data: flights.map((count, index) => ({ hour: index + 1, flights: count })),
					x: 'hour',
					y: 'flights',
					xType: 'ordinal'
				}).spec
			);
		const before = hourly([10, 12]);
		const after = hourly([3, 4]);
		expect(shapeKey(after, 'svg')).toBe(shapeKey(before, 'svg'));
		expect(shapeKey(after, 'canvas')).not.toBe(shapeKey(before, 'svg'));
		const datasets = inlineDatasets(after)!;
		expect(datasets).toHaveLength(1);
		expect(datasets[0].values).toEqual([
			{ hour: 1, flights: 3 },
			{ hour: 2, flights: 4 }
		]);
	});

	it('embeds again when the shape changes or values need parsing on load', () => {
		const bars = vega(barSpec({ data: [{ a: 'x', n: 1 }], x: 'a', y: 'n' }).spec);
		const other = vega(barSpec({ data: [{ a: 'x', n: 1 }], x: 'a', y: 'n', horizontal: true }).spec);
		expect(shapeKey(other, 'svg')).not.toBe(shapeKey(bars, 'svg'));
		const dates = vega(lineSpec({ data: [{ day: '2024-01-01', n: 1 }], x: 'day', y: 'n' }).spec);
		const parsed = (dates.data as Array<{ format?: unknown }>).some((entry) => entry.format !== undefined);
		expect(inlineDatasets(dates) === undefined).toBe(parsed);
	});

	it('tells unchanged shapes from new rows cheaply: the sanitiser shares coordinate lists', () => {
		const coordinates = [
			[
				[0, 0],
				[1, 0],
				[1, 1],
				[0, 0]
			]
		];
		const shapes = [{ type: 'Feature', properties: { name: 'A' }, geometry: { type: 'Polygon', coordinates } }];
		const first = sanitizeChartSpec({ data: { values: shapes }, mark: 'geoshape' }).spec;
		const second = sanitizeChartSpec({ data: { values: shapes }, mark: 'geoshape' }).spec;
		const values = (spec: Record<string, unknown>) =>
			(spec.data as { values: Array<{ geometry: { coordinates: unknown[] } }> }).values;
		expect((values(first)[0].geometry.coordinates[0] as unknown[])[0]).toBe(
			(values(second)[0].geometry.coordinates[0] as unknown[])[0]
		);
		expect(sameValues(values(first), values(second))).toBe(true);
		expect(sameValues([{ a: 1 }], [{ a: 2 }])).toBe(false);
		expect(sameValues([{ a: 1 }], [{ a: 1, b: 2 }])).toBe(false);
		expect(
			sanitizeChartSpec({ data: { values: [{ href: 'javascript:alert(1)' }] }, mark: 'point' }).removed
		).toHaveLength(1);
	});
});
