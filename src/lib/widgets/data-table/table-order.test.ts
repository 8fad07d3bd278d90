import { describe, expect, it } from 'vitest';
import { townRows as rows } from './table-fixture';
import { normalizeRows, resolveColumns } from './table-model';
import {
	createRowFilter,
	createSearchText,
	filterIndexes,
	identityOrder,
	narrows,
	queryWords,
	sortIndexes
} from './table-order';

const columns = resolveColumns(undefined, rows);
const list = (order: ArrayLike<number>) => Array.from(order);

describe('table order', () => {
	it('sorts numbers numerically with empty values last, in both directions', () => {
		const population = columns[1];
		expect(list(sortIndexes(rows, [0, 1, 2, 3], population, 'asc'))).toEqual([1, 2, 0, 3]);
		expect(list(sortIndexes(rows, [0, 1, 2, 3], population, 'desc'))).toEqual([0, 2, 1, 3]);
	});

	it('sorts dates by time and only the given indexes', () => {
		const founded = columns[2];
		expect(list(sortIndexes(rows, Uint32Array.of(3, 1, 0), founded, 'asc'))).toEqual([0, 1, 3]);
	});

	it('sorts text with the locale collator, case-insensitively', () => {
		const name = columns[0];
		expect(list(sortIndexes(rows, [0, 1, 2, 3], name, 'asc')).map((index) => rows[index].name)).toEqual([
			'Ålesund',
			'bergen',
			'Oslo',
			'Tromsø'
		]);
		expect(list(sortIndexes(rows, [0, 1, 2, 3], name, 'desc')).map((index) => rows[index].name)).toEqual([
			'Tromsø',
			'Oslo',
			'bergen',
			'Ålesund'
		]);
	});

	it('keeps row order for equal keys, including text equal under the collator', () => {
		const words = normalizeRows(
			[{ w: 'b' }, { w: 'A' }, { w: 'a' }, { w: 'B' }, { w: 'file10' }, { w: 'file9' }, { w: '' }],
			undefined
		);
		const [column] = resolveColumns(undefined, words);
		expect(list(sortIndexes(words, identityOrder(7), column, 'asc'))).toEqual([1, 2, 0, 3, 5, 4, 6]);
		expect(list(sortIndexes(words, identityOrder(7), column, 'desc'))).toEqual([4, 5, 0, 3, 1, 2, 6]);
	});

	it('filters on formatted text, every word must match', () => {
		expect(list(filterIndexes(rows, columns, 'oslo'))).toEqual([0]);
		expect(list(filterIndexes(rows, columns, 'kommune bergen'))).toEqual([2]);
		expect(list(filterIndexes(rows, columns, '   '))).toEqual([0, 1, 2, 3]);
		expect(list(filterIndexes(rows, columns, 'nowhere'))).toEqual([]);
	});

	it('does not match words across two cells', () => {
		const pair = normalizeRows([{ a: 'foo', b: 'bar' }], undefined);
		expect(list(filterIndexes(pair, resolveColumns(undefined, pair), 'foobar'))).toEqual([]);
	});

	it('knows when a query narrows the previous one', () => {
		expect(narrows(queryWords('os'), queryWords('osl'))).toBe(true);
		expect(narrows(queryWords('ab c'), queryWords('ab cd'))).toBe(true);
		expect(narrows(queryWords('oslo'), queryWords('osl'))).toBe(false);
		expect(narrows(queryWords('oslo'), queryWords('bergen'))).toBe(false);
		expect(narrows([], queryWords('x'))).toBe(true);
	});

	it('filters as the user types with the same answers as a fresh filter, in the sorted order', () => {
		const big = Array.from({ length: 5000 }, (_, index) => ({
			id: index,
			city: `City ${index % 97}`,
			note: index % 3 ? 'open' : 'closed'
		}));
		const bigColumns = resolveColumns(undefined, big);
		const base = sortIndexes(big, identityOrder(big.length), bigColumns[0], 'desc');
		const filter = createRowFilter();
		for (const query of ['c', 'ci', 'city 1', 'city 12', 'city 12 clo', 'city 1', '', 'open']) {
			const result = filter(big, bigColumns, base, query);
			expect(list(result)).toEqual(list(filterIndexes(big, bigColumns, query, base)));
		}
		expect(filter(big, bigColumns, base, '')).toBe(base);
		const rebuilt = big.map((row) => ({ ...row, city: 'Elsewhere' }));
		expect(filter(rebuilt, bigColumns, identityOrder(rebuilt.length), 'city 12').length).toBe(0);
	});

	it('sorts and filters 200,000 rows', () => {
		const big = Array.from({ length: 200_000 }, (_, index) => ({
			id: index,
			value: (index * 7919) % 200_000,
			label: `row ${index}`
		}));
		const bigColumns = resolveColumns(undefined, big);
		const sorted = sortIndexes(big, identityOrder(big.length), bigColumns[1], 'asc');
		expect(sorted.length).toBe(200_000);
		expect(big[sorted[0]].value).toBe(0);
		expect(big[sorted[199_999]].value).toBe(199_999);
		const byLabel = sortIndexes(big, identityOrder(big.length), bigColumns[2], 'asc');
		expect(big[byLabel[0]].label).toBe('row 0');
		expect(big[byLabel[199_999]].label).toBe('row 199999');
		expect(list(filterIndexes(big, bigColumns, 'row 199999'))).toEqual([199_999]);
	});
});

describe('search text', () => {
	it('is the formatted, lower-cased cells, the same for repeated values as for the first', () => {
		const data = normalizeRows(
			[
				{ day: '2024-03-15', n: 1234.5, tag: 'Open' },
				{ day: '2024-03-15', n: 1234.5, tag: 'Open' },
				{ day: null, n: 'n/a', tag: { a: 1 } }
			],
			undefined
		);
		const dataColumns = resolveColumns(
			[{ key: 'day', type: 'date' }, { key: 'n', type: 'number' }, { key: 'tag' }],
			data
		);
		const text = createSearchText(dataColumns);
		const first = text(data[0]);
		expect(first).toContain('2024');
		expect(first).toContain('open');
		expect(text(data[1])).toBe(first);
		expect(text(data[2])).toBe('\u0000n/a\u0000{"a":1}\u0000');
	});
});
