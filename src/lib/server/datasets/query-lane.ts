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

import { FairSlots } from './fair-slots';

/** The lanes, lightest first. */
export type QueryLane = 'constant' | 'light' | 'heavy';

/** Data sets of at most this many rows are small enough for the light lane. */
export const LIGHT_MAX_ROWS = 100_000;

/**
 * The slots of every lane: the heavy lane has the engine's limits (`total`, `perClient`);
 * the constant and light lanes have 4 and 2 slots, one per client. Each queues at most
 * `maxQueued` requests.
 */
export class QueryLanes {
	readonly #lanes: Record<QueryLane, FairSlots>;

	constructor(total: number, perClient: number, maxQueued: number) {
		this.#lanes = {
			constant: new FairSlots(4, 1, maxQueued),
			light: new FairSlots(2, 1, maxQueued),
			heavy: new FairSlots(total, perClient, maxQueued)
		};
	}

	/** The slots of `lane`. */
	slots(lane: QueryLane): FairSlots {
		return this.#lanes[lane];
	}

	/** Queries running and waiting over every lane, and the heavy lane's limits. */
	get load(): { running: number; waiting: number; limits: FairSlots['limits'] } {
		const lanes = Object.values(this.#lanes);
		const sum = (count: (slots: FairSlots) => number) => lanes.reduce((total, slots) => total + count(slots), 0);
		return {
			running: sum((slots) => slots.running),
			waiting: sum((slots) => slots.waiting),
			limits: this.#lanes.heavy.limits
		};
	}
}

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
