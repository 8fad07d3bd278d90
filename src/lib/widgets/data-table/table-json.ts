/**
 * A table's rows as JSON for export: one object per row, keyed by column, in the order
 * shown (filtered and sorted) and with the raw values (numbers stay numbers), so the file
 * reads back into any tool as the data the table was given.
 */
import type { Column, Row } from './table-model';

/** JSON text (an array of objects, two-space indented) of the given rows in the given order. */
export function toJsonRows(
	rows: Row[],
	columns: Column[],
	indexes: ArrayLike<number> = rows.map((_, index) => index)
): string {
	const out: Record<string, unknown>[] = [];
	for (let position = 0; position < indexes.length; position++) {
		const row = rows[indexes[position]];
		const item: Record<string, unknown> = {};
		for (const column of columns) item[column.key] = row[column.key] ?? null;
		out.push(item);
	}
	return JSON.stringify(out, null, 2) + '\n';
}
