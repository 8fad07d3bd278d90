import { describe, expect, it } from 'vitest';
import { normalizeRows, resolveColumns } from './table-model';
import { toJsonRows } from './table-json';

describe('toJsonRows', () => {
	const rows = normalizeRows(
		[
			{ name: 'Ford', mpg: 18, origin: 'USA' },
			{ name: 'Fiat', mpg: 31.5 },
			{ name: '=cmd', mpg: null, origin: 'Europe' }
		],
		undefined
	);
	const columns = resolveColumns(undefined, rows);

	it('keeps raw values, fills missing cells with null and follows the given order', () => {
		const parsed = JSON.parse(toJsonRows(rows, columns, [1, 0]));
		expect(parsed).toEqual([
			{ name: 'Fiat', mpg: 31.5, origin: null },
			{ name: 'Ford', mpg: 18, origin: 'USA' }
		]);
	});

	it('exports every row by default, text untouched (JSON has no formulas to neutralise)', () => {
		const parsed = JSON.parse(toJsonRows(rows, columns));
		expect(parsed).toHaveLength(3);
		expect(parsed[2].name).toBe('=cmd');
	});
});
