import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attachClusterDatabaseSql, clusterInBackground, clusterKeys } from './cluster';
import { quoteLiteral } from './normalize';

let folder: string;
let instance: DuckDBInstance;
let connection: DuckDBConnection;
let fileLiteral: string;

const columns = [
	{ name: 'id', type: 'BIGINT' },
	{ name: 'code', type: 'VARCHAR' },
	{ name: 'tag', type: 'VARCHAR' },
	{ name: 'label', type: 'VARCHAR' }
];

async function rows(sql: string) {
	return (await connection.runAndReadAll(sql)).getRowObjectsJson();
}

beforeAll(async () => {
	folder = mkdtempSync(join(tmpdir(), 'autoui-cluster-'));
	fileLiteral = quoteLiteral(join(folder, 'rows.parquet'));
	instance = await DuckDBInstance.create(':memory:', { threads: '1' });
	connection = await instance.connect();
	await connection.run(attachClusterDatabaseSql);
	// 300 000 rows in no useful order: 40 codes, 7 tags, a label per row.
	await connection.run(
		`COPY (SELECT range AS id, 'c' || ((range * 7919) % 40) AS code, 't' || (range % 7) AS tag, 'row ' || range AS label FROM range(300000)) TO ${fileLiteral} (FORMAT parquet)`
	);
	await connection.run(`CREATE VIEW rows_view AS SELECT * FROM read_parquet(${fileLiteral})`);
});
afterAll(() => {
	connection.closeSync();
	instance.closeSync();
	rmSync(folder, { recursive: true, force: true });
});

describe('clustered copies', () => {
	it('takes the text columns with few distinct values as keys, in column order', async () => {
		expect(await clusterKeys(connection, 'rows_view', columns)).toEqual(['code', 'tag']);
		expect(await clusterKeys(connection, 'rows_view', [columns[0]])).toEqual([]);
	});

	it('points the view at a copy sorted by the keys, with the same rows', async () => {
		const query = `SELECT code, tag, count(*)::INTEGER AS n, sum(id)::DOUBLE AS ids FROM rows_view WHERE code = 'c3' OR tag = 't5' GROUP BY ALL ORDER BY ALL`;
		const before = await rows(query);
		const running = new Set<DuckDBConnection>();
		const done = await clusterInBackground({
			connect: () => instance.connect(),
			running,
			closed: () => false,
			table: 'rows_view',
			fileLiteral,
			columns
		});
		expect(done).toBe(true);
		expect(running.size).toBe(0);
		const [view] = await rows(`SELECT sql FROM duckdb_views() WHERE view_name = 'rows_view'`);
		expect(String(view.sql)).toContain('clustered');
		expect(await rows(query)).toEqual(before);
		expect(await rows('SELECT count(*)::INTEGER AS n FROM rows_view')).toEqual([{ n: 300_000 }]);
		// Sorted by code: each stored segment holds a narrow range of codes, so a filter skips most of them.
		const segments = await rows(
			`SELECT stats FROM pragma_storage_info('clustered.rows_view') WHERE column_name = 'code' AND segment_type = 'VARCHAR'`
		);
		const ranges = segments.map((segment) => /Min: (\w+), Max: (\w+)/.exec(String(segment.stats))!.slice(1));
		const holding = ranges.filter(([min, max]) => min <= 'c3' && 'c3' <= max);
		expect(ranges.length).toBeGreaterThan(8);
		expect(holding.length).toBeGreaterThanOrEqual(1);
		expect(holding.length).toBeLessThanOrEqual(2);
	});

	it('leaves the view alone when the copy cannot be built', async () => {
		const done = await clusterInBackground({
			connect: () => instance.connect(),
			running: new Set(),
			closed: () => false,
			table: 'rows_view',
			fileLiteral: quoteLiteral(join(folder, 'missing.parquet')),
			columns
		});
		expect(done).toBe(false);
		expect(await rows('SELECT count(*)::INTEGER AS n FROM rows_view')).toEqual([{ n: 300_000 }]);
	});
});
