/**
 * The datasets server's limits from the environment, read the same way by the app's endpoint
 * and by `npm run mcp:datasets`, so a team service is tuned without code: how many queries run
 * at once, how many one client may run, how many may wait, and how long one may take; how
 * many sessions one client (address) may hold and open a minute.
 */
import type { DatasetEngineOptions } from './engine';
import type { DatasetsHttpOptions } from './http';

/** The variables read, with what each sets (README and docs/DEPLOY.md list them). */
export const DATASETS_ENV = {
	DATASETS_MAX_QUERIES: 'queries running at once (default 4)',
	DATASETS_QUERIES_PER_CLIENT: 'queries one client (MCP session) runs at once (default half of the above)',
	DATASETS_MAX_QUEUED: 'queries waiting at most; past it a query is refused as busy at once (default 64)',
	DATASETS_TIMEOUT_MS: 'time a query may take, queue time included (default 10000)',
	DATASETS_THREADS: 'DuckDB worker threads (default 2)',
	DATASETS_MEMORY_LIMIT: "DuckDB's memory limit (default 1GB)",
	DATASETS_SESSIONS_PER_CLIENT: 'MCP sessions one client address holds; its next one closes its oldest (default 32)',
	DATASETS_SESSIONS_PER_MINUTE: 'new MCP sessions one client address opens a minute, half of them at once (default 60)'
} as const;

function positiveInteger(env: Record<string, string | undefined>, name: keyof typeof DATASETS_ENV): number | undefined {
	const text = env[name]?.trim();
	if (!text) return undefined;
	const value = Number(text);
	if (!Number.isInteger(value) || value < 1)
		throw new Error(`${name} must be a whole number of at least 1 (${DATASETS_ENV[name]}); it is "${text}".`);
	return value;
}

/** Engine options from `DATASETS_*` variables; absent ones keep the engine's defaults. */
export function engineOptionsFromEnv(env: Record<string, string | undefined>): DatasetEngineOptions {
	const options: DatasetEngineOptions = {
		maxConcurrentQueries: positiveInteger(env, 'DATASETS_MAX_QUERIES'),
		maxQueriesPerClient: positiveInteger(env, 'DATASETS_QUERIES_PER_CLIENT'),
		maxQueuedQueries: positiveInteger(env, 'DATASETS_MAX_QUEUED'),
		queryTimeoutMs: positiveInteger(env, 'DATASETS_TIMEOUT_MS'),
		threads: positiveInteger(env, 'DATASETS_THREADS'),
		memoryLimit: env.DATASETS_MEMORY_LIMIT?.trim() || undefined
	};
	return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as DatasetEngineOptions;
}

/** Session limits per client from `DATASETS_SESSIONS_*`; absent ones keep the handler's defaults. */
export function sessionOptionsFromEnv(
	env: Record<string, string | undefined>
): Pick<DatasetsHttpOptions, 'sessionsPerClient' | 'sessionsPerMinute'> {
	const options = {
		sessionsPerClient: positiveInteger(env, 'DATASETS_SESSIONS_PER_CLIENT'),
		sessionsPerMinute: positiveInteger(env, 'DATASETS_SESSIONS_PER_MINUTE')
	};
	return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
