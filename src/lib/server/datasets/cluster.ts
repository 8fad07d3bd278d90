/**
 * Large Parquet data sets, clustered. A view over the file scans every row group for
 * `WHERE origin = $origin`, because the file's rows are in no useful order. Once such a data
 * set has loaded, a compressed in-memory copy sorted by its low-cardinality text columns (the
 * columns dashboards filter on: airports, categories, countries) is built in the background;
 * its zone maps then let DuckDB skip every row group that cannot hold the value, and the
 * view is pointed at the copy. Queries run on the plain file view until then, and for good if
 * the copy fails (memory): the data and the SQL stay the same either way, only faster.
 *
 * The copy lives in its own attached in-memory database (`CLUSTER_DATABASE`), attached
 * with compression when the engine starts, before the configuration is locked.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { quoteIdentifier, quoteLiteral, type ColumnInfo } from './normalize';

/** The attached in-memory database that holds the clustered copies. */
export const CLUSTER_DATABASE = 'clustered';

/** Parquet data sets with at least this many rows get a clustered copy. */
export const CLUSTER_MIN_ROWS = 1_000_000;

/** A text column with at most this many distinct values is a cluster key. */
export const CLUSTER_MAX_DISTINCT = 1_000;

/** The statement that attaches the clustered copies' database (run before the lock). */
export const attachClusterDatabaseSql = `ATTACH ':memory:' AS ${quoteIdentifier(CLUSTER_DATABASE)} (COMPRESS)`;

/**
 * The cluster keys of `table`: its text columns with few distinct values, in column order
 * (one approximate pass over the data). Empty when there are none.
 */
export async function clusterKeys(
	connection: DuckDBConnection,
	table: string,
	columns: readonly ColumnInfo[]
): Promise<string[]> {
	const text = columns.filter((column) => column.type === 'VARCHAR');
	if (!text.length) return [];
	const counts = text.map((column, index) => `approx_count_distinct(${quoteIdentifier(column.name)}) AS d${index}`);
	const reader = await connection.runAndReadAll(`SELECT ${counts.join(', ')} FROM ${quoteIdentifier(table)}`);
	const row = reader.getRows()[0];
	return text.filter((_, index) => Number(row[index]) <= CLUSTER_MAX_DISTINCT).map((column) => column.name);
}

/**
 * Builds the clustered copy of the Parquet file behind `table` (`fileLiteral`: its path as an
 * SQL string), sorted by `keys`, and points the view `table` at it. Throws when DuckDB cannot
 * (the view is then left as it was).
 */
export async function buildClusteredCopy(
	connection: DuckDBConnection,
	table: string,
	fileLiteral: string,
	keys: readonly string[]
): Promise<void> {
	const copy = `${quoteIdentifier(CLUSTER_DATABASE)}.${quoteIdentifier(table)}`;
	const order = keys.map(quoteIdentifier).join(', ');
	await connection.run(
		`CREATE OR REPLACE TABLE ${copy} AS SELECT * FROM read_parquet(${fileLiteral}) ORDER BY ${order}`
	);
	await connection.run(`CREATE OR REPLACE VIEW ${quoteIdentifier(table)} AS SELECT * FROM ${copy}`);
}

/** What {@link clusterInBackground} needs from the engine. */
export interface ClusterJob {
	/** Opens a connection of the engine's instance. */
	connect(): Promise<DuckDBConnection>;
	/** The connection is in this set while it builds (the engine interrupts them on close). */
	running: Set<DuckDBConnection>;
	/** True once the engine closed. */
	closed(): boolean;
	table: string;
	fileLiteral: string;
	columns: readonly ColumnInfo[];
}

/**
 * Builds the clustered copy of `job.table` on a connection of its own; resolves true once the
 * view reads the copy, false when there is no cluster key or the copy failed (out of memory,
 * engine closed): queries then keep reading the file. Never rejects.
 */
export async function clusterInBackground(job: ClusterJob): Promise<boolean> {
	let connection: DuckDBConnection | undefined;
	try {
		connection = await job.connect();
		job.running.add(connection);
		const keys = await clusterKeys(connection, job.table, job.columns);
		if (!keys.length || job.closed()) return false;
		await buildClusteredCopy(connection, job.table, job.fileLiteral, keys);
		return true;
	} catch {
		return false;
	} finally {
		if (connection) {
			job.running.delete(connection);
			connection.closeSync();
		}
	}
}

/** One loaded data set, as the engine knows it. */
interface LoadedSet {
	entry: { name: string; format: string; file: string };
	columns: readonly ColumnInfo[];
	rows: number;
}

/**
 * The engine's clustered copies: a large Parquet data set gets one, in the background, once a
 * query filters it (a WHERE clause or bound parameters: a dashboard's sources). A group-by over
 * every row reads the file as fast, so until rows are filtered a copy would only cost memory and
 * the CPU of its build.
 */
export class ClusteredCopies {
	readonly #building = new Map<string, Promise<boolean>>();
	/** Connections building copies (interrupted on close). */
	readonly #running = new Set<DuckDBConnection>();
	readonly #engine: Pick<ClusterJob, 'connect' | 'closed'>;

	constructor(engine: Pick<ClusterJob, 'connect' | 'closed'>) {
		this.#engine = engine;
	}

	/** Starts the copies `statement` calls for: the large Parquet sets it reads, when it filters rows. */
	ifFiltered(
		statement: string,
		params: Readonly<Record<string, unknown>> | undefined,
		sets: readonly LoadedSet[]
	): void {
		const filtered = (params !== undefined && Object.keys(params).length > 0) || /\bwhere\b/i.test(statement);
		if (!filtered) return;
		for (const { entry, columns, rows } of sets) {
			if (entry.format !== 'parquet' || rows < CLUSTER_MIN_ROWS || this.#building.has(entry.name)) continue;
			const fileLiteral = quoteLiteral(entry.file);
			this.#building.set(
				entry.name,
				clusterInBackground({ ...this.#engine, running: this.#running, table: entry.name, fileLiteral, columns })
			);
		}
	}

	/** True once `name`'s copy serves it; false if it will not (small, not filtered yet, failed). */
	clustered(name: string): Promise<boolean> {
		return this.#building.get(name) ?? Promise.resolve(false);
	}

	close(): void {
		for (const connection of this.#running) connection.interrupt();
	}
}
