/**
 * What a data result looks like, in one line the model can bind from even when it only saw a
 * preview: row count and column names with types, or the top-level keys. And the hint that
 * tells the model how to reference the result instead of copying it.
 */
import { isPlainObject, tryParseJson } from '$lib/shared';
import type { StoredResult } from '../loop/state';

/** How a JSON text can start (after white space): plain text fails this without a parse attempt. */
const jsonStart = /^\s*[[{"\-0-9tfn]/;

/** The value a stored result stands for: its JSON parsed when it parses, else the text. */
export function resultValue(text: string): unknown {
	const parsed = jsonStart.test(text) ? tryParseJson(text) : undefined;
	return parsed === undefined ? text : parsed;
}

/** The value a stored result stands for: the one kept beside its text, else its text parsed (once). */
export function storedValue(stored: StoredResult): unknown {
	if (stored.value === undefined) stored.value = resultValue(stored.text);
	return stored.value;
}

const counts = new Intl.NumberFormat('en-US');

function jsType(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	return typeof value;
}

function rowFields(rows: unknown[]): string {
	const first = rows.find(isPlainObject);
	if (!first) return '';
	return Object.keys(first)
		.slice(0, 40)
		.map((key) => `${key} (${jsType(first[key])})`)
		.join(', ');
}

/** The array a widget would most likely bind: the value itself, `rows`, or the first array. */
export function rowsPointer(value: unknown): string | undefined {
	if (Array.isArray(value)) return '';
	if (!isPlainObject(value)) return undefined;
	if (Array.isArray(value.rows)) return '/rows';
	const key = Object.keys(value).find((candidate) => Array.isArray(value[candidate]));
	return key === undefined ? undefined : `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** One line describing the value's shape. */
export function describeShape(value: unknown): string {
	if (Array.isArray(value)) {
		const fields = rowFields(value);
		return `${counts.format(value.length)} item${value.length === 1 ? '' : 's'}${fields ? `; fields: ${fields}` : ''}`;
	}
	if (isPlainObject(value)) {
		if (Array.isArray(value.rows)) {
			const columns = Array.isArray(value.columns)
				? value.columns
						.filter(isPlainObject)
						.slice(0, 40)
						.map((column) => `${String(column.name)}${column.type ? ` (${String(column.type)})` : ''}`)
						.join(', ')
				: rowFields(value.rows);
			const total =
				typeof value.totalRows === 'number' && value.totalRows !== value.rows.length
					? ` (of ${counts.format(value.totalRows)} in all)`
					: '';
			return `${counts.format(value.rows.length)} rows${total} at /rows; columns: ${columns || '(none)'}`;
		}
		const keys = Object.keys(value);
		return `an object with keys ${keys.slice(0, 30).join(', ')}${keys.length > 30 ? ', …' : ''}`;
	}
	return typeof value === 'string' ? `text of ${counts.format(value.length)} characters` : `a ${jsType(value)}`;
}

/** The note appended to a data result the model reads. */
export function referenceHint(id: string, value: unknown): string {
	const pointer = rowsPointer(value);
	const options = pointer ? `{"$ref": "${id}"} or {"$ref": "${id}#${pointer}"}` : `{"$ref": "${id}"}`;
	return `[Result id: ${id}. To display this data without copying it, use ${pointer === '' ? `{"$ref": "${id}"}` : options} as a widget param. Shape: ${describeShape(value)}.]`;
}
