/**
 * A corpus of valid, everyday queries of many shapes, run through the datasets engine (and
 * so through its read-only guard) and compared with DuckDB reading the same files directly.
 * A guard that mangles a valid query (as trimming a trailing string literal once did) fails
 * here with the query named.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vegaDatasetsDirectory } from './catalog';
import { DatasetEngine } from './engine';
import { quoteLiteral } from './normalize';
import { jsonSafeConverter } from './values';

const files: Record<string, string> = {
	airports: `read_csv(${quoteLiteral(join(vegaDatasetsDirectory(), 'airports.csv'))})`,
	seattle_weather: `read_csv(${quoteLiteral(join(vegaDatasetsDirectory(), 'seattle-weather.csv'))})`,
	cars: `read_json(${quoteLiteral(join(vegaDatasetsDirectory(), 'cars.json'))}, format = 'array')`,
	penguins: `read_json(${quoteLiteral(join(vegaDatasetsDirectory(), 'penguins.json'))}, format = 'array')`
};

/** Valid queries; each ends, starts or is shaped in a way a lexical guard can get wrong. */
export const validQueries: string[] = [
	// A string literal as the last token (the everyday case that once failed).
	"SELECT count(*) AS n FROM airports WHERE state = 'CA'",
	"SELECT iata, name FROM airports WHERE city = 'Chicago' ORDER BY iata",
	"SELECT count(*) AS n FROM airports WHERE name LIKE '%Municipal%'",
	"SELECT count(*) AS n FROM airports WHERE state IN ('CA', 'NV', 'OR')",
	"SELECT count(*) AS n FROM airports WHERE name ILIKE 'san%'",
	"SELECT 'it''s' AS s",
	"SELECT count(*) AS n FROM cars WHERE Name = 'ford pinto'",
	"SELECT count(*) AS n FROM seattle_weather WHERE weather = 'rain'",
	"SELECT count(*) AS n FROM airports WHERE state = 'TX';",
	"SELECT count(*) AS n FROM airports WHERE state = 'TX' ;  ;",
	"SELECT count(*) AS n FROM airports WHERE state = 'WA'\n",
	"SELECT count(*) AS n FROM airports WHERE state = E'N\\'Y'",
	'SELECT count(*) AS n FROM airports WHERE state = $$CA$$',
	'SELECT count(*) AS n FROM airports WHERE state = $tag$OR$tag$',
	// Comments at the end, in the middle, before the statement.
	"SELECT count(*) AS n FROM airports WHERE state = 'CA' -- California",
	"SELECT count(*) AS n FROM airports WHERE state = 'CA' /* California */",
	"-- how many\nSELECT count(*) AS n FROM airports WHERE state = 'FL'",
	"/* lead */ SELECT count(*) AS n /* mid; with ; semicolons */ FROM airports WHERE state = 'AK'",
	"SELECT count(*) AS n FROM airports WHERE state = 'CA'; -- done",
	// Quoted identifiers, including at the end.
	'SELECT "Species", count(*) AS n FROM penguins GROUP BY "Species" ORDER BY "Species"',
	'SELECT round(avg("Beak Length (mm)"), 3) AS beak FROM penguins',
	'SELECT "Island", max("Body Mass (g)") AS heaviest FROM penguins GROUP BY ALL ORDER BY "Island"',
	'SELECT "Body Mass (g)" FROM penguins WHERE "Body Mass (g)" IS NOT NULL ORDER BY "Body Mass (g)"',
	'SELECT "name" FROM airports ORDER BY "iata" LIMIT 5',
	// CTEs, subqueries, set operations.
	"WITH ca AS (SELECT * FROM airports WHERE state = 'CA') SELECT count(*) AS n FROM ca",
	'WITH a AS (SELECT state FROM airports), b AS (SELECT state, count(*) AS n FROM a GROUP BY state) SELECT max(n) AS top FROM b',
	'SELECT state, n FROM (SELECT state, count(*) AS n FROM airports GROUP BY state) ORDER BY n DESC, state LIMIT 5',
	"(SELECT 'a' AS s) UNION ALL (SELECT 'b')",
	"SELECT state FROM airports WHERE state = 'CA' INTERSECT SELECT 'CA'",
	"SELECT DISTINCT Origin FROM cars EXCEPT SELECT 'USA' ORDER BY Origin",
	// Window functions with QUALIFY.
	'SELECT state, name FROM airports QUALIFY row_number() OVER (PARTITION BY state ORDER BY iata) = 1 ORDER BY state',
	'SELECT Name, Horsepower FROM cars WHERE Horsepower IS NOT NULL QUALIFY rank() OVER (ORDER BY Horsepower DESC) <= 3 ORDER BY Horsepower DESC, Name',
	'SELECT weather, round(avg(temp_max) OVER (PARTITION BY weather), 4) AS mean FROM seattle_weather ORDER BY date LIMIT 10',
	// FROM-first, GROUP BY ALL, ORDER BY ALL, VALUES, SUMMARIZE-free DuckDB sugar.
	"FROM airports SELECT iata WHERE state = 'HI' ORDER BY iata",
	'FROM airports SELECT state, count(*) AS n GROUP BY ALL ORDER BY ALL LIMIT 10',
	'SELECT Origin, count(*) AS n FROM cars GROUP BY ALL ORDER BY Origin',
	"VALUES (1, 'one'), (2, 'two')",
	'SELECT * EXCLUDE (latitude, longitude) FROM airports ORDER BY iata LIMIT 3',
	"SELECT COLUMNS('temp_.*') FROM seattle_weather ORDER BY date LIMIT 3",
	// Unicode in literals, aliases and comments.
	"SELECT 'Zürich — ✓ 東京' AS ville",
	'SELECT count(*) AS "Anzahl Flughäfen" FROM airports',
	"SELECT count(*) AS n FROM airports WHERE city = 'São Paulo' -- ünïcödé",
	"SELECT name || ' ✈' AS label FROM airports WHERE state = 'HI' ORDER BY label",
	// Keywords inside literals and identifiers that a guard must not mistake for statements.
	"SELECT 'drop table airports; delete' AS text",
	"SELECT count(*) AS n FROM airports WHERE name = 'Set Update Field'",
	// Casts, CASE, dates, arithmetic.
	"SELECT CASE WHEN state = 'CA' THEN 'west' ELSE 'other' END AS side, count(*) AS n FROM airports GROUP BY side ORDER BY side",
	'SELECT year(date) AS y, round(sum(precipitation), 2) AS rain FROM seattle_weather GROUP BY y ORDER BY y',
	"SELECT count(*) AS n FROM seattle_weather WHERE date >= DATE '2015-01-01'",
	"SELECT strftime(date, '%Y-%m') AS month FROM seattle_weather ORDER BY date LIMIT 2"
];

let engine: DatasetEngine;
let reference: DuckDBInstance;
let direct: DuckDBConnection;

beforeAll(async () => {
	engine = await DatasetEngine.create({ queryTimeoutMs: 20_000 });
	reference = await DuckDBInstance.create(':memory:');
	direct = await reference.connect();
	for (const [name, reader] of Object.entries(files))
		await direct.run(`CREATE VIEW ${name} AS SELECT * FROM ${reader}`);
});

afterAll(() => {
	direct?.closeSync();
	engine?.close();
});

function normalise(rows: Record<string, unknown>[]): unknown[] {
	return rows.map((row) =>
		Object.values(row).map((value) => (typeof value === 'number' ? Number(value.toPrecision(12)) : value))
	);
}

describe('valid queries answer what DuckDB answers reading the files directly', () => {
	it.each(validQueries.map((sql) => [sql]))('%s', async (sql) => {
		const ours = await engine.query(sql, { limit: 5_000 });
		const theirs = (await direct.runAndReadAll(sql)).convertRowObjects(jsonSafeConverter) as Record<string, unknown>[];
		expect(theirs.length).toBeGreaterThan(0);
		expect(ours.truncated).toBe(false);
		expect(normalise(ours.rows)).toEqual(normalise(theirs));
	});
});
