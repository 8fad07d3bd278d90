import { describe, expect, it } from 'vitest';
import { compareRows } from './rows-match';
import { rowsBehind } from './widget-rows';

const truth = [
	{ origin: 'USA', avg_hp: 118.6 },
	{ origin: 'Europe', avg_hp: 80.8 },
	{ origin: 'Japan', avg_hp: 79.8 }
];

describe('rowsMatch', () => {
	it('matches the same rows in any order, column names case-insensitively, numbers within 1e-6 relative', () => {
		const shown = [
			{ ORIGIN: 'Japan', Avg_HP: 79.80000001 },
			{ ORIGIN: 'USA', Avg_HP: '118.6' },
			{ ORIGIN: 'Europe', Avg_HP: 80.8 }
		];
		expect(compareRows(shown, truth)).toMatchObject({ passed: true });
		expect(compareRows([{ ...shown[0], Avg_HP: 79.81 }, shown[1], shown[2]], truth)).toMatchObject({
			passed: false,
			reason: 'RESULT_MISSING_ROWS'
		});
		expect(compareRows([{ ...shown[0], Avg_HP: 79.81 }, shown[1], shown[2]], truth, { tolerance: 0.01 }).passed).toBe(
			true
		);
	});

	it("names Genie's reasons", () => {
		expect(compareRows([], truth)).toMatchObject({ passed: false, reason: 'EMPTY_RESULT' });
		expect(compareRows(undefined, truth)).toMatchObject({ passed: false, reason: 'EMPTY_RESULT' });
		expect(compareRows(truth.slice(0, 2), truth)).toMatchObject({ passed: false, reason: 'RESULT_MISSING_ROWS' });
		expect(compareRows([...truth, { origin: 'Mars', avg_hp: 1 }], truth)).toMatchObject({
			passed: false,
			reason: 'RESULT_EXTRA_ROWS'
		});
		expect(compareRows([...truth, truth[0]], truth)).toMatchObject({ passed: false, reason: 'RESULT_EXTRA_ROWS' });
		expect(
			compareRows(
				truth.map(({ origin }) => ({ origin, n: 1 })),
				truth
			)
		).toMatchObject({
			passed: false,
			reason: 'RESULT_MISSING_COLUMNS'
		});
		expect(
			compareRows(
				truth.map((row) => ({ ...row, extra: 1 })),
				truth
			)
		).toMatchObject({
			passed: false,
			reason: 'RESULT_EXTRA_COLUMNS'
		});
	});

	it('compares only the named columns, and in order when asked', () => {
		const shown = truth.map((row) => ({ ...row, label: 'x' })).reverse();
		expect(compareRows(shown, truth, { columns: ['Origin', 'AVG_HP'] }).passed).toBe(true);
		expect(compareRows(shown, truth, { columns: ['origin'], order: 'exact' })).toMatchObject({
			passed: false,
			reason: 'RESULT_MISSING_ROWS'
		});
		expect(compareRows(shown, truth, { columns: ['origin', 'speed'] })).toMatchObject({
			reason: 'RESULT_MISSING_COLUMNS'
		});
	});

	it('compares one value with one value whatever the columns are called (a stat)', () => {
		expect(compareRows([{ value: 406 }], [{ n: 406 }]).passed).toBe(true);
		expect(compareRows([{ value: 405 }], [{ n: 406 }])).toMatchObject({ reason: 'RESULT_MISSING_ROWS' });
	});
});

describe('the rows behind a widget', () => {
	it('reads what the source bound, a value bound from one row, inline rows and plain options', () => {
		expect(
			rowsBehind({
				type: 'bar',
				params: { data: truth, x: 'origin', y: 'avg_hp' },
				source: { params: { data: { $ref: 'source#/rows' }, x: 'origin', y: 'avg_hp' } }
			})
		).toEqual(truth);
		expect(
			rowsBehind({
				type: 'stat',
				params: { label: 'Cars', value: 406 },
				source: { params: { label: 'Cars', value: { $ref: 'source#/rows/0/n' } } }
			})
		).toEqual([{ n: 406 }]);
		expect(rowsBehind({ type: 'data-table', params: { title: 't', rows: truth } })).toEqual(truth);
		expect(rowsBehind({ type: 'filter', params: { param: 'o', options: ['USA', 'Japan'] } })).toEqual([
			{ value: 'USA' },
			{ value: 'Japan' }
		]);
		expect(rowsBehind({ type: 'stat', params: { label: 'n', value: 3 } })).toEqual([{ value: 3 }]);
		expect(rowsBehind({ type: 'markdown', params: { text: 'hi' } })).toBeUndefined();
	});
});
