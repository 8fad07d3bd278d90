import { describe, expect, it } from 'vitest';
import { ROW_BUDGET, rowBudgetIssues, sequenceLength } from './row-budget';

describe('chart row budget', () => {
	it('refuses the 446-character share-link spec: a 2,000,000-row sequence', () => {
		const issues = rowBudgetIssues({
			data: { sequence: { start: 0, stop: 2_000_000, as: 'x' } },
			mark: 'point',
			encoding: { x: { field: 'x' } }
		});
		expect(issues).toEqual([
			{
				path: '/data/sequence',
				rows: 2_000_000,
				message:
					'data.sequence would make 2,000,000 rows; charts allow at most 200,000. Use a smaller range or a larger step, or aggregate the data before charting it.'
			}
		]);
		expect(rowBudgetIssues({ data: { sequence: { start: 0, stop: 50_000_000 } }, mark: 'point' })[0].rows).toBe(
			50_000_000
		);
		expect(sequenceLength({ start: 0, stop: 1, step: 0 })).toBe(Infinity);
		expect(sequenceLength({ start: 10, stop: 0 })).toBe(0);
	});

	it('refuses fan-out transforms and generators, in layers too', () => {
		const hostile = [
			{
				data: { sequence: { start: 0, stop: 1000 } },
				transform: [{ fold: Array.from({ length: 500 }, (_, index) => `f${index}`) }],
				mark: 'point'
			},
			{ data: { values: [{ v: 1 }] }, transform: [{ density: 'v', steps: 1_000_000 }], mark: 'area' },
			{ data: { values: [{ v: 1 }] }, transform: [{ quantile: 'v', step: 1e-7 }], mark: 'point' },
			{
				data: { values: [{ k: 1, v: 1 }] },
				transform: [{ impute: 'v', key: 'k', keyvals: { start: 0, stop: 5e6 } }],
				mark: 'line'
			},
			{ data: { values: [{ v: 1 }] }, mark: 'bar', encoding: { x: { field: 'v', bin: { maxbins: 1e7 } } } },
			{
				data: { values: [{ v: 1 }] },
				mark: 'bar',
				encoding: { x: { field: 'v', bin: { step: 1e-9, extent: [0, 1] } } }
			},
			{ data: { graticule: { step: [0.001, 0.001] } }, mark: 'geoshape' },
			{ layer: [{ data: { sequence: { start: 0, stop: 1e9 } }, mark: 'point' }] },
			{
				data: { values: [{ a: Array.from({ length: 300_000 }, () => 1) }] },
				transform: [{ flatten: ['a'] }],
				mark: 'point'
			}
		];
		for (const spec of hostile)
			expect(rowBudgetIssues(spec).length, JSON.stringify(spec).slice(0, 80)).toBeGreaterThan(0);
	});

	it('accepts ordinary charts', () => {
		const rows = Array.from({ length: 5_000 }, (_, index) => ({ x: index, y: index % 7, g: `g${index % 3}` }));
		const ordinary = [
			{ data: { values: rows }, mark: 'point', encoding: { x: { field: 'x' }, y: { field: 'y' } } },
			{
				data: { values: rows },
				transform: [{ fold: ['x', 'y'] }, { density: 'value', groupby: ['key'] }],
				mark: 'area'
			},
			{
				data: { values: rows },
				mark: 'bar',
				encoding: { x: { field: 'x', bin: { maxbins: 40 } }, y: { aggregate: 'count' } }
			},
			{
				data: { sequence: { start: 0, stop: 12.6, step: 0.1, as: 'x' } },
				transform: [{ calculate: 'sin(datum.x)', as: 'y' }],
				mark: 'line'
			},
			{ data: { values: rows }, transform: [{ quantile: 'y', probs: [0.25, 0.5, 0.75] }], mark: 'point' }
		];
		for (const spec of ordinary) expect(rowBudgetIssues(spec), JSON.stringify(spec).slice(0, 80)).toEqual([]);
		expect(ROW_BUDGET).toBe(200_000);
	});
});

describe('chart row budget: what expressions and compositions generate', () => {
	const flattened = (calculate: string) => ({
		data: { values: [{ a: 1 }] },
		transform: [{ calculate, as: 's' }, { flatten: ['s'] }],
		mark: 'point'
	});

	it('counts arrays built by calculate and flattened', () => {
		expect(rowBudgetIssues(flattened('sequence(0,3000000)')).length).toBeGreaterThan(0);
		expect(rowBudgetIssues(flattened('sequence(3000000)')).length).toBeGreaterThan(0);
		expect(rowBudgetIssues(flattened("split(pad('', 3000000, 'x'), '')")).length).toBeGreaterThan(0);
		const rows = Array.from({ length: 1_000 }, (_, index) => ({ i: index }));
		expect(
			rowBudgetIssues({
				data: { values: rows },
				transform: [{ calculate: 'sequence(0, 500)', as: 's' }, { flatten: ['s'] }],
				mark: 'point'
			})[0].rows
		).toBe(500_000);
		expect(rowBudgetIssues(flattened('sequence(0, 100)'))).toEqual([]);
	});

	it('refuses generators whose size is not a literal, wherever they stand', () => {
		expect(rowBudgetIssues(flattened('sequence(0, datum.a * 1e9)')).length).toBeGreaterThan(0);
		expect(
			rowBudgetIssues({ params: [{ name: 'p', expr: 'sequence(0, 1e8)' }], data: { values: [] }, mark: 'point' }).map(
				(issue) => issue.path
			)
		).toContain('/params/0/expr');
		expect(
			rowBudgetIssues({
				data: { values: [{ a: 1 }] },
				transform: [{ filter: 'length(pad("", 1e9)) > 0' }],
				mark: 'point'
			}).length
		).toBeGreaterThan(0);
		expect(
			rowBudgetIssues({
				data: { values: [{ a: 1 }] },
				transform: [{ calculate: "pad(datum.a, 3, '0')", as: 'p' }],
				mark: 'point'
			})
		).toEqual([]);
	});

	it('adds up the views of a layer, a concatenation and a repeat', () => {
		const rows = Array.from({ length: 150_000 }, (_, index) => ({ x: index }));
		const view = { mark: 'point', encoding: { x: { field: 'x' } } };
		expect(rowBudgetIssues({ data: { values: rows }, ...view })).toEqual([]);
		expect(rowBudgetIssues({ data: { values: rows }, layer: [view, view] })[0].rows).toBe(300_000);
		expect(rowBudgetIssues({ data: { values: rows }, hconcat: [view, view] }).length).toBe(1);
		expect(rowBudgetIssues({ data: { values: rows }, repeat: ['x', 'x'], spec: view }).length).toBe(1);
		const sequence = { data: { sequence: { start: 0, stop: 150_000 } }, mark: 'point' };
		expect(rowBudgetIssues({ vconcat: [sequence, sequence] }).length).toBe(1);
	});
});
