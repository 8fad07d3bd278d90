/**
 * The human-readable note attached to a capped query result, so a model knows the rows it
 * holds are not all of them and what to do about it.
 */
import { MAX_ROW_LIMIT } from './engine';
import type { QueryResult } from './run-query';

/** A note when rows were capped or the requested limit was lowered; otherwise undefined. */
export function queryNote(result: QueryResult, requestedLimit?: number): string | undefined {
	const parts: string[] = [];
	if (requestedLimit !== undefined && requestedLimit > MAX_ROW_LIMIT) {
		parts.push(`The limit was lowered from ${requestedLimit} to the maximum of ${MAX_ROW_LIMIT}.`);
	}
	if (result.truncated) {
		const total = result.totalRows === null ? 'more' : result.totalRows.toLocaleString('en-US');
		const why = result.truncated === 'rows' ? 'the row limit' : 'the size cap of the response';
		parts.push(
			`Showing the first ${result.rowCount.toLocaleString('en-US')} of ${total} rows (capped by ${why}). Aggregate with GROUP BY, filter with WHERE or pass a larger limit if you need more.`
		);
	}
	return parts.length ? parts.join(' ') : undefined;
}
