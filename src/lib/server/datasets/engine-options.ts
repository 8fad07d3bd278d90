/**
 * The datasets engine's settings, their defaults and the options of one query.
 */
import type { DatasetEntry } from './catalog';
import type { ColumnInfo } from './normalize';

/** A data set after its first use: its columns and row count. */
export interface LoadedDataset {
	entry: DatasetEntry;
	columns: ColumnInfo[];
	rows: number;
}

/** Engine settings; the defaults suit a laptop shared with other work. */
export interface DatasetEngineOptions {
	/** Folder of the data files (defaults to the `vega-datasets` package's). */
	dataDirectory?: string;
	/** DuckDB `memory_limit` (default `1GB`). */
	memoryLimit?: string;
	/** DuckDB worker threads (default 2). */
	threads?: number;
	/** Per-query timeout in milliseconds (default 10 000). */
	queryTimeoutMs?: number;
	/** Model queries running at once; more wait their turn (default 4). */
	maxConcurrentQueries?: number;
	/** Queries one client (MCP session) runs at once (default half of `maxConcurrentQueries`, rounded up). */
	maxQueriesPerClient?: number;
	/** Queries waiting for a slot at most; past it a query is refused at once as busy (default 64). */
	maxQueuedQueries?: number;
}

/** What the engine is doing right now (for health checks and the load bench). */
export interface EngineLoad {
	running: number;
	waiting: number;
	limits: { total: number; perOwner: number; maxWaiting: number };
}

/** Options of one query. */
export interface QueryOptions {
	/** Rows to return at most (default 500, at most 5 000). */
	limit?: number;
	/** Overrides the engine's per-query timeout. */
	timeoutMs?: number;
	/** Cap on the JSON size of the returned rows, in characters (default 1 000 000). */
	maxBytes?: number;
	signal?: AbortSignal;
	/** Who asks (an MCP session): each owner gets a fair share of the query slots. */
	owner?: unknown;
	/** Values of the SQL's named parameters (`$origin` → `{ origin: "Japan" }`), bound, never pasted (see sql-params.ts). */
	params?: unknown;
}

/** Rows returned by default and at most by one query. */
export const DEFAULT_ROW_LIMIT = 500;
export const MAX_ROW_LIMIT = 5_000;
export const DEFAULT_MAX_BYTES = 1_000_000;
const DEFAULT_TIMEOUT_MS = 10_000;

/** The engine's settings with every default filled in. */
export type EngineSettings = Required<Omit<DatasetEngineOptions, 'dataDirectory'>>;

/** Fills in the defaults of `options` (the data folder aside). */
export function engineSettings(options: DatasetEngineOptions): EngineSettings {
	return {
		memoryLimit: options.memoryLimit ?? '1GB',
		threads: options.threads ?? 2,
		queryTimeoutMs: options.queryTimeoutMs ?? DEFAULT_TIMEOUT_MS,
		maxConcurrentQueries: options.maxConcurrentQueries ?? 4,
		maxQueriesPerClient: options.maxQueriesPerClient ?? Math.max(1, Math.ceil((options.maxConcurrentQueries ?? 4) / 2)),
		maxQueuedQueries: options.maxQueuedQueries ?? 64
	};
}
