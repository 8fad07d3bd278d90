/**
 * One client cannot starve the others: heavy queries of one session hold at most half of the
 * query slots, other sessions' light queries start at once, and a query that cannot start
 * within its timeout fails with a "busy, retry" message instead of waiting on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetEngine } from './engine';

let engine: DatasetEngine;
beforeAll(async () => {
	engine = await DatasetEngine.create({ queryTimeoutMs: 4_000, maxConcurrentQueries: 4 });
});
afterAll(() => engine.close());

/** Runs until interrupted by its timeout on this machine (billions of rows). */
const heavy = 'SELECT count(*) FROM range(100000000000) t(i) WHERE i % 7 = 3';

describe('DatasetEngine fairness', () => {
	it('answers another client while one client runs four heavy queries', async () => {
		const finished: string[] = [];
		const a = { session: 'a' };
		const b = { session: 'b' };
		const heavyRuns = Array.from({ length: 4 }, (_, index) =>
			engine.query(heavy, { owner: a, timeoutMs: 2_500 }).then(
				() => finished.push(`heavy ${index} done`),
				(error: Error) => finished.push(`heavy ${index}: ${error.message.slice(0, 30)}`)
			)
		);
		await new Promise((resolve) => setTimeout(resolve, 100));
		const light = await engine.query('SELECT 1 AS one', { owner: b });
		finished.push('light done');
		expect(light.rows).toEqual([{ one: 1 }]);
		await Promise.all(heavyRuns);
		// The light query of the other client finished before any heavy one.
		expect(finished[0]).toBe('light done');
		// Two ran until their timeout; the other two of the same client waited their turn (half the slots each).
		expect(finished.filter((line) => /The query was stopped|The datasets server is busy/.test(line))).toHaveLength(4);
	});

	it('counts queue time in the timeout and says the server is busy', async () => {
		const small = await DatasetEngine.create({ queryTimeoutMs: 3_000, maxConcurrentQueries: 1 });
		try {
			let heavyEnded = false;
			const holding = small
				.query(heavy, { owner: 'a', timeoutMs: 2_000 })
				.catch((error: Error) => error)
				.finally(() => (heavyEnded = true));
			await new Promise((resolve) => setTimeout(resolve, 50));
			// A heavy-lane query (a row generator): light ones have their own lane and would not wait.
			const error = await small
				.query('SELECT count(*) FROM range(3)', { owner: 'b', timeoutMs: 300 })
				.catch((caught: Error) => caught);
			expect(error).toMatchObject({
				code: 'timeout',
				message: expect.stringMatching(/busy \(1 queries running, 0 waiting\).*could not start within 0.3 s\. Retry/)
			});
			// It gave up at its own deadline, while the heavy query still held the only slot.
			expect(heavyEnded).toBe(false);
			expect(await holding).toMatchObject({ code: 'timeout' });
		} finally {
			small.close();
		}
	});
});

describe('DatasetEngine does not reveal the install path', () => {
	it('refuses settings and view definitions, and redacts the data folder from errors', async () => {
		for (const sql of [
			'SELECT * FROM duckdb_settings()',
			"SELECT current_setting('allowed_directories')",
			'SELECT sql FROM duckdb_views()'
		]) {
			await expect(engine.query(sql), sql).rejects.toMatchObject({
				code: 'denied',
				message: expect.stringMatching(/describes the server itself/)
			});
		}
		const error = await engine.query("SELECT * FROM read_csv('does-not-exist.csv')").then(
			() => new Error('the query should have failed'),
			(caught: Error) => caught
		);
		expect(error.message).not.toMatch(/node_modules|vega-datasets\/data/);
	});
});

describe('DatasetEngine light lane', () => {
	it('answers SELECT 1 at once while every main slot runs a heavy query', async () => {
		const small = await DatasetEngine.create({ queryTimeoutMs: 3_000, maxConcurrentQueries: 1 });
		try {
			const holding = small.query(heavy, { owner: 'a', timeoutMs: 2_000 }).catch((error: Error) => error);
			await new Promise((resolve) => setTimeout(resolve, 50));
			const started = Date.now();
			expect((await small.query('SELECT 1 AS one', { owner: 'b' })).rows).toEqual([{ one: 1 }]);
			expect(Date.now() - started).toBeLessThan(1_000);
			expect(small.queryLoad).toMatchObject({ running: 1, waiting: 0 });
			expect(await holding).toMatchObject({ code: 'timeout' });
		} finally {
			small.close();
		}
	});
});
