import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '$lib/shared/testing';
import { DatasetEngine } from './engine';
import { checkSqlParams } from './sql-params';

let engine: DatasetEngine;

beforeAll(async () => {
	engine = await DatasetEngine.create({ queryTimeoutMs: 5_000 });
});
afterAll(() => engine.close());

const byOrigin = 'SELECT count(*)::INTEGER AS n FROM cars WHERE ($origin IS NULL OR Origin = $origin)';

async function count(sql: string, params: unknown): Promise<number> {
	const result = await engine.query(sql, { params });
	return Number(result.rows[0].n);
}

describe('query_sql named parameters', () => {
	it('binds a value by name, and null means "no filter"', async () => {
		const all = await count('SELECT count(*)::INTEGER AS n FROM cars', undefined);
		const japan = await count("SELECT count(*)::INTEGER AS n FROM cars WHERE Origin = 'Japan'", undefined);
		expect(japan).toBeGreaterThan(0);
		expect(await count(byOrigin, { origin: 'Japan' })).toBe(japan);
		expect(await count(byOrigin, { origin: null })).toBe(all);
	});

	it('keeps SQL text in a value as data: no row matches, nothing else runs', async () => {
		expect(await count(byOrigin, { origin: "' OR 1=1 --" })).toBe(0);
		expect(await count(byOrigin, { origin: "Japan'; DROP TABLE cars; --" })).toBe(0);
		expect(await count(byOrigin, { origin: 'x'.repeat(10_240) })).toBe(0);
		expect(await count('SELECT count(*)::INTEGER AS n FROM cars', undefined)).toBeGreaterThan(400);
	});

	it('binds lists, numbers, booleans and dates', async () => {
		const two = await count('SELECT count(*)::INTEGER AS n FROM cars WHERE list_contains($origins, Origin)', {
			origins: ['Japan', 'Europe']
		});
		const japan = await count(byOrigin, { origin: 'Japan' });
		const europe = await count(byOrigin, { origin: 'Europe' });
		expect(two).toBe(japan + europe);
		const heavy = await count('SELECT count(*)::INTEGER AS n FROM cars WHERE Weight_in_lbs >= $min', { min: 4000 });
		expect(heavy).toBeGreaterThan(0);
		expect(await count('SELECT count(*)::INTEGER AS n FROM cars WHERE $on', { on: false })).toBe(0);
		const since = await count('SELECT count(*)::INTEGER AS n FROM stocks WHERE date >= $since', {
			since: '2009-01-01'
		});
		const direct = await count("SELECT count(*)::INTEGER AS n FROM stocks WHERE date >= DATE '2009-01-01'", undefined);
		expect(since).toBe(direct);
	});

	it('counts capped rows with the same bound values', async () => {
		const result = await engine.query('SELECT * FROM cars WHERE Origin = $origin', {
			params: { origin: 'USA' },
			limit: 5
		});
		expect(result.truncated).toBe('rows');
		expect(result.totalRows).toBe(await count(byOrigin, { origin: 'USA' }));
	});

	it('says what is wrong: a missing value, an unused one, positional parameters, bad values', async () => {
		expect((await rejection(engine.query(byOrigin))).message).toContain('$origin but params has no value');
		expect((await rejection(engine.query(byOrigin, { params: { origin: 'Japan', year: 1970 } }))).message).toContain(
			'"year" is not used by the SQL'
		);
		expect((await rejection(engine.query('SELECT * FROM cars', { params: { origin: 'Japan' } }))).message).toContain(
			'no $name parameters'
		);
		expect((await rejection(engine.query('SELECT * FROM cars WHERE Origin = ?', { params: {} }))).message).toContain(
			'Positional parameters'
		);
		expect((await rejection(engine.query(byOrigin, { params: { origin: { nested: true } } }))).message).toContain(
			'params.origin'
		);
		expect((await rejection(engine.query(byOrigin, { params: { 'bad name': 1 } }))).message).toContain(
			'not a parameter name'
		);
		expect(() => checkSqlParams('origin=Japan')).toThrow(/params must be an object/);
	});

	it('reports a value of the wrong type for its column as an error, not a crash', async () => {
		const error = await rejection(
			engine.query('SELECT count(*) AS n FROM cars WHERE Cylinders = $n', { params: { n: 'four' } })
		);
		expect(error.message).toMatch(/four/);
	});
});
