/**
 * Linked selection: a chart, table or map with `select: { "param": "<canvas parameter>",
 * "field": "<column>" }` sets that parameter to the clicked mark's value of `field` (see
 * `pickParamValue` for click, click again and Shift+click). Pure: the schema fragment, the
 * draw issue of a field absent from the rows, and the value a mark's datum gives.
 */
import { isPlainObject, paramItems, type JsonSchema, type ParamScalar, type ParamValue } from '$lib/shared';
import type { DrawIssue } from '../types';
import { object, text } from './schema';

/** What a widget's `select` param holds. */
export interface SelectSpec {
	param: string;
	field: string;
}

/** The `select` property of a widget schema. */
export const selectProperty: JsonSchema = object(
	{
		param: {
			type: 'string',
			pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$',
			description: 'The canvas parameter a click sets, e.g. "origin"'
		},
		field: text('The column whose value the clicked mark gives, e.g. "Origin"', 200)
	},
	['param', 'field'],
	'Linked selection: clicking a mark sets the canvas parameter `param` to its value of `field` (click again clears, Shift+click adds to a list); widgets whose source binds {"$param": "<param>"} update'
);

/** The widget's selection, when its params carry a well-formed one. */
export function selectOf(params: { select?: unknown }): SelectSpec | undefined {
	const select = params.select;
	if (!isPlainObject(select) || typeof select.param !== 'string' || typeof select.field !== 'string') return undefined;
	return { param: select.param, field: select.field };
}

const midnight = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.000)?Z$/;

/**
 * The parameter value a mark's cell gives: text, numbers and booleans as they are, a date at
 * midnight UTC as its day (what SQL compares with a DATE column), nothing for empty cells.
 */
export function selectionValue(value: unknown): ParamScalar | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : selectionValue(value.toISOString());
	if (typeof value === 'string') return midnight.exec(value)?.[1] ?? value;
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value === 'boolean') return value;
	return undefined;
}

/** A `select.field` that none of the rows has, with the fields that exist. */
export function selectIssues(params: { select?: unknown }, rows: unknown): DrawIssue[] {
	const select = selectOf(params);
	const objects = Array.isArray(rows) ? rows.slice(0, 200).filter(isPlainObject) : [];
	if (!select || objects.length === 0) return [];
	const present = new Set<string>();
	for (const row of objects) for (const key of Object.keys(row)) present.add(key);
	if (present.has(select.field)) return [];
	return [
		{
			path: '/select/field',
			message: `"${select.field}" is not a field of the data; fields are: ${[...present].slice(0, 30).join(', ')}`
		}
	];
}

/**
 * What a click on a bin `[from, to]` makes of a range parameter: the bin, nothing when it is
 * the range already, or (Shift) the range stretched to cover it too.
 */
export function pickRange(
	current: ParamValue | undefined,
	bin: readonly [number, number],
	additive: boolean
): [number, number] | null {
	const items = paramItems(current);
	const range =
		items.length === 2 && items.every((item) => typeof item === 'number') ? (items as [number, number]) : undefined;
	if (range && range[0] === bin[0] && range[1] === bin[1]) return null;
	if (additive && range) return [Math.min(range[0], bin[0]), Math.max(range[1], bin[1])];
	return [bin[0], bin[1]];
}
