/**
 * Widgets take rows. A widget that shows a collection of items (markers, figures, events,
 * links, cards…) also accepts `data`, an array of row objects as a query returns them, plus
 * params that name the column feeding each item field (`lat: "latitude"`, `label: "name"`).
 * A query's rows — or a `{"$ref": "source#/rows"}` — then bind without being reshaped.
 *
 * A binding lists those params; from it come the schema properties, the items the renderer
 * draws, and the draw issues (a named column that is not in the rows, a number field without
 * numbers), whose messages list the columns that exist.
 */
import type { JsonSchema } from '$lib/shared';
import type { DrawIssue } from '../types';
import { fieldIssues } from '../charts/field-check';
import { rowsOf, type Row } from '../charts/prepare';
import { requireOneOf, rows, text } from './schema';

/** One param naming a column, and the item field that column fills. */
export interface BoundField {
	/** The item field the column fills (`lat`, `title`, `source`). */
	key: string;
	/** What the column holds, for the schema description. */
	description: string;
	/** The column must hold numbers. */
	numeric?: boolean;
	/** Rows cannot be drawn without this param. */
	required?: boolean;
}

/** Field-name params (by param name) of one widget's rows form. */
export type RowBinding = Readonly<Record<string, BoundField>>;

/** Params of a rows form: the rows and the column names. */
export type RowParams = { data?: Row[] } & Record<string, unknown>;

/** Schema properties of the rows form: `data` (at most `max` rows) and one text param per field. */
export function rowProperties(binding: RowBinding, max: number, rowsDescription: string): Record<string, JsonSchema> {
	const properties: Record<string, JsonSchema> = { data: rows(rowsDescription, max) };
	for (const [param, field] of Object.entries(binding)) {
		properties[param] = text(
			`With \`data\`: the column holding ${field.description}${field.required ? '' : ' (optional)'}`,
			200
		);
	}
	return properties;
}

/** "Either the items param, or `data` with its required field names." */
export function itemsOrRows(itemsParam: string, binding: RowBinding): JsonSchema {
	const required = Object.entries(binding)
		.filter(([, field]) => field.required)
		.map(([param]) => param);
	return requireOneOf([[itemsParam], ['data', ...required]]);
}

/** The column a param names, when it is a non-empty string. */
function columnOf(params: RowParams, param: string): string | undefined {
	const name = params[param];
	return typeof name === 'string' && name !== '' ? name : undefined;
}

/**
 * The items the rows of `data` make: one per row, each field taken from the column its param
 * names (cells that are null or absent leave the field out). No `data`, no items.
 */
export function itemsFromRows(params: RowParams, binding: RowBinding): Record<string, unknown>[] {
	const data = rowsOf(params.data);
	if (!data.length) return [];
	const columns = Object.entries(binding)
		.map(([param, field]) => [field.key, columnOf(params, param)] as const)
		.filter((pair): pair is readonly [string, string] => pair[1] !== undefined);
	return data.map((row) => {
		const item: Record<string, unknown> = {};
		for (const [key, column] of columns) {
			const value = row[column];
			if (value !== null && value !== undefined) item[key] = value;
		}
		return item;
	});
}

/** Draw issues of the rows form: named columns absent from the rows, number fields without numbers. */
export function rowIssues(params: RowParams, binding: RowBinding): DrawIssue[] {
	if (!Array.isArray(params.data)) return [];
	return fieldIssues(
		params.data,
		Object.entries(binding).map(([param, field]) => ({
			path: `/${param}`,
			names: columnOf(params, param),
			numeric: field.numeric
		}))
	);
}

/**
 * Params with the items the rows make appended to the items param (`events`, `links`…), so
 * the renderer reads one list whichever form the params came in. Params without `data` are
 * returned as they are.
 */
export function withRows<Params extends RowParams>(params: Params, itemsParam: string, binding: RowBinding): Params {
	if (!Array.isArray(params.data)) return params;
	const given = Array.isArray(params[itemsParam]) ? (params[itemsParam] as unknown[]) : [];
	return { ...params, [itemsParam]: [...given, ...itemsFromRows(params, binding)] };
}
