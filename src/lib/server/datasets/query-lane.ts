/**
 * Which lane a query runs in. Each lane has its own slots, so a `SELECT 1` never queues
 * behind anything that reads data, and a count over a small table never queues behind other
 * clients' heavy group-bys. Read from the statement (strings and comments cannot hide words
 * from this check, they only make it stricter):
 * - `constant`: mentions no data set and no row generator or recursion (`range`,
 *   `generate_series`, `repeat`, `unnest`, `WITH RECURSIVE`), e.g. `SELECT 1`;
 * - `light`: one mention of one data set of at most `maxRows` rows, no generator;
 * - `heavy`: everything else (large data sets, joins of data sets, generators).
 */

/** The lanes, lightest first. */
export type QueryLane = 'constant' | 'light' | 'heavy';

const generators = new Set(['range', 'generate_series', 'repeat', 'unnest', 'recursive']);

/** The lane of `statement`: `rowsOf(word)` gives a data set's row count, undefined for other words. */
export function queryLane(statement: string, rowsOf: (word: string) => number | undefined, maxRows: number): QueryLane {
	const words = statement.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? [];
	let mentions = 0;
	for (const word of words) {
		if (generators.has(word)) return 'heavy';
		const rows = rowsOf(word);
		if (rows === undefined) continue;
		mentions++;
		if (mentions > 1 || rows > maxRows) return 'heavy';
	}
	return mentions ? 'light' : 'constant';
}
