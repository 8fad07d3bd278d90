import { describe, expect, it } from 'vitest';
import { barSpec } from '../bar/spec';
import { lineSpec } from '../line/spec';
import { pieSpec } from '../pie/spec';
import { histogramSpec } from '../histogram/spec';
import { scatterSpec } from '../scatter/spec';
import { inferType } from './prepare';

describe('typed chart specs', () => {
	it('coerces numbers sent as strings and reports unknown fields with the real ones', () => {
		const built = barSpec({
			data: [
				{ c: 'a', v: '1,200' },
				{ c: 'b', v: 3 }
			],
			x: 'c',
			y: 'v'
		});
		expect(built.rows.map((row) => row.v)).toEqual([1200, 3]);
		expect(built.problems).toEqual([]);
		const wrong = barSpec({ data: [{ c: 'a', v: 1 }], x: 'category', y: 'v' });
		expect(wrong.problems).toEqual(['x field "category" is not in the data; fields are: c, v']);
	});

	it('folds several y fields into series', () => {
		const built = lineSpec({ data: [{ m: '2024-01', a: 1, b: 2 }], x: 'm', y: ['a', 'b'] });
		expect(built.rows).toEqual([
			{ m: '2024-01-01T00:00:00.000Z', series: 'a', value: 1 },
			{ m: '2024-01-01T00:00:00.000Z', series: 'b', value: 2 }
		]);
		expect((built.spec.encoding as Record<string, { field: string }>).color.field).toBe('series');
	});

	it('infers field types', () => {
		expect(inferType([{ d: '2024-03-01' }], 'd')).toBe('temporal');
		expect(inferType([{ d: 2020 }, { d: 2021 }], 'd')).toBe('ordinal');
		expect(inferType([{ d: '3.5' }], 'd')).toBe('quantitative');
		expect(inferType([{ d: 'Oslo' }], 'd')).toBe('nominal');
		expect(inferType([], 'd')).toBe('nominal');
	});

	it('computes pie shares, drops empty slices and accepts x/y aliases', () => {
		const built = pieSpec({
			data: [
				{ k: 'a', n: 1 },
				{ k: 'b', n: '3' },
				{ k: 'c', n: 0 }
			],
			x: 'k',
			y: 'n'
		});
		expect(built.rows.map((row) => [row.k, row.share])).toEqual([
			['b', 0.75],
			['a', 0.25]
		]);
		expect(pieSpec({ data: [] }).problems).toContain(
			'name the slice field in `category` and the number field in `value`'
		);
	});

	it('builds a histogram from bare values and a scatter with labels and trend', () => {
		const histogram = histogramSpec({ values: [1, '2', 'x', 3] });
		expect(histogram.rows).toEqual([{ value: 1 }, { value: 2 }, { value: 3 }]);
		expect((histogram.spec.encoding as Record<string, { stack?: unknown }>).y.stack).toBeNull();
		expect(
			(
				histogramSpec({ data: [{ v: 1, g: 'a' }], x: 'v', color: 'g' }).spec.encoding as Record<
					string,
					{ stack?: unknown }
				>
			).y.stack
		).toBeUndefined();
		const scatter = scatterSpec({ data: [{ a: 1, b: 2, n: 'p' }], x: 'a', y: 'b', label: 'n', trendline: true });
		expect((scatter.spec.layer as unknown[]).length).toBe(3);
	});

	it('stacks bars only when they can stack, with square ends when there are many stacks', () => {
		const valueOf = (built: ReturnType<typeof barSpec>) =>
			(built.spec.encoding as Record<string, { stack?: unknown }>).y;
		const thousand = Array.from({ length: 1000 }, (_, index) => ({
			id: `p${index}`,
			v: index,
			s: index % 2 ? 'a' : 'b'
		}));
		const single = barSpec({ data: thousand, x: 'id', y: 'v' });
		expect(valueOf(single).stack).toBeNull();
		expect(single.spec.mark).toEqual({ type: 'bar', tooltip: true });
		const series = barSpec({ data: thousand, x: 'id', y: 'v', color: 's' });
		expect(valueOf(series).stack).toBe('zero');
		expect(series.spec.mark).toEqual({ type: 'bar', tooltip: true, cornerRadiusEnd: 0 });
		const repeated = barSpec({
			data: [
				{ c: 'x', v: 1 },
				{ c: 'x', v: 2 }
			],
			x: 'c',
			y: 'v'
		});
		expect(valueOf(repeated).stack).toBe('zero');
		expect(repeated.spec.mark).toEqual({ type: 'bar', tooltip: true });
		expect(valueOf(barSpec({ data: thousand.slice(0, 3), x: 'id', y: 'v', layout: 'normalized' })).stack).toBe(
			'normalize'
		);
	});

	it('handles empty data without problems', () => {
		expect(barSpec({ data: [], x: 'a', y: 'b' }).problems).toEqual([]);
		expect(lineSpec({ data: undefined as never, x: 'a', y: 'b' }).rows).toEqual([]);
	});
});
