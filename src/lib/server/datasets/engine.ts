/**
 * One DuckDB instance per process holding the data sets. Data sets load lazily, once each:
 * Parquet as a view over the local file (a large one then over a clustered copy, cluster.ts),
 * JSON and CSV materialised as tables with their column types cleaned up. External access is disabled
 * and the configuration locked before any model-written SQL runs; only the data folder
 * stays readable so later lazy loads still work.
 *
 * Each model query gets its own connection so a timeout can interrupt it alone.
 */
import { attachClusterDatabaseSql, ClusteredCopies } from './cluster';
import { QueueFullError } from './fair-slots';
import { LIGHT_MAX_ROWS, QueryLanes, queryLane, type QueryLane } from './query-lane';
import { DuckDBInstance, StatementType, type DuckDBConnection, type Json } from '@duckdb/node-api';
import { AutoUiError } from '$lib/shared';
import { readCatalog, vegaDatasetsDirectory, type DatasetEntry } from './catalog';
import { explainDuckDbError } from './explain-error';
import {
	conversionApplySql,
	conversionCheckSql,
	proposeConversions,
	quoteIdentifier,
	quoteLiteral,
	type ColumnInfo
} from './normalize';
import { runCappedQuery, type QueryResult } from './run-query';
import { assertReadOnlySql } from './sql-guard';
import { bindSqlParams, checkSqlParams } from './sql-params';
import { jsonSafeConverter } from './values';
import {
	DEFAULT_MAX_BYTES,
	DEFAULT_ROW_LIMIT,
	MAX_ROW_LIMIT,
	engineSettings,
	type DatasetEngineOptions,
	type EngineLoad,
	type EngineSettings,
	type LoadedDataset,
	type QueryOptions
} from './engine-options';

export { DEFAULT_ROW_LIMIT, MAX_ROW_LIMIT };
export type { DatasetEngineOptions, EngineLoad, LoadedDataset, QueryOptions };

/** Words in a query that mean "every table", so every data set is loaded first. */
const CATALOG_WORDS = new Set(['tables', 'duckdb_tables', 'duckdb_views', 'duckdb_columns', 'information_schema']);

/** The data sets behind one DuckDB instance. Create it with `DatasetEngine.create`. */
export class DatasetEngine {
	readonly datasets: readonly DatasetEntry[];
	readonly #instance: DuckDBInstance;
	/** Connections that load data sets (two, so two files parse at once); idle ones wait here. */
	readonly #loaders: DuckDBConnection[];
	readonly #idleLoaders: DuckDBConnection[];
	readonly #loaderWaiters: ((connection: DuckDBConnection) => void)[] = [];
	readonly #options: EngineSettings;
	readonly #byName: Map<string, DatasetEntry>;
	readonly #loads = new Map<string, Promise<LoadedDataset>>();
	/** Clustered copies of large Parquet data sets, built once a query filters them (cluster.ts). */
	readonly #copies = new ClusteredCopies({
		connect: () => this.#instance.connect(),
		closed: () => this.#closed
	});
	/** The data folder: never shown to clients (see `#redact`). */
	#folder = '';
	/**
	 * Query slots, shared fairly between owners (MCP sessions), in lanes: constant and light
	 * queries never queue behind heavy ones (query-lane.ts).
	 */
	readonly #lanes: QueryLanes;
	#closed = false;

	private constructor(
		instance: DuckDBInstance,
		loaders: DuckDBConnection[],
		datasets: DatasetEntry[],
		options: EngineSettings
	) {
		this.#instance = instance;
		this.#loaders = loaders;
		this.#idleLoaders = [...loaders];
		this.datasets = datasets;
		this.#options = options;
		this.#byName = new Map(datasets.map((entry) => [entry.name, entry]));
		this.#lanes = new QueryLanes(options.maxConcurrentQueries, options.maxQueriesPerClient, options.maxQueuedQueries);
	}

	/** Opens DuckDB in memory, restricts it to the data folder and locks its configuration. */
	static async create(options: DatasetEngineOptions = {}): Promise<DatasetEngine> {
		const dataDirectory = options.dataDirectory ?? vegaDatasetsDirectory();
		const datasets = readCatalog(dataDirectory);
		const settings = engineSettings(options);
		const instance = await DuckDBInstance.create(':memory:', {
			memory_limit: settings.memoryLimit,
			threads: String(settings.threads),
			temp_directory: '',
			autoinstall_known_extensions: 'false',
			autoload_known_extensions: 'false'
		});
		const loaders = [await instance.connect(), await instance.connect()];
		const folder = dataDirectory.endsWith('/') ? dataDirectory : `${dataDirectory}/`;
		await loaders[0].run(attachClusterDatabaseSql);
		await loaders[0].run(`SET allowed_directories = [${quoteLiteral(folder)}]`);
		await loaders[0].run('SET enable_external_access = false');
		await loaders[0].run('SET lock_configuration = true');
		const engine = new DatasetEngine(instance, loaders, datasets, settings);
		engine.#folder = dataDirectory.replace(/\/+$/, '');
		return engine;
	}

	/** The catalogue entry named `name` (case-insensitive), or a `not_found` error listing the names. */
	entry(name: string): DatasetEntry {
		const entry = this.#byName.get(name.trim().toLowerCase());
		if (!entry) {
			throw new AutoUiError(
				'not_found',
				`Unknown data set "${name}". Available data sets: ${this.datasetNames().join(', ')}.`
			);
		}
		return entry;
	}

	/** Every data set name, sorted. */
	datasetNames(): string[] {
		return this.datasets.map((entry) => entry.name);
	}

	/** Loads one data set on first use (later calls share the same result). */
	load(name: string): Promise<LoadedDataset> {
		let entry: DatasetEntry;
		try {
			entry = this.entry(name);
		} catch (error) {
			return Promise.reject(error);
		}
		let loading = this.#loads.get(entry.name);
		if (!loading) {
			loading = this.#withLoader((loader) => this.#read(loader, entry));
			this.#loads.set(entry.name, loading);
			loading.catch(() => this.#loads.delete(entry.name));
		}
		return loading;
	}

	/** Loads every data set (for listings with row counts). */
	loadAll(): Promise<LoadedDataset[]> {
		return Promise.all(this.datasets.map((entry) => this.load(entry.name)));
	}

	async #withLoader<T>(work: (loader: DuckDBConnection) => Promise<T>): Promise<T> {
		const loader =
			this.#idleLoaders.pop() ?? (await new Promise<DuckDBConnection>((resolve) => this.#loaderWaiters.push(resolve)));
		try {
			return await work(loader);
		} finally {
			const next = this.#loaderWaiters.shift();
			if (next) next(loader);
			else this.#idleLoaders.push(loader);
		}
	}

	async #read(loader: DuckDBConnection, entry: DatasetEntry): Promise<LoadedDataset> {
		this.#assertOpen();
		const table = quoteIdentifier(entry.name);
		const file = quoteLiteral(entry.file);
		if (entry.format === 'parquet') {
			await loader.run(`CREATE OR REPLACE VIEW ${table} AS SELECT * FROM read_parquet(${file})`);
		} else {
			const reader =
				entry.format === 'json'
					? `read_json(${file}, format = 'array')`
					: `read_csv(${file}${entry.format === 'tsv' ? ", delim = '\\t'" : ''})`;
			await loader.run(`CREATE OR REPLACE TABLE ${table} AS SELECT * FROM ${reader}`);
			await this.#normalize(loader, entry);
		}
		const columns = await this.#columns(loader, entry.name);
		const count = await loader.runAndReadAll(`SELECT count(*)::DOUBLE AS n FROM ${table}`);
		return { entry, columns, rows: Number(count.getRows()[0][0]) };
	}

	/** True once data set `name`'s clustered copy serves it; false if it will not (small, not filtered yet, failed). */
	clustered(name: string): Promise<boolean> {
		return this.#copies.clustered(name.trim().toLowerCase());
	}

	async #normalize(loader: DuckDBConnection, entry: DatasetEntry): Promise<void> {
		const conversions = proposeConversions(await this.#columns(loader, entry.name), entry.fields);
		if (conversions.length === 0) return;
		const check = (await loader.runAndReadAll(conversionCheckSql(entry.name, conversions))).getRowObjectsJson()[0];
		const lossless = conversions.filter((_, index) => check[`b${index}`] === check[`a${index}`]);
		if (lossless.length > 0) await loader.run(conversionApplySql(entry.name, lossless));
	}

	async #columns(loader: DuckDBConnection, table: string): Promise<ColumnInfo[]> {
		const reader = await loader.runAndReadAll(`DESCRIBE ${quoteIdentifier(table)}`);
		return reader.getRowObjectsJson().map((row) => ({ name: String(row.column_name), type: String(row.column_type) }));
	}

	/** Runs internal, trusted SQL (statistics, samples) on a fresh connection; rows as JSON. */
	async internalQuery(
		sql: string,
		options: { signal?: AbortSignal; owner?: unknown } = {}
	): Promise<Record<string, Json>[]> {
		return this.#withConnection(options, async (connection) => {
			const reader = await connection.runAndReadAll(sql);
			return reader.convertRowObjects(jsonSafeConverter) as Record<string, Json>[];
		});
	}

	/**
	 * Runs one read-only statement written by a model or a user, loading the data sets it
	 * names first. Rows are capped by `limit` and `maxBytes`; the result says when it was
	 * capped and how many rows there were in all. Errors are `AutoUiError`s with actionable
	 * messages (unknown columns list the columns that exist).
	 */
	async query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
		const started = performance.now();
		const statement = assertReadOnlySql(sql);
		const params = checkSqlParams(options.params);
		const limit = Math.min(Math.max(1, Math.floor(options.limit ?? DEFAULT_ROW_LIMIT)), MAX_ROW_LIMIT);
		const referenced = await this.#loadReferenced(statement);
		this.#copies.ifFiltered(statement, params, referenced);
		const context = {
			datasetNames: this.datasetNames(),
			referenced: new Map(referenced.map((set) => [set.entry.name, set.columns]))
		};
		const timeoutMs = options.timeoutMs ?? this.#options.queryTimeoutMs;
		const sizes = new Map(referenced.map((set) => [set.entry.name, set.rows]));
		const lane = queryLane(statement, (word) => sizes.get(word), LIGHT_MAX_ROWS);
		try {
			return await this.#withConnection(
				{ signal: options.signal, timeoutMs, owner: options.owner, lane },
				async (connection, stopped) => {
					const extracted = await connection.extractStatements(statement);
					if (extracted.count !== 1) throw new AutoUiError('invalid_argument', 'Send exactly one SQL statement.');
					const prepared = await extracted.prepare(0);
					if (prepared.statementType !== StatementType.SELECT) {
						throw new AutoUiError(
							'denied',
							'Only read-only queries are allowed (SELECT, WITH, DESCRIBE, SHOW, SUMMARIZE).'
						);
					}
					const bind = (statementToBind: typeof prepared) => bindSqlParams(statementToBind, params);
					bind(prepared);
					const result = await runCappedQuery(connection, prepared, statement, {
						limit,
						maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
						stopped,
						bind
					});
					// The whole time in the engine: loading, waiting for a slot and preparing included.
					return { ...result, elapsedMs: Math.round(performance.now() - started) };
				}
			);
		} catch (error) {
			const explained = error instanceof AutoUiError ? error : explainDuckDbError(error, context);
			throw this.#redact(explained);
		}
	}

	/** The error with the server's data folder replaced by `<data>` (no install path leaks). */
	#redact(error: AutoUiError): AutoUiError {
		if (!this.#folder || !error.message.includes(this.#folder)) return error;
		return new AutoUiError(error.code, error.message.split(this.#folder).join('<data>'));
	}

	async #loadReferenced(statement: string): Promise<LoadedDataset[]> {
		const words = new Set(statement.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []);
		if ([...words].some((word) => CATALOG_WORDS.has(word))) await this.loadAll();
		const names = this.datasets.filter((entry) => words.has(entry.name)).map((entry) => entry.name);
		return Promise.all(names.map((name) => this.load(name)));
	}

	/**
	 * Runs `work` on a fresh connection, at most `maxConcurrentQueries` at once (light queries:
	 * in their own lane), shared fairly between owners (see fair-slots.ts). The timeout counts from the request, queue time
	 * included: a query that cannot start in time fails with a "busy, retry" message instead
	 * of waiting for ever. A timeout or an abort interrupts the connection; `stopped()` tells
	 * the work whether that happened.
	 */
	async #withConnection<T>(
		options: { signal?: AbortSignal; timeoutMs?: number; owner?: unknown; lane?: QueryLane },
		work: (connection: DuckDBConnection, stopped: () => boolean) => Promise<T>
	): Promise<T> {
		const slots = this.#lanes.slots(options.lane ?? 'heavy');
		this.#assertOpen();
		if (options.signal?.aborted) throw new AutoUiError('aborted', 'The query was cancelled.');
		const timeoutMs = options.timeoutMs ?? this.#options.queryTimeoutMs;
		const deadline = Date.now() + timeoutMs;
		const queued = new AbortController();
		const queueTimer = setTimeout(() => queued.abort(new AutoUiError('timeout', 'queued')), timeoutMs);
		const onQueueAbort = () => queued.abort(new AutoUiError('aborted', 'The query was cancelled.'));
		options.signal?.addEventListener('abort', onQueueAbort, { once: true });
		let release: () => void;
		try {
			release = await slots.acquire(options.owner, queued.signal);
		} catch (error) {
			if (error instanceof QueueFullError) {
				throw new AutoUiError(
					'limit_exceeded',
					`The datasets server is busy (${slots.running} queries running, ${error.waiting} waiting, the most it queues). Retry in a few seconds, or make the query lighter (GROUP BY, WHERE, LIMIT).`
				);
			}
			if (error instanceof AutoUiError && error.code === 'timeout') {
				throw new AutoUiError(
					'timeout',
					`The datasets server is busy (${slots.running} queries running, ${slots.waiting} waiting); this query could not start within ${timeoutMs / 1000} s. Retry in a few seconds, or make the query lighter (GROUP BY, WHERE, LIMIT).`
				);
			}
			throw error;
		} finally {
			clearTimeout(queueTimer);
			options.signal?.removeEventListener('abort', onQueueAbort);
		}
		let connection: DuckDBConnection | undefined;
		let reason: 'timeout' | 'aborted' | undefined;
		let timer: ReturnType<typeof setTimeout> | undefined;
		const stop = (why: 'timeout' | 'aborted') => {
			reason ??= why;
			connection?.interrupt();
		};
		const onAbort = () => stop('aborted');
		options.signal?.addEventListener('abort', onAbort, { once: true });
		try {
			connection = await this.#instance.connect();
			timer = setTimeout(() => stop('timeout'), Math.max(0, deadline - Date.now()));
			try {
				const result = await work(connection, () => reason !== undefined);
				if (reason) throw new Error('INTERRUPT');
				return result;
			} catch (error) {
				if (reason === 'timeout') {
					throw new AutoUiError(
						'timeout',
						`The query was stopped after ${timeoutMs / 1000} s. Aggregate with GROUP BY, filter with WHERE or add a LIMIT, then try again.`,
						{ cause: error }
					);
				}
				if (reason === 'aborted') throw new AutoUiError('aborted', 'The query was cancelled.', { cause: error });
				throw error;
			}
		} finally {
			clearTimeout(timer);
			options.signal?.removeEventListener('abort', onAbort);
			connection?.closeSync();
			release();
		}
	}

	/** Queries running and waiting now (every lane), and the heavy lane's limits. */
	get queryLoad(): EngineLoad {
		return this.#lanes.load;
	}

	#assertOpen(): void {
		if (this.#closed) throw new AutoUiError('internal', 'The datasets engine is closed.');
	}

	/** Closes DuckDB. Queries after this fail with `internal`. */
	close(): void {
		if (this.#closed) return;
		this.#closed = true;
		this.#copies.close();
		for (const loader of this.#loaders) loader.closeSync();
		this.#instance.closeSync();
	}
}

let shared: Promise<DatasetEngine> | undefined;

/**
 * The process-wide engine (one DuckDB instance per process), created on first use. A failed
 * start is not cached, so the next call retries.
 */
export function getDatasetEngine(options?: DatasetEngineOptions): Promise<DatasetEngine> {
	if (!shared) {
		shared = DatasetEngine.create(options);
		shared.catch(() => {
			shared = undefined;
		});
	}
	return shared;
}

export type { QueryResult };
