/**
 * What a tool chip says it did, in a few words: "bar · Horsepower by origin",
 * "query_sql · cars, 3 rows", "get_recipe · bar". Read from the call's arguments and the
 * result the model received; never longer than a chip line.
 */
import { isPlainObject, tryParseJson } from '$lib/shared';

const MAX = 48;

function clip(text: string): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}

function firstString(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
	for (const key of keys) {
		const value = record[key];
		if (typeof value === 'string' && value.trim()) return value;
	}
	return undefined;
}

/** The tables a SQL query reads (FROM / JOIN), in order, without duplicates. */
export function sqlTables(sql: string): string[] {
	const names = [...sql.matchAll(/\b(?:from|join)\s+("?)([A-Za-z_][\w.]*)\1/gi)].map((match) => match[2]);
	return [...new Set(names.filter((name) => !/^(select|lateral|unnest|values)$/i.test(name)))];
}

/** How many rows a result has, when it says so (an array, `rows`, `totalRows`, `count`). */
export function rowCount(result: string | undefined): number | undefined {
	if (!result) return undefined;
	const value = tryParseJson(result);
	if (Array.isArray(value)) return value.length;
	if (!isPlainObject(value)) return undefined;
	if (Array.isArray(value.rows)) return typeof value.totalRows === 'number' ? value.totalRows : value.rows.length;
	for (const key of ['totalRows', 'rowCount', 'count', 'total'])
		if (typeof value[key] === 'number') return value[key] as number;
	return undefined;
}

function widgetTitle(params: unknown): string | undefined {
	if (!isPlainObject(params)) return undefined;
	return firstString(params, ['title', 'label', 'description', 'text', 'caption', 'y', 'value']);
}

/** The words after "tool ·" on a chip, or '' when nothing useful can be said. */
export function chipSummary(tool: string, args: Record<string, unknown>, result?: string): string {
	if (tool === 'widget_display') {
		const name = typeof args.name === 'string' ? args.name : 'widget';
		const title = widgetTitle(args.params);
		return clip(title ? `${name} · ${title}` : name);
	}
	if (tool === 'canvas') {
		const action = typeof args.action === 'string' ? args.action : '';
		return clip([action, typeof args.id === 'string' ? args.id : ''].filter(Boolean).join(' '));
	}
	if (tool === 'get_recipe' || tool === 'search_recipes' || tool === 'recall') {
		const value =
			firstString(args, ['name', 'query', 'id']) ?? (Array.isArray(args.names) ? args.names.join(', ') : undefined);
		return value ? clip(tool === 'search_recipes' ? `"${value}"` : value) : '';
	}
	const sql = firstString(args, ['sql', 'query']);
	const subject =
		sql && /\bselect\b|\bfrom\b/i.test(sql)
			? sqlTables(sql).join(', ')
			: firstString(args, ['dataset', 'table', 'name', 'id', 'query', 'q', 'url', 'path']);
	const rows = rowCount(result);
	const parts = [
		subject ? clip(subject) : '',
		rows !== undefined ? `${rows.toLocaleString('en-US')} row${rows === 1 ? '' : 's'}` : ''
	].filter(Boolean);
	return clip(parts.join(', '));
}
