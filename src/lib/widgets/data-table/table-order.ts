/**
 * Row order of the data-table: sorting and filtering on row indexes held in typed arrays, so
 * 200,000 rows cost one pass per sort or filter change and nothing per scroll frame. The
 * table renders `rows[order[position]]` for the visible positions only.
 */
import { formatCell, sortKey, type Column, type Row } from './table-model';

/** Row indexes, in display order. */
export type RowOrder = Uint32Array;

/** 0, 1, …, count - 1. */
export function identityOrder(count: number): RowOrder {
	const order = new Uint32Array(count);
	for (let index = 0; index < count; index++) order[index] = index;
	return order;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Numeric sort keys for `indexes` (NaN for empty cells): numbers and dates as themselves,
 * text as its rank among the distinct values under the locale collator, so the sort itself
 * only compares numbers and the collator runs once per distinct value.
 */
function numericKeys(rows: Row[], indexes: ArrayLike<number>, column: Column): Float64Array {
	const keys = new Float64Array(indexes.length);
	const texts: (string | undefined)[] | undefined =
		column.type === 'number' || column.type === 'date' || column.type === 'boolean'
			? undefined
			: new Array(indexes.length);
	for (let position = 0; position < indexes.length; position++) {
		const key = sortKey(column, rows[indexes[position]][column.key]);
		if (key === undefined) keys[position] = NaN;
		else if (typeof key === 'number') keys[position] = key;
		else texts![position] = key;
	}
	if (!texts) return keys;
	const distinct = [...new Set(texts.filter((text): text is string => text !== undefined))].sort(collator.compare);
	const rank = new Map<string, number>();
	distinct.forEach((text, index) =>
		rank.set(
			text,
			index > 0 && collator.compare(distinct[index - 1], text) === 0 ? rank.get(distinct[index - 1])! : index
		)
	);
	for (let position = 0; position < indexes.length; position++) {
		const text = texts[position];
		keys[position] = text === undefined ? NaN : rank.get(text)!;
	}
	return keys;
}

/** Row indexes sorted by one column; empty values always last; ties keep row order. */
export function sortIndexes(
	rows: Row[],
	indexes: ArrayLike<number>,
	column: Column,
	direction: 'asc' | 'desc'
): RowOrder {
	const keys = numericKeys(rows, indexes, column);
	const sign = direction === 'asc' ? 1 : -1;
	const positions = identityOrder(indexes.length);
	positions.sort((a, b) => {
		const left = keys[a];
		const right = keys[b];
		const leftEmpty = left !== left;
		const rightEmpty = right !== right;
		if (leftEmpty || rightEmpty) return leftEmpty === rightEmpty ? indexes[a] - indexes[b] : leftEmpty ? 1 : -1;
		return left === right ? indexes[a] - indexes[b] : left < right ? -sign : sign;
	});
	const sorted = new Uint32Array(indexes.length);
	for (let position = 0; position < positions.length; position++) sorted[position] = indexes[positions[position]];
	return sorted;
}

/** The lower-case words of a filter query. */
export function queryWords(query: string): string[] {
	return query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * True when every row matching `next` also matches `previous` (each earlier word lies inside
 * a new word), so the new filter may scan only the previous result: typing narrows cheaply.
 */
export function narrows(previous: string[], next: string[]): boolean {
	return previous.every((word) => next.some((candidate) => candidate.includes(word)));
}

const memoLimit = 50_000;

/**
 * Formats cells for search, lower-cased, remembering the text of each distinct primitive
 * value per column (up to a limit): dates, categories and repeated numbers are formatted
 * once instead of once per row.
 */
export function createSearchText(columns: Column[]): (row: Row) => string {
	const memos = columns.map(() => new Map<unknown, string>());
	return (row) => {
		let text = '';
		for (let index = 0; index < columns.length; index++) {
			const column = columns[index];
			const value = row[column.key];
			const memo = memos[index];
			let cell = memo.get(value);
			if (cell === undefined) {
				cell = formatCell(column, value).toLocaleLowerCase();
				if ((typeof value !== 'object' || value === null) && memo.size < memoLimit) memo.set(value, cell);
			}
			text += cell + '\u0000';
		}
		return text;
	};
}

/** Positions of `within` whose row contains every word; `haystack` caches each row's text by row index. */
export function filterIndexes(
	rows: Row[],
	columns: Column[],
	query: string | string[],
	within: ArrayLike<number> = identityOrder(rows.length),
	haystack: (string | undefined)[] = new Array(rows.length)
): RowOrder {
	const words = typeof query === 'string' ? queryWords(query) : query;
	if (!words.length) return Uint32Array.from(within);
	const rowText = createSearchText(columns);
	const kept = new Uint32Array(within.length);
	let count = 0;
	for (let position = 0; position < within.length; position++) {
		const index = within[position];
		let text = haystack[index];
		if (text === undefined) haystack[index] = text = rowText(rows[index]);
		let match = true;
		for (const word of words) {
			if (!text.includes(word)) {
				match = false;
				break;
			}
		}
		if (match) kept[count++] = index;
	}
	return kept.slice(0, count);
}

/**
 * A filter that remembers its last answer: the formatted text of each row is built once per
 * rows/columns, and a query that narrows the previous one (more letters, another word) scans
 * only the previous matches. `base` is the order to filter (sorted or not); it is kept.
 */
export function createRowFilter(): (rows: Row[], columns: Column[], base: RowOrder, query: string) => RowOrder {
	let haystack: (string | undefined)[] = [];
	let source: { rows: Row[]; columns: Column[] } | undefined;
	let last: { base: RowOrder; words: string[]; result: RowOrder } | undefined;
	return (rows, columns, base, query) => {
		if (!source || source.rows !== rows || source.columns !== columns) {
			source = { rows, columns };
			haystack = new Array(rows.length);
			last = undefined;
		}
		const words = queryWords(query);
		if (!words.length) {
			last = undefined;
			return base;
		}
		const within = last && last.base === base && narrows(last.words, words) ? last.result : base;
		const result = filterIndexes(rows, columns, words, within, haystack);
		last = { base, words, result };
		return result;
	};
}
