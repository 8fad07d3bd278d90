/**
 * The data check, after Databricks Genie's benchmark: the rows behind a widget against the
 * rows of a ground-truth query. Columns are matched by name case-insensitively (a one-column
 * answer against a one-column truth, such as a stat's value, by position), numbers within a
 * relative tolerance (default 1e-6), and a failure names Genie's reason.
 */

/** Genie's reasons for a result that does not match. */
export type RowsReason =
	'EMPTY_RESULT' | 'RESULT_MISSING_ROWS' | 'RESULT_EXTRA_ROWS' | 'RESULT_MISSING_COLUMNS' | 'RESULT_EXTRA_COLUMNS';

/** Options of {@link compareRows}. */
export interface RowsMatchOptions {
	/** Compare only these columns; default every column of the truth. */
	columns?: string[];
	/** `exact`: row i must match row i; `any` (default): the same rows in any order. */
	order?: 'any' | 'exact';
	/** Relative tolerance for numbers (default 1e-6). */
	tolerance?: number;
}

/** The verdict: passed, or the reason and a sentence for people. */
export type RowsVerdict = { passed: true; detail: string } | { passed: false; reason: RowsReason; detail: string };

type Row = Record<string, unknown>;

const defaultTolerance = 1e-6;

function asNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'bigint') return Number(value);
	if (typeof value === 'string' && value.trim() && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value.trim()))
		return Number(value);
	return undefined;
}

/** Two cell values are the same: numbers within `tolerance` (relative), anything else by its JSON. */
export function sameValue(a: unknown, b: unknown, tolerance = defaultTolerance): boolean {
	const x = asNumber(a);
	const y = asNumber(b);
	if (x !== undefined && y !== undefined)
		return x === y || Math.abs(x - y) <= tolerance * Math.max(Math.abs(x), Math.abs(y));
	if ((a ?? null) === null || (b ?? null) === null) return (a ?? null) === (b ?? null);
	if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
	return String(a) === String(b);
}

/** Column names of the rows (first seen first), lower-cased, with the first original spelling. */
function columnsOf(rows: Row[]): Map<string, string> {
	const columns = new Map<string, string>();
	for (const row of rows.slice(0, 1000))
		for (const key of Object.keys(row)) if (!columns.has(key.toLowerCase())) columns.set(key.toLowerCase(), key);
	return columns;
}

/** The rows projected to `names` (lower case), reading each row's keys case-insensitively. */
function project(rows: Row[], names: string[]): unknown[][] {
	return rows.map((row) => {
		const lower = new Map(Object.entries(row).map(([key, value]) => [key.toLowerCase(), value]));
		return names.map((name) => lower.get(name) ?? null);
	});
}

function show(row: unknown[], names: string[]): string {
	const text = JSON.stringify(Object.fromEntries(names.map((name, index) => [name, row[index]])));
	return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** Text cells of a row, the key that groups rows that can match (numbers vary within tolerance). */
function textKey(row: unknown[]): string {
	return JSON.stringify(row.map((value) => (asNumber(value) === undefined ? (value ?? null) : 0)));
}

/** Compares `actual` (behind the widget) with `expected` (the ground-truth query's rows). */
export function compareRows(actual: Row[] | undefined, expected: Row[], options: RowsMatchOptions = {}): RowsVerdict {
	const tolerance = options.tolerance ?? defaultTolerance;
	if (!actual || !actual.length)
		return expected.length
			? { passed: false, reason: 'EMPTY_RESULT', detail: `the widget has no rows; the truth has ${expected.length}` }
			: { passed: true, detail: 'both are empty' };
	const truthColumns = columnsOf(expected);
	const shownColumns = columnsOf(actual);
	let names: string[];
	let actualNames: string[];
	if (options.columns) {
		names = options.columns.map((name) => name.toLowerCase());
		actualNames = names;
		const missing = names.filter((name) => !shownColumns.has(name));
		if (missing.length)
			return {
				passed: false,
				reason: 'RESULT_MISSING_COLUMNS',
				detail: `the widget's rows lack ${missing.join(', ')}`
			};
	} else if (truthColumns.size === 1 && shownColumns.size === 1) {
		// One value against one value (a stat, a list of names): the column's name is the widget's own.
		names = [...truthColumns.keys()];
		actualNames = [...shownColumns.keys()];
	} else {
		names = [...truthColumns.keys()];
		actualNames = names;
		const missing = names.filter((name) => !shownColumns.has(name)).map((name) => truthColumns.get(name));
		if (missing.length)
			return {
				passed: false,
				reason: 'RESULT_MISSING_COLUMNS',
				detail: `the widget's rows lack ${missing.join(', ')} (they have ${[...shownColumns.values()].join(', ')})`
			};
		const extra = [...shownColumns.keys()]
			.filter((name) => !truthColumns.has(name))
			.map((name) => shownColumns.get(name));
		if (extra.length && expected.length)
			return {
				passed: false,
				reason: 'RESULT_EXTRA_COLUMNS',
				detail: `the widget's rows also have ${extra.join(', ')}`
			};
	}
	const want = project(expected, names);
	const got = project(actual, actualNames);
	const same = (a: unknown[], b: unknown[]) => a.every((value, index) => sameValue(value, b[index], tolerance));
	if (options.order === 'exact') {
		for (let index = 0; index < Math.min(want.length, got.length); index++)
			if (!same(want[index], got[index]))
				return {
					passed: false,
					reason: 'RESULT_MISSING_ROWS',
					detail: `row ${index + 1} should be ${show(want[index], names)}, the widget has ${show(got[index], names)}`
				};
	} else {
		// Match each expected row with an unused shown row; rows whose text cells differ never match.
		const pool = new Map<string, unknown[][]>();
		for (const row of got) {
			const key = textKey(row);
			const bucket = pool.get(key);
			if (bucket) bucket.push(row);
			else pool.set(key, [row]);
		}
		const missing: unknown[][] = [];
		for (const row of want) {
			const bucket = pool.get(textKey(row));
			const at = bucket?.findIndex((candidate) => same(row, candidate)) ?? -1;
			if (at < 0) missing.push(row);
			else bucket!.splice(at, 1);
		}
		if (missing.length)
			return {
				passed: false,
				reason: 'RESULT_MISSING_ROWS',
				detail: `${missing.length} of ${want.length} expected rows are not in the widget, e.g. ${show(missing[0], names)}`
			};
		const extra = [...pool.values()].flat();
		if (extra.length)
			return {
				passed: false,
				reason: 'RESULT_EXTRA_ROWS',
				detail: `the widget has ${extra.length} rows more than the truth, e.g. ${show(extra[0], names)}`
			};
		return { passed: true, detail: `${want.length} rows match` };
	}
	if (got.length < want.length)
		return {
			passed: false,
			reason: 'RESULT_MISSING_ROWS',
			detail: `the widget has ${got.length} of ${want.length} rows`
		};
	if (got.length > want.length)
		return {
			passed: false,
			reason: 'RESULT_EXTRA_ROWS',
			detail: `the widget has ${got.length - want.length} rows more than the truth`
		};
	return { passed: true, detail: `${want.length} rows match in order` };
}
