import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rejection } from '$lib/shared/testing';
import { vegaDatasetsDirectory } from './catalog';
import { describeDataset } from './describe';
import { DatasetEngine } from './engine';

let engine: DatasetEngine;

/** The expected averages, computed from the raw file without DuckDB. */
function carsHorsepowerByOrigin() {
	const cars = JSON.parse(readFileSync(join(vegaDatasetsDirectory(), 'cars.json'), 'utf8')) as {
		Origin: string;
		Horsepower: number | null;
	}[];
	return [...new Set(cars.map((car) => car.Origin))].sort().map((origin) => {
		const group = cars.filter((car) => car.Origin === origin);
		const known = group.filter((car) => car.Horsepower !== null);
		const mean = known.reduce((sum, car) => sum + (car.Horsepower ?? 0), 0) / known.length;
		return { Origin: origin, avg_hp: Math.round(mean * 100) / 100, n: group.length };
	});
}

beforeAll(async () => {
	engine = await DatasetEngine.create({ queryTimeoutMs: 5_000 });
});
afterAll(() => engine.close());

describe('DatasetEngine', () => {
	it('lists the tabular vega data sets, including the 3M-row flights file', () => {
		const names = engine.datasetNames();
		for (const name of [
			'cars',
			'movies',
			'stocks',
			'seattle_weather',
			'gapminder',
			'airports',
			'population',
			'flights_3m',
			'flights_200k',
			'penguins'
		]) {
			expect(names).toContain(name);
		}
		expect(names).not.toContain('earthquakes');
		expect(names).not.toContain('us_10m');
	});

	it('answers a group-by with the real averages and typed columns', async () => {
		const result = await engine.query(
			'SELECT Origin, round(avg(Horsepower), 2) AS avg_hp, count(*) AS n FROM cars GROUP BY Origin ORDER BY Origin'
		);
		expect(result.columns.map((column) => column.name)).toEqual(['Origin', 'avg_hp', 'n']);
		expect(result.columns[2].type).toBe('BIGINT');
		expect(result.rows).toEqual(carsHorsepowerByOrigin());
		expect(result.truncated).toBe(false);
		expect(result.totalRows).toBe(3);
	});

	it('cleans up types the data package declares: text dates become dates, JSON titles become text', async () => {
		const stocks = await engine.load('stocks');
		expect(stocks.columns.find((column) => column.name === 'date')?.type).toBe('DATE');
		const movies = await engine.load('movies');
		expect(movies.columns.find((column) => column.name === 'Title')?.type).toBe('VARCHAR');
		const first = await engine.query(`SELECT min(date) AS first FROM stocks`);
		expect(first.rows[0].first).toBe('2000-01-01');
	});

	it('caps rows at the limit and reports the total', async () => {
		const result = await engine.query('SELECT * FROM flights_3m', { limit: 10 });
		expect(result.rowCount).toBe(10);
		expect(result.truncated).toBe('rows');
		expect(result.totalRows).toBe(3_000_000);
		expect(typeof result.rows[0].delay).toBe('number');
		expect(result.rows[0].date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
	});

	it('serves the 3M-row flights from a copy clustered by origin once a query filters them, with the same answers as the file', async () => {
		// A group-by over every row reads the file: no copy yet.
		await engine.query('SELECT origin, count(*) AS n FROM flights_3m GROUP BY 1');
		expect(await engine.clustered('flights_3m')).toBe(false);
		await engine.query("SELECT count(*) AS n FROM flights_3m WHERE origin = 'ORD'");
		expect(await engine.clustered('flights_3m')).toBe(true);
		expect(await engine.clustered('cars')).toBe(false);
		const file = engine.entry('flights_3m').file.replace(/'/g, "''");
		const sql = (from: string) =>
			`SELECT destination, count(*)::INTEGER AS n, sum(delay)::DOUBLE AS delays FROM ${from} WHERE origin = 'BOS' GROUP BY 1 ORDER BY 1`;
		const fromFile = await engine.internalQuery(sql(`read_parquet('${file}')`));
		const served = await engine.query(sql('flights_3m').replace("'BOS'", '$origin'), {
			params: { origin: 'BOS' },
			limit: 5_000
		});
		expect(fromFile.length).toBeGreaterThan(20);
		expect(served.rows).toEqual(fromFile);
	});

	it('caps rows by JSON size', async () => {
		const result = await engine.query('SELECT * FROM movies', { limit: 5_000, maxBytes: 5_000 });
		expect(result.truncated).toBe('bytes');
		expect(JSON.stringify(result.rows).length).toBeLessThanOrEqual(5_000);
		expect(result.totalRows).toBe(3201);
	});

	it('never returns more than 5 000 rows', async () => {
		const result = await engine.query('SELECT * FROM range(10000)', { limit: 100_000 });
		expect(result.rowCount).toBe(5_000);
		expect(result.totalRows).toBe(10_000);
	});

	it('converts wide integers, decimals and timestamps to JSON-safe values', async () => {
		const result = await engine.query(
			"SELECT 9007199254740993::HUGEINT AS big, 42::BIGINT AS small, 1.25::DECIMAL(5,2) AS dec, TIMESTAMP '2001-02-03 04:05:06' AS ts, DATE '2001-02-03' AS d, 'inf'::DOUBLE AS inf"
		);
		expect(result.rows[0]).toEqual({
			big: '9007199254740993',
			small: 42,
			dec: 1.25,
			ts: '2001-02-03T04:05:06.000Z',
			d: '2001-02-03',
			inf: 'Infinity'
		});
	});

	it('lists the columns that exist when a column is unknown', async () => {
		const error = await rejection(engine.query('SELECT horsepwr FROM cars'));
		expect(error.code).toBe('invalid_argument');
		expect(error.message).toContain('Columns of cars:');
		expect(error.message).toContain('"Horsepower" (BIGINT)');
		expect(error.message).toContain('"Miles_per_Gallon"');
	});

	it('lists the data sets when a table is unknown', async () => {
		const error = await rejection(engine.query('SELECT * FROM carz'));
		expect(error.code).toBe('not_found');
		expect(error.message).toContain('Available data sets:');
		expect(error.message).toContain('seattle_weather');
	});

	it('stops a slow query at the timeout and stays usable', async () => {
		const started = performance.now();
		const error = await rejection(
			engine.query('SELECT sum(a.range * b.range) FROM range(1000000) a, range(1000000) b', { timeoutMs: 300 })
		);
		expect(error.code).toBe('timeout');
		expect(performance.now() - started).toBeLessThan(3_000);
		const after = await engine.query('SELECT 1 AS one');
		expect(after.rows).toEqual([{ one: 1 }]);
	});

	it('cancels a query when its signal aborts', async () => {
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 200);
		const error = await rejection(
			engine.query('SELECT sum(a.range * b.range) FROM range(1000000) a, range(1000000) b', {
				signal: controller.signal
			})
		);
		expect(error.code).toBe('aborted');
	});

	it('reports a query that needs more memory than the limit as limit_exceeded', async () => {
		const small = await DatasetEngine.create({ memoryLimit: '64MB' });
		try {
			const error = await rejection(
				small.query('SELECT max(x) FROM (SELECT range AS x FROM range(30000000) ORDER BY random())')
			);
			expect(error.code).toBe('limit_exceeded');
			expect(error.message).toMatch(/more memory than the server allows/);
		} finally {
			small.close();
		}
	});

	it('describes a data set with statistics, documentation and samples', async () => {
		const description = await describeDataset(engine, 'seattle_weather');
		expect(description.rows).toBe(1461);
		expect(description.sampleRows).toHaveLength(5);
		const temp = description.columns.find((column) => column.name === 'temp_max')!;
		expect(temp).toMatchObject({ type: 'DOUBLE', count: 1461, nulls: 0, min: -1.6, max: 35.6 });
		expect(temp.mean).toBeCloseTo(16.44, 1);
		expect(temp.description).toMatch(/Celsius/);
		const weather = description.columns.find((column) => column.name === 'weather')!;
		expect(weather.values).toEqual(['drizzle', 'fog', 'rain', 'snow', 'sun']);
		const date = description.columns.find((column) => column.name === 'date')!;
		expect(date).toMatchObject({ type: 'DATE', min: '2012-01-01', max: '2015-12-31' });
	});

	it('rejects an unknown data set name in describe with the list of names', async () => {
		const error = await rejection(describeDataset(engine, 'nope'));
		expect(error.code).toBe('not_found');
		expect(error.message).toContain('cars');
	});
});
