/**
 * The rows behind a widget, for the data check: what the widget resolved from its source's
 * `{"$ref": "source#/…"}` (a list of rows, or one value, which becomes one row named after the
 * pointer's last segment), else the first list of rows in its params (rows bound with a
 * `{"$ref"}` to a stored result, or written inline), else a list of plain values (a filter's
 * options). Plain data in, plain data out: the canvas record is read, never changed.
 */

type Row = Record<string, unknown>;

/** The parts of a canvas record this reads. */
export interface WidgetData {
	type: string;
	params: Record<string, unknown>;
	source?: { params: Record<string, unknown> };
}

function isRow(value: unknown): value is Row {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isRows(value: unknown): value is Row[] {
	return Array.isArray(value) && value.length > 0 && value.every(isRow);
}

/** Paths (property lists) of the `{"$ref": "source…"}` in a params template, with the pointer. */
function sourceRefs(value: unknown, path: string[] = [], found: Array<{ path: string[]; pointer: string }> = []) {
	if (Array.isArray(value)) value.forEach((item, index) => sourceRefs(item, [...path, String(index)], found));
	else if (isRow(value)) {
		if (typeof value.$ref === 'string' && value.$ref.startsWith('source')) {
			found.push({ path, pointer: value.$ref.slice(value.$ref.indexOf('#') + 1) || '' });
			return found;
		}
		for (const [key, item] of Object.entries(value)) sourceRefs(item, [...path, key], found);
	}
	return found;
}

function at(value: unknown, path: string[]): unknown {
	let current = value;
	for (const key of path) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as Record<string, unknown>)[key];
	}
	return current;
}

/** The first list of rows found walking the params (breadth first, so `data`/`rows` win over nested ones). */
function firstRows(params: Record<string, unknown>): Row[] | undefined {
	const queue: unknown[] = [params];
	let visited = 0;
	while (queue.length && visited++ < 5000) {
		const value = queue.shift();
		if (isRows(value)) return value;
		if (Array.isArray(value)) queue.push(...value.slice(0, 50));
		else if (isRow(value)) queue.push(...Object.values(value));
	}
	return undefined;
}

function scalarRows(value: unknown, name: string): Row[] | undefined {
	if (Array.isArray(value) && value.length && value.every((item) => item === null || typeof item !== 'object'))
		return value.map((item) => ({ [name]: item }));
	return undefined;
}

/** The rows behind `widget`, or undefined when it shows none. */
export function rowsBehind(widget: WidgetData): Row[] | undefined {
	if (widget.source) {
		for (const ref of sourceRefs(widget.source.params)) {
			const value = at(widget.params, ref.path);
			if (isRows(value)) return value;
			if (Array.isArray(value)) continue;
			const name = ref.pointer.split('/').filter(Boolean).at(-1) ?? 'value';
			if (value !== undefined && (value === null || typeof value !== 'object')) return [{ [name]: value }];
		}
	}
	const rows = firstRows(widget.params);
	if (rows) return rows;
	const field = typeof widget.params.field === 'string' ? widget.params.field : 'value';
	for (const key of ['options', 'values', 'items', 'data']) {
		const list = scalarRows(widget.params[key], field);
		if (list) return list;
	}
	// One figure (stat, gauge, progress): its value is the row.
	if (widget.params.value !== undefined && (widget.params.value === null || typeof widget.params.value !== 'object'))
		return [{ value: widget.params.value }];
	return undefined;
}
