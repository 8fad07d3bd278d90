/**
 * Streams a prepared statement's rows up to a row cap and a JSON size cap, converting each
 * value to JSON, and counts the full result only when the rows were capped (DuckDB answers
 * `count(*)` over a subquery far faster than streaming every row to JavaScript).
 */
import type { DuckDBConnection, DuckDBPreparedStatement, Json } from '@duckdb/node-api';
import type { ColumnInfo } from './normalize';
import { jsonSafeConverter } from './values';

/** What a query returns: typed columns, JSON rows, and whether (and why) they were capped. */
export interface QueryResult {
	columns: ColumnInfo[];
	rows: Record<string, Json>[];
	/** Rows returned. */
	rowCount: number;
	/** Rows the query produced in all; `null` when counting them failed. */
	totalRows: number | null;
	/** `rows`: the row limit was reached; `bytes`: the size cap was reached. */
	truncated: false | 'rows' | 'bytes';
	/** Time in the engine, loading the data sets and waiting for a query slot included. */
	elapsedMs: number;
}

/** Caps for one run. */
export interface CappedRunOptions {
	limit: number;
	maxBytes: number;
	/** True once the run was interrupted (timeout or cancel): stop reading. */
	stopped: () => boolean;
	/** Binds the statement's named parameters (the count of capped rows is a statement of its own). */
	bind?: (prepared: DuckDBPreparedStatement) => void;
}

/** Runs `prepared` (the single statement `statement`) and returns capped JSON rows. */
export async function runCappedQuery(
	connection: DuckDBConnection,
	prepared: DuckDBPreparedStatement,
	statement: string,
	options: CappedRunOptions
): Promise<QueryResult> {
	const started = performance.now();
	const result = await prepared.stream();
	const names = result.deduplicatedColumnNames();
	const columns = names.map((name, index) => ({ name, type: result.columnType(index).toString() }));
	const rows: Record<string, Json>[] = [];
	let bytes = 2;
	let truncated: QueryResult['truncated'] = false;
	let seen = 0;
	reading: while (!options.stopped()) {
		const chunk = await result.fetchChunk();
		if (!chunk || chunk.rowCount === 0) break;
		for (const values of chunk.convertRows(jsonSafeConverter)) {
			seen++;
			if (rows.length >= options.limit) {
				truncated = 'rows';
				break reading;
			}
			const row: Record<string, Json> = {};
			names.forEach((name, index) => (row[name] = values[index]));
			bytes += JSON.stringify(row).length + 1;
			if (bytes > options.maxBytes) {
				truncated = 'bytes';
				break reading;
			}
			rows.push(row);
		}
	}
	let totalRows: number | null = seen;
	if (truncated) totalRows = await countRows(connection, statement, options.bind);
	return {
		columns,
		rows,
		rowCount: rows.length,
		totalRows,
		truncated,
		elapsedMs: Math.round(performance.now() - started)
	};
}

async function countRows(
	connection: DuckDBConnection,
	statement: string,
	bind?: CappedRunOptions['bind']
): Promise<number | null> {
	try {
		const counting = await connection.prepare(`SELECT count(*)::DOUBLE AS n FROM (${statement}\n) AS counted`);
		bind?.(counting);
		const reader = await counting.runAndReadAll();
		return Number(reader.getRows()[0][0]);
	} catch {
		return null;
	}
}
