/**
 * `describe_dataset` over a file's table, and the profile card: per column its type, count,
 * nulls, distinct values, min/max/mean for numbers, min/max for dates, every value of a text
 * column with few of them, else its most frequent values; and sample rows. One scan for the
 * statistics, one small query per text column for its top values.
 */
import type { FilesEngine, LoadedTable } from './engine';

/** Statistics of one column (the datasets server's shape, plus `top`). */
export interface ColumnStats {
	name: string;
	type: string;
	count: number;
	nulls: number;
	distinct: number;
	distinctApproximate?: boolean;
	min?: unknown;
	max?: unknown;
	mean?: number;
	values?: string[];
	/** The most frequent values of a text column with many distinct values. */
	top?: { value: string; count: number }[];
}

/** What `describe_dataset` returns for a file's table. */
export interface TableDescription {
	name: string;
	description: string;
	sources: string[];
	rows: number;
	columns: ColumnStats[];
	sampleRows: Record<string, unknown>[];
}

const NUMERIC = /^(U?(TINY|SMALL|BIG|HUGE)?INT(EGER)?|FLOAT|DOUBLE|REAL|DECIMAL.*)$/;
const TEMPORAL = /^(DATE|TIMESTAMP.*|TIME)$/;
const MAX_LISTED_VALUES = 15;
const APPROXIMATE_FROM_ROWS = 1_000_000;
/** Text columns whose top values are computed (the first ones). */
const TOP_COLUMNS = 8;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Describes `table` (made from `fileName`). */
export async function describeTable(
	engine: FilesEngine,
	loaded: LoadedTable,
	fileName: string,
	sampleRows = 5
): Promise<TableDescription> {
	const approximate = loaded.rows >= APPROXIMATE_FROM_ROWS;
	const parts = ['count(*)::DOUBLE AS total'];
	loaded.columns.forEach((column, index) => {
		const id = quote(column.name);
		parts.push(`count(${id})::DOUBLE AS n${index}`);
		parts.push(
			approximate ? `approx_count_distinct(${id})::DOUBLE AS d${index}` : `count(DISTINCT ${id})::DOUBLE AS d${index}`
		);
		if (NUMERIC.test(column.type))
			parts.push(
				`min(${id})::DOUBLE AS lo${index}`,
				`max(${id})::DOUBLE AS hi${index}`,
				`avg(${id})::DOUBLE AS mean${index}`
			);
		else if (TEMPORAL.test(column.type))
			parts.push(`min(${id})::VARCHAR AS lo${index}`, `max(${id})::VARCHAR AS hi${index}`);
	});
	const [row] = await engine.rows(`SELECT ${parts.join(', ')} FROM ${quote(loaded.table)}`);
	const total = Number(row.total);
	const columns: ColumnStats[] = loaded.columns.map((column, index) => {
		const count = Number(row[`n${index}`]);
		const stats: ColumnStats = {
			name: column.name,
			type: column.type,
			count,
			nulls: total - count,
			distinct: Number(row[`d${index}`])
		};
		if (approximate) stats.distinctApproximate = true;
		if (`lo${index}` in row) {
			stats.min = row[`lo${index}`];
			stats.max = row[`hi${index}`];
		}
		const mean = row[`mean${index}`];
		if (typeof mean === 'number') stats.mean = Math.round(mean * 1e6) / 1e6;
		return stats;
	});
	const text = columns.filter((column) => column.type === 'VARCHAR').slice(0, TOP_COLUMNS);
	for (const column of text) {
		const id = quote(column.name);
		const few = column.distinct <= MAX_LISTED_VALUES;
		const top = await engine.rows(
			`SELECT ${id}::VARCHAR AS value, count(*)::DOUBLE AS n FROM ${quote(loaded.table)} WHERE ${id} IS NOT NULL GROUP BY 1 ORDER BY ${few ? '1' : '2 DESC, 1'} LIMIT ${few ? MAX_LISTED_VALUES : 3}`
		);
		if (few) column.values = top.map((item) => String(item.value));
		else column.top = top.map((item) => ({ value: String(item.value), count: Number(item.n) }));
	}
	const samples = Math.min(Math.max(0, sampleRows), 20);
	return {
		name: loaded.table,
		description: `${loaded.sheet ? `Sheet "${loaded.sheet}" of ` : ''}the file "${fileName}", added on this device.`,
		sources: [fileName],
		rows: loaded.rows,
		columns,
		sampleRows: samples ? await engine.rows(`SELECT * FROM ${quote(loaded.table)} LIMIT ${samples}`) : []
	};
}
