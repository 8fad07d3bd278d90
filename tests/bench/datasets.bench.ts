/**
 * Embedded datasets server: how fast the 3M-row flights table answers.
 * - cold: a new engine (DuckDB start, settings, lazy view over the Parquet file) plus the
 *   first group-by, as the first `query_sql` of a fresh server process pays it;
 * - warm: the same group-by again, median of 5, through the engine and through a real MCP
 *   client (in-memory transport, so JSON-RPC and serialisation are included);
 * - side by side: the same group-by over a table materialised in memory instead of the view
 *   the server uses (the view costs no load time and ~no memory);
 * - listing: the first `list_datasets`, which loads every data set to count rows.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { join } from 'node:path';
import { createDatasetsMcpServer, DatasetEngine, vegaDatasetsDirectory } from '$lib/server/datasets';

type Emit = (figure: Record<string, unknown>) => void;

const GROUP_BY =
	'SELECT origin, count(*) AS flights, avg(delay) AS avg_delay FROM flights_3m GROUP BY origin ORDER BY flights DESC';

async function time(work: () => Promise<unknown>): Promise<number> {
	const started = performance.now();
	await work();
	return performance.now() - started;
}

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
	const times: number[] = [];
	for (let run = 0; run < runs; run++) times.push(await time(work));
	times.sort((a, b) => a - b);
	return times[Math.floor(times.length / 2)];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export default async function run(emit: Emit): Promise<void> {
	let engine: DatasetEngine | undefined;
	const cold = await time(async () => {
		engine = await DatasetEngine.create();
		await engine.query(GROUP_BY);
	});
	emit({ name: 'datasets-flights3m-cold-first-query', value: round(cold), unit: 'ms', target: '< 1000 ms' });
	const warmEngine = engine!;
	try {
		const warm = await median(5, () => warmEngine.query(GROUP_BY));
		emit({ name: 'datasets-flights3m-groupby-p50', value: round(warm), unit: 'ms', target: '< 300 ms', runs: 5 });

		const server = createDatasetsMcpServer(warmEngine);
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		await server.connect(serverSide);
		const client = new Client({ name: 'bench', version: '1.0.0' });
		await client.connect(clientSide);
		const viaMcp = await median(5, () => client.callTool({ name: 'query_sql', arguments: { sql: GROUP_BY } }));
		emit({ name: 'datasets-flights3m-groupby-mcp-p50', value: round(viaMcp), unit: 'ms', target: '< 300 ms', runs: 5 });
		const listing = await time(() => client.callTool({ name: 'list_datasets', arguments: {} }));
		emit({ name: 'datasets-list-first-call', value: round(listing), unit: 'ms', target: '< 2000 ms' });
		await client.close();
	} finally {
		warmEngine.close();
	}

	const instance = await DuckDBInstance.create(':memory:', { threads: '2', memory_limit: '1GB' });
	try {
		const connection = await instance.connect();
		const file = join(vegaDatasetsDirectory(), 'flights-3m.parquet').replace(/'/g, "''");
		const load = await time(() => connection.run(`CREATE TABLE flights_3m AS SELECT * FROM read_parquet('${file}')`));
		const overTable = await median(5, () => connection.runAndReadAll(GROUP_BY));
		emit({ name: 'datasets-flights3m-table-load (comparison)', value: round(load), unit: 'ms', target: null });
		emit({
			name: 'datasets-flights3m-groupby-table-p50 (comparison)',
			value: round(overTable),
			unit: 'ms',
			target: null,
			runs: 5
		});
		connection.closeSync();
	} finally {
		instance.closeSync();
	}
}
