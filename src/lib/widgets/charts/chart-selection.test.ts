import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { barSpec } from '../bar/spec';
import { histogramSpec } from '../histogram/spec';
import { lineSpec } from '../line/spec';
import { datumValue, selectableValues, selectedSignal, signalValue, withSelectionSpec } from './chart-selection';
import { pickRange, selectIssues, selectionValue } from '../shared/select-param';
import { filterOptions, rangeValue } from '../filter/filter-options';
import { mapWithRows } from '../map/rows';
import { mapSpec } from '../map/spec';
import { barDefinition } from '../bar/definition';

const cars = [
	{ Origin: 'USA', cars: 254 },
	{ Origin: 'Japan', cars: 79 },
	{ Origin: 'Europe', cars: 73 }
];

describe('selection in a chart spec', () => {
	it('adds the selection signal and dims the data marks that are not selected, leaving the rest of the spec as it was', () => {
		const { spec } = barSpec({ data: cars, x: 'Origin', y: 'cars' });
		const selectable = withSelectionSpec(spec, { accessor: 'Origin' });
		expect(selectable.params).toEqual([{ name: selectedSignal, value: [] }]);
		expect(selectable.mark).toMatchObject({ type: 'bar', cursor: 'pointer' });
		expect((selectable.encoding as Record<string, unknown>).opacity).toEqual({
			condition: {
				test: `length(${selectedSignal}) > 0 && indexof(${selectedSignal}, datum["Origin"]) < 0`,
				value: 0.22
			}
		});
		// It compiles, and the signal exists for the view to update.
		const compiled = compile(selectable as never).spec;
		expect(compiled.signals?.some((signal) => signal.name === selectedSignal)).toBe(true);
	});

	it('dims a line by its series, or puts points on it that dim one by one', () => {
		const rows = [
			{ year: '2001', n: 1, kind: 'a' },
			{ year: '2002', n: 2, kind: 'a' }
		];
		const bySeries = withSelectionSpec(lineSpec({ data: rows, x: 'year', y: 'n', color: 'kind' }).spec, {
			accessor: 'kind'
		});
		expect(bySeries.layer).toBeUndefined();
		expect((bySeries.encoding as Record<string, unknown>).opacity).toBeTruthy();
		const byYear = withSelectionSpec(lineSpec({ data: rows, x: 'year', y: 'n', color: 'kind' }).spec, {
			accessor: 'year'
		});
		const [line, points] = byYear.layer as Array<{ mark: Record<string, unknown>; encoding: Record<string, unknown> }>;
		expect(line.encoding.opacity).toBeUndefined();
		expect(points.mark).toMatchObject({ type: 'point', cursor: 'pointer' });
		expect(points.encoding.opacity).toBeTruthy();
		expect(compile(byYear as never).spec.marks?.length).toBeGreaterThan(1);
	});

	it('quotes field names safely in the expression', () => {
		const { spec } = barSpec({ data: [{ 'a"b': 'x', n: 1 }], x: 'a"b', y: 'n' });
		const test = (
			withSelectionSpec(spec, { accessor: 'a"b]; x' }).encoding as Record<string, { condition: { test: string } }>
		).opacity.condition.test;
		expect(test).toContain('datum["a\\"b]; x"]');
	});

	it('selects bins as ranges on a histogram', () => {
		const { spec } = histogramSpec({ data: [{ hp: 50 }, { hp: 120 }], x: 'hp' });
		const config = { accessor: 'bin_maxbins_20_hp', range: true };
		const selectable = withSelectionSpec(spec, config);
		expect(JSON.stringify(selectable.encoding)).toContain('datum[\\"bin_maxbins_20_hp_end\\"]');
		expect(datumValue({ bin_maxbins_20_hp: 40, bin_maxbins_20_hp_end: 60, __count: 3 }, config)).toEqual([40, 60]);
		expect(signalValue([40, 60], config)).toEqual([40, 60]);
		expect(signalValue(['Japan'], config)).toEqual([]);
		expect(pickRange(null, [40, 60], false)).toEqual([40, 60]);
		expect(pickRange([40, 60], [40, 60], false)).toBeNull();
		expect(pickRange([40, 60], [100, 120], true)).toEqual([40, 120]);
	});

	it('reads the values a click gives and the pick list from the drawn marks', () => {
		const config = { accessor: 'Origin' };
		expect(datumValue({ Origin: 'Japan', cars: 79 }, config)).toBe('Japan');
		expect(datumValue(undefined, config)).toBeUndefined();
		const scene = {
			items: [
				{
					mark: { marktype: 'group' },
					datum: { Origin: 'ignored' },
					items: [{ mark: { marktype: 'rect' }, items: cars.map((datum) => ({ datum, mark: { marktype: 'rect' } })) }]
				},
				{ mark: { marktype: 'text' }, items: [{ datum: { Origin: 'axis label' }, mark: { marktype: 'text' } }] }
			]
		};
		expect(selectableValues(scene, config)).toEqual(['USA', 'Japan', 'Europe']);
	});

	it('turns cells into parameter values: dates at midnight as days, empty cells as nothing', () => {
		expect(selectionValue('2001-01-01T00:00:00.000Z')).toBe('2001-01-01');
		expect(selectionValue('2001-01-01T10:00:00.000Z')).toBe('2001-01-01T10:00:00.000Z');
		expect(selectionValue(3)).toBe(3);
		expect(selectionValue(null)).toBeUndefined();
		expect(selectionValue({ a: 1 })).toBeUndefined();
	});

	it('tells the model when select.field is not in the rows', () => {
		expect(selectIssues({ select: { param: 'origin', field: 'origin' } }, cars)).toEqual([
			{ path: '/select/field', message: expect.stringContaining('fields are: Origin, cars') }
		]);
		expect(
			barDefinition.drawIssues!({ data: cars, x: 'Origin', y: 'cars', select: { param: 'origin', field: 'Country' } })
		).toEqual([expect.objectContaining({ path: '/select/field' })]);
		expect(
			barDefinition.drawIssues!({ data: cars, x: 'Origin', y: 'cars', select: { param: 'origin', field: 'Origin' } })
		).toEqual([]);
	});

	it('gives map markers the value of select.field, for clicks and the data table', () => {
		const params = mapWithRows({
			data: [{ iata: 'SEA', lat: 47.4, lon: -122.3, name: 'Seattle' }],
			lat: 'lat',
			lon: 'lon',
			label: 'name',
			select: { param: 'airport', field: 'iata' }
		});
		expect(params.points).toEqual([{ lat: 47.4, lon: -122.3, label: 'Seattle', sel: 'SEA' }]);
		const atlas = {
			type: 'Topology',
			objects: { countries: { type: 'GeometryCollection', geometries: [] } },
			arcs: []
		} as never;
		const built = mapSpec(params, { world: atlas });
		expect(built.rows).toEqual([expect.objectContaining({ place: 'Seattle', iata: 'SEA' })]);
		const points = (built.spec.layer as Array<{ data?: { values?: unknown[] } }>).find(
			(layer) => layer.data?.values?.length === 1
		);
		expect(points?.data?.values).toEqual([expect.objectContaining({ sel: 'SEA' })]);
	});
});

describe('filter options', () => {
	it('lists distinct choices from values or from a column of rows', () => {
		expect(filterOptions({ options: ['a', 'b', 'a', '', null] })).toEqual(['a', 'b']);
		expect(
			filterOptions({ options: [{ Origin: 'USA' }, { Origin: 'Japan' }, { Origin: 'USA' }], field: 'Origin' })
		).toEqual(['USA', 'Japan']);
		expect(filterOptions({ options: [{ Origin: 'USA' }] })).toEqual([]);
	});

	it('builds a range from two inputs, filling a missing end from min or max', () => {
		expect(rangeValue(10, 20)).toEqual([10, 20]);
		expect(rangeValue(20, 10)).toEqual([10, 20]);
		expect(rangeValue(10, undefined, 0, 100)).toEqual([10, 100]);
		expect(rangeValue(10, undefined)).toBeNull();
		expect(rangeValue(undefined, undefined, 0, 100)).toBeNull();
		expect(rangeValue('2001-01-01', '2001-12-31')).toEqual(['2001-01-01', '2001-12-31']);
	});
});
