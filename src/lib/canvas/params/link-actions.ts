/**
 * Linking and filtering without a model, from the inspector: "Filter on this column" makes a
 * `filter` widget bound to a new canvas parameter, "Link clicks to a parameter" gives a chart
 * or table the `select` a model would give it, and "Bind" makes a live widget's SQL source
 * read a parameter (`{"$param"}` in its arguments, `$name` in its SQL). Pure: the store and
 * the validator apply what these return.
 */
import { isPlainObject, type ParamScalar } from '$lib/shared';
import type { WidgetRecord, WidgetSource } from '../types';
import { selectionValue, selectOf } from '$lib/widgets/shared/select-param';

/** The rows a widget shows (`data` or `rows` objects), or none. */
export function rowsOf(params: Record<string, unknown>): Record<string, unknown>[] {
	const rows = Array.isArray(params.data) ? params.data : Array.isArray(params.rows) ? params.rows : [];
	return rows.filter(isPlainObject);
}

/** The columns of a widget's rows, in the order they first appear. */
export function columnsOf(params: Record<string, unknown>): string[] {
	const columns = new Set<string>();
	for (const row of rowsOf(params).slice(0, 200)) for (const key of Object.keys(row)) columns.add(key);
	return [...columns];
}

/** The parameters the canvas knows of: set ones, and those filters, clicks and sources name. */
export function knownParams(records: readonly WidgetRecord[], set: readonly string[]): Map<string, string | undefined> {
	const known = new Map<string, string | undefined>(set.map((name) => [name, undefined]));
	for (const record of records) {
		const select = selectOf(record.params);
		if (select) known.set(select.param, select.field);
		const { param, field } = record.params;
		if (record.type === 'filter' && typeof param === 'string')
			known.set(param, typeof field === 'string' ? field : known.get(param));
	}
	return known;
}

/** A new parameter name for `column`: an identifier, lower case, not one of `taken`. */
export function paramNameFor(column: string, taken: Iterable<string>): string {
	const used = new Set(taken);
	let base = column
		.toLowerCase()
		.replace(/[^a-z0-9_]+/g, '_')
		.replace(/^_+|_+$/g, '')
		.slice(0, 56);
	if (!/^[a-z_]/.test(base)) base = `p_${base}`;
	if (!used.has(base)) return base;
	for (let n = 2; ; n++) if (!used.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** The parameter clicks on `column` set already (the widget's own `select`, or a filter's). */
export function paramOfColumn(
	records: readonly WidgetRecord[],
	record: WidgetRecord,
	column: string
): string | undefined {
	const own = selectOf(record.params);
	if (own?.field === column) return own.param;
	for (const [name, field] of knownParams(records, [])) if (field === column) return name;
	return undefined;
}

/**
 * The filter widget's params for `column` of `rows`: a select of its distinct values (at most
 * 1,000), a number range when there are more numbers, else a search box.
 */
export function filterParamsFor(
	rows: readonly Record<string, unknown>[],
	column: string,
	param: string
): Record<string, unknown> {
	const values = new Set<ParamScalar>();
	for (const row of rows) {
		const value = selectionValue(row[column]);
		if (value !== undefined) values.add(value);
	}
	const distinct = [...values];
	const base = { param, field: column, label: column, title: `${column} filter` };
	if (distinct.length <= 1000)
		return { ...base, control: 'select', options: distinct.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
	const numbers = distinct.filter((value): value is number => typeof value === 'number');
	if (numbers.length === distinct.length)
		return { ...base, control: 'range', min: Math.min(...numbers), max: Math.max(...numbers) };
	return { ...base, control: 'search' };
}

/** A widget's params with clicks on `column` setting `param`. */
export function linkClicks(params: Record<string, unknown>, column: string, param: string): Record<string, unknown> {
	return { ...params, select: { param, field: column } };
}

const quoted = (column: string) => `"${column.replace(/"/g, '""')}"`;

/**
 * A SQL source reading `param` for `column`: its query wrapped in
 * `WHERE ($param IS NULL OR "column" = $param)` (a range: BETWEEN its ends) and
 * `params.<param>` bound to `{"$param": param}`; undefined when the source has no `sql`.
 */
export function bindSqlSource(
	source: Pick<WidgetSource, 'tool' | 'args'>,
	param: string,
	column: string,
	range = false
): Pick<WidgetSource, 'tool' | 'args'> | undefined {
	const { sql } = source.args;
	if (typeof sql !== 'string' || !sql.trim()) return undefined;
	const test = range ? `${quoted(column)} BETWEEN $${param}[1] AND $${param}[2]` : `${quoted(column)} = $${param}`;
	const inner = sql.trim().replace(/;\s*$/, '');
	const params = isPlainObject(source.args.params) ? source.args.params : {};
	return {
		tool: source.tool,
		args: {
			...source.args,
			sql: `SELECT * FROM (${inner}) AS bound WHERE ($${param} IS NULL OR ${test})`,
			params: { ...params, [param]: { $param: param } }
		}
	};
}
