/**
 * The data-table's framework-free core: column inference, typed cell formatting, sort keys
 * and CSV export. Row order (sort, filter) lives in table-order.ts; the Svelte component only
 * renders the visible rows.
 */
import { formatDate, toDate, toNumber, toText } from '../shared/values';

export type ColumnType = 'text' | 'number' | 'date' | 'link' | 'image' | 'badge' | 'boolean';
export type NumberFormat = 'auto' | 'integer' | 'decimal' | 'percent' | 'compact' | 'currency';

/** A column as given in params (every field but `key` optional). */
export type ColumnSpec = {
	key: string;
	label?: string;
	type?: ColumnType;
	format?: NumberFormat;
	currency?: string;
	labelKey?: string;
	width?: number;
};

/** A column after inference: every field resolved. */
export type Column = {
	key: string;
	label: string;
	type: ColumnType;
	format: NumberFormat;
	currency: string;
	labelKey?: string;
	width: number;
	align: 'start' | 'end' | 'center';
};

export type Row = Record<string, unknown>;
export type SortState = { key: string; direction: 'asc' | 'desc' } | undefined;

const urlLike = /^(https?:\/\/|mailto:)/i;
const imageLike = /\.(png|jpe?g|gif|webp|avif|svg)(\?|$)|^data:image\//i;
const dateLike = /^\d{4}-\d{2}(-\d{2})?([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Column keys made unique: a repeated key (as `SELECT a.x, b.x` gives) becomes `x_2`, `x_3`…
 * (never a key that is already taken), so array rows keep every cell and each column has
 * its own key.
 */
export function uniqueKeys(keys: readonly string[]): string[] {
	const taken = new Set(keys);
	const seen = new Map<string, number>();
	return keys.map((key) => {
		const count = (seen.get(key) ?? 0) + 1;
		seen.set(key, count);
		if (count === 1) return key;
		let candidate = `${key}_${count}`;
		for (let extra = count; taken.has(candidate); extra++) candidate = `${key}_${extra + 1}`;
		taken.add(candidate);
		return candidate;
	});
}

/** Rows as objects: arrays are mapped onto (unique) column keys in order, anything else is dropped. */
export function normalizeRows(rows: unknown, columns: ColumnSpec[] | undefined): Row[] {
	if (!Array.isArray(rows)) return [];
	const keys = uniqueKeys(
		columns?.filter((column) => column && typeof column.key === 'string').map((column) => column.key) ?? []
	);
	const out: Row[] = new Array(rows.length);
	let count = 0;
	for (const row of rows) {
		if (Array.isArray(row)) {
			const record: Row = {};
			row.forEach((value, index) => (record[keys[index] ?? `column ${index + 1}`] = value));
			out[count++] = record;
		} else if (row && typeof row === 'object') out[count++] = row as Row;
	}
	out.length = count;
	return out;
}

function guessType(values: unknown[]): ColumnType {
	const present = values.filter((value) => value !== null && value !== undefined && value !== '');
	if (!present.length) return 'text';
	if (present.every((value) => typeof value === 'boolean')) return 'boolean';
	if (
		present.every(
			(value) =>
				typeof value === 'number' || (typeof value === 'string' && toNumber(value) !== undefined && !/^0\d/.test(value))
		)
	)
		return 'number';
	if (
		present.every(
			(value) =>
				typeof value === 'string' && imageLike.test(value) && (urlLike.test(value) || value.startsWith('data:'))
		)
	)
		return 'image';
	if (present.every((value) => typeof value === 'string' && urlLike.test(value))) return 'link';
	if (present.every((value) => typeof value === 'string' && dateLike.test(value.trim()))) return 'date';
	return 'text';
}

function humanize(key: string): string {
	const spaced = key
		.replace(/[_-]+/g, ' ')
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.trim();
	return spaced ? spaced[0].toUpperCase() + spaced.slice(1) : key;
}

/**
 * A repeated column key: for rows that came as arrays, its cells are under the unique key
 * `normalizeRows` gave it (shown as "X (2)"); object rows cannot hold a key twice, so the
 * repeat would only show the same cells again and is dropped.
 */
function distinctSpecs(specs: ColumnSpec[], sample: Row[]): ColumnSpec[] {
	const keys = uniqueKeys(specs.map((spec) => spec.key));
	const out: ColumnSpec[] = [];
	specs.forEach((spec, index) => {
		const key = keys[index];
		if (key === spec.key) out.push(spec);
		else if (sample.some((row) => key in row)) {
			const occurrence = key.slice(spec.key.length + 1);
			out.push({ ...spec, key, label: `${spec.label ?? humanize(spec.key)} (${occurrence})` });
		}
	});
	return out;
}

/** Resolves columns: given ones are completed; when absent they are inferred from the first rows. */
export function resolveColumns(specs: ColumnSpec[] | undefined, rows: Row[]): Column[] {
	const sample = rows.slice(0, 200);
	let list = distinctSpecs(specs?.filter((spec) => spec && typeof spec.key === 'string') ?? [], sample);
	if (!list.length) {
		const keys = new Set<string>();
		for (const row of sample) for (const key of Object.keys(row)) if (keys.size < 60) keys.add(key);
		list = [...keys].map((key) => ({ key }));
	}
	return list.map((spec) => {
		const type = spec.type ?? guessType(sample.map((row) => row[spec.key]));
		const width =
			typeof spec.width === 'number' && spec.width >= 40
				? Math.min(spec.width, 800)
				: type === 'number' || type === 'date'
					? 120
					: type === 'image'
						? 72
						: type === 'boolean'
							? 80
							: 180;
		return {
			key: spec.key,
			label: spec.label ?? humanize(spec.key),
			type,
			format: spec.format ?? 'auto',
			currency: spec.currency && /^[A-Z]{3}$/.test(spec.currency) ? spec.currency : 'USD',
			labelKey: spec.labelKey,
			width,
			align: type === 'number' ? 'end' : type === 'boolean' || type === 'image' ? 'center' : 'start'
		};
	});
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormatter(format: NumberFormat, currency: string): Intl.NumberFormat {
	const key = `${format}|${currency}`;
	let formatter = numberFormats.get(key);
	if (!formatter) {
		const options: Intl.NumberFormatOptions =
			format === 'integer'
				? { maximumFractionDigits: 0 }
				: format === 'decimal'
					? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
					: format === 'percent'
						? { style: 'percent', maximumFractionDigits: 1 }
						: format === 'compact'
							? { notation: 'compact', maximumFractionDigits: 1 }
							: format === 'currency'
								? { style: 'currency', currency }
								: { maximumFractionDigits: 2 };
		formatter = new Intl.NumberFormat(undefined, options);
		numberFormats.set(key, formatter);
	}
	return formatter;
}

/** The number in a number cell; "12%" reads as 0.12 in a percent column. */
export function cellNumber(column: Column, value: unknown): number | undefined {
	const number = toNumber(value);
	if (number !== undefined && column.format === 'percent' && typeof value === 'string' && value.trim().endsWith('%'))
		return number / 100;
	return number;
}

/** The text a cell shows (and exports): numbers and dates formatted, the rest as text. */
export function formatCell(column: Column, value: unknown): string {
	if (value === null || value === undefined) return '';
	if (column.type === 'number') {
		const number = cellNumber(column, value);
		if (number === undefined) return toText(value);
		return numberFormatter(column.format, column.currency).format(number);
	}
	if (column.type === 'date') {
		const date = toDate(value);
		return date ? formatDate(date) : toText(value);
	}
	if (column.type === 'boolean')
		return value === true || value === 'true' ? 'Yes' : value === false || value === 'false' ? 'No' : toText(value);
	return toText(value);
}

/** The sort key of a value in a column: numbers for number/date/boolean columns, lower-case text otherwise. */
export function sortKey(column: Column, value: unknown): number | string | undefined {
	if (value === null || value === undefined || value === '') return undefined;
	if (column.type === 'number') return cellNumber(column, value);
	if (column.type === 'date') return toDate(value)?.getTime();
	if (column.type === 'boolean') return value === true || value === 'true' ? 1 : 0;
	return toText(value).toLocaleLowerCase();
}

/** One CSV field: quoted when needed; leading = + - @ neutralised so spreadsheets do not run formulas. */
export function csvField(text: string): string {
	const guarded = /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d/.test(text) ? `'${text}` : text;
	return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

function rawText(value: unknown): string {
	return typeof value === 'number' ? String(value) : toText(value);
}

/** CSV (RFC 4180, CRLF) of the given rows in the given order; raw values, not display text. */
export function toCsv(
	rows: Row[],
	columns: Column[],
	indexes: ArrayLike<number> = rows.map((_, index) => index)
): string {
	const lines = [columns.map((column) => csvField(column.label)).join(',')];
	for (let position = 0; position < indexes.length; position++) {
		const row = rows[indexes[position]];
		lines.push(columns.map((column) => csvField(rawText(row[column.key]))).join(','));
	}
	return lines.join('\r\n') + '\r\n';
}
