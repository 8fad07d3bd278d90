import { describe, expect, it } from 'vitest';
import { queryLane } from './query-lane';

const rows: Record<string, number> = { airports: 3_376, cars: 406, flights_3m: 3_000_000 };
const lane = (sql: string) => queryLane(sql, (word) => rows[word], 100_000);

describe('queryLane', () => {
	it('puts constants in their own lane and one scan of a small data set in the light one', () => {
		expect(lane('SELECT 1')).toBe('constant');
		expect(lane("SELECT 'airports are' || ' fun' AS text")).toBe('light');
		expect(lane("SELECT state, count(*) FROM airports WHERE state <> 'CA' GROUP BY state")).toBe('light');
	});

	it('counts large data sets, self-joins and row generators as heavy', () => {
		expect(lane('SELECT origin, count(*) FROM flights_3m GROUP BY origin')).toBe('heavy');
		expect(lane('SELECT count(*) FROM airports a, airports b')).toBe('heavy');
		expect(lane('SELECT count(*) FROM airports JOIN cars ON true')).toBe('heavy');
		expect(lane('SELECT count(*) FROM range(100000000000)')).toBe('heavy');
		expect(lane('WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT count(*) FROM t')).toBe(
			'heavy'
		);
	});
});
