/**
 * The data-table's params as the renderer reads them. Like the other collection widgets it
 * takes `data` (rows as a query returns them) as well as `rows`, and a column may be given
 * by its key alone (`columns: ["city", "population"]`); both are read here, once, so the
 * table, its size and its draw checks agree.
 */
import type { ColumnSpec } from './table-model';

/** A column as the params may give it: its spec, or its key alone. */
export type ColumnParam = ColumnSpec | string;

/** The rows (`rows`, else `data`) and the column specs of data-table params. */
export function tableInput(params: { rows?: unknown; data?: unknown; columns?: unknown }): {
	rows: unknown[];
	columns: ColumnSpec[] | undefined;
} {
	const rows = Array.isArray(params.rows) ? params.rows : Array.isArray(params.data) ? params.data : [];
	const columns = Array.isArray(params.columns)
		? params.columns.map((column: unknown) => (typeof column === 'string' ? { key: column } : column) as ColumnSpec)
		: undefined;
	return { rows, columns };
}
