/**
 * DuckDB-WASM, started on first use: the library's own worker and WebAssembly module come
 * from the app's build (Vite `?url`, never a CDN). The module compiles inside the worker,
 * whose script is served without a policy of its own, so the page's CSP needs no
 * 'unsafe-eval' or 'wasm-unsafe-eval'. Extensions never load (they would be fetched from
 * the network): CSV and JSON readers are built in; Parquet and Excel are read in the page.
 */
import type { AsyncDuckDB } from '@duckdb/duckdb-wasm';

/** A running DuckDB-WASM and the library's module (for its enums). */
export interface DuckDb {
	db: AsyncDuckDB;
	lib: typeof import('@duckdb/duckdb-wasm');
	worker: Worker;
}

/** Starts DuckDB-WASM in its worker and opens an in-memory database. */
export async function startDuckDb(): Promise<DuckDb> {
	const [lib, wasm, workerScript] = await Promise.all([
		import('@duckdb/duckdb-wasm'),
		import('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url'),
		import('@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url')
	]);
	const worker = new Worker(workerScript.default, { name: 'files-duckdb' });
	const db = new lib.AsyncDuckDB(new lib.VoidLogger(), worker);
	try {
		await db.instantiate(wasm.default);
		await db.open({ query: { castDecimalToDouble: true }, filesystem: { allowFullHTTPReads: false } });
		const connection = await db.connect();
		try {
			// Nothing is fetched for a query: no extension is installed or loaded on demand.
			await connection.query('SET autoinstall_known_extensions = false');
			await connection.query('SET autoload_known_extensions = false');
		} finally {
			await connection.close();
		}
	} catch (error) {
		worker.terminate();
		throw error;
	}
	return { db, lib, worker };
}
