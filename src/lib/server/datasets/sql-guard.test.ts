import { describe, expect, it } from 'vitest';
import { AutoUiError } from '$lib/shared';
import { assertReadOnlySql, maskSql } from './sql-guard';

function rejection(sql: string): AutoUiError {
	try {
		assertReadOnlySql(sql);
	} catch (error) {
		expect(error).toBeInstanceOf(AutoUiError);
		return error as AutoUiError;
	}
	throw new Error(`expected ${sql} to be rejected`);
}

describe('assertReadOnlySql', () => {
	it.each([
		'SELECT 1',
		'  select * from cars  ;  ',
		'WITH t AS (SELECT 1 AS x) SELECT x FROM t',
		'FROM cars LIMIT 3',
		'DESCRIBE cars',
		'SHOW TABLES',
		'SUMMARIZE cars',
		'(SELECT 1) UNION ALL (SELECT 2)',
		"SELECT 'drop table cars; insert' AS text",
		'SELECT "set", "update" FROM t',
		'SELECT 1 -- ; DROP TABLE cars',
		'SELECT /* ; attach */ 1',
		'SELECT $$ ; COPY $$ AS s',
		"SELECT E'it\\'s; fine' AS s",
		'SELECT start, "end" FROM monarchs'
	])('accepts %s', (sql) => {
		expect(() => assertReadOnlySql(sql)).not.toThrow();
	});

	it('keeps a trailing string literal or quoted name (it once trimmed what it had masked)', () => {
		expect(assertReadOnlySql("SELECT count(*) FROM airports WHERE state = 'CA'")).toBe(
			"SELECT count(*) FROM airports WHERE state = 'CA'"
		);
		expect(assertReadOnlySql("SELECT 1 WHERE x = 'a'; -- end")).toBe("SELECT 1 WHERE x = 'a'");
		expect(assertReadOnlySql('SELECT "Body Mass (g)" FROM penguins ORDER BY "Body Mass (g)" ;')).toBe(
			'SELECT "Body Mass (g)" FROM penguins ORDER BY "Body Mass (g)"'
		);
		expect(assertReadOnlySql('SELECT $$x$$')).toBe('SELECT $$x$$');
	});

	it('returns the statement without trailing semicolons or comments', () => {
		expect(assertReadOnlySql('SELECT 1;; -- done\n')).toBe('SELECT 1');
	});

	it.each([
		['ATTACH', "ATTACH '/tmp/x.db' AS x"],
		['DETACH', 'DETACH x'],
		['COPY', "COPY cars TO '/tmp/cars.csv'"],
		['INSTALL', 'INSTALL httpfs'],
		['LOAD', 'LOAD httpfs'],
		['PRAGMA', 'PRAGMA database_list'],
		['SET', 'SET threads = 1'],
		['RESET', 'RESET threads'],
		['EXPORT', "EXPORT DATABASE '/tmp/db'"],
		['IMPORT', "IMPORT DATABASE '/tmp/db'"],
		['CREATE', 'CREATE TABLE t AS SELECT 1'],
		['INSERT', 'INSERT INTO cars VALUES (1)'],
		['UPDATE', "UPDATE cars SET Name = 'x'"],
		['DELETE', 'DELETE FROM cars'],
		['DROP', 'DROP TABLE cars'],
		['ALTER', 'ALTER TABLE cars RENAME TO c'],
		['TRUNCATE', 'TRUNCATE cars'],
		['CALL', 'CALL pragma_version()'],
		['CHECKPOINT', 'CHECKPOINT'],
		['VACUUM', 'VACUUM'],
		['BEGIN', 'BEGIN TRANSACTION'],
		['USE', 'USE memory'],
		['EXPLAIN', 'EXPLAIN ANALYZE SELECT 1']
	])('denies %s', (_kind, sql) => {
		expect(rejection(sql).code).toBe('denied');
	});

	it('denies a forbidden keyword hidden after a read-only start', () => {
		expect(rejection('WITH x AS (SELECT 1) INSERT INTO cars SELECT * FROM x').code).toBe('denied');
		expect(rejection('SELECT * FROM (PRAGMA version)').code).toBe('denied');
	});

	it('rejects several statements, even when the second is harmless', () => {
		const error = rejection('SELECT 1; SELECT 2');
		expect(error.code).toBe('invalid_argument');
		expect(error.message).toMatch(/one statement/);
	});

	it('rejects empty, oversized and unterminated SQL with a clear message', () => {
		expect(rejection('   ').message).toMatch(/empty/);
		expect(rejection(`SELECT ${'1 + '.repeat(6000)}1`).message).toMatch(/limit/);
		expect(rejection("SELECT 'open").message).toMatch(/unterminated string/);
		expect(rejection('SELECT "open').message).toMatch(/unterminated quoted identifier/);
		expect(rejection('SELECT 1 /* open').message).toMatch(/comment/);
	});

	it('tells how to use a reserved word as a column name', () => {
		expect(rejection('SELECT set FROM t').message).toContain('quote it as "set"');
	});
});

describe('maskSql', () => {
	it('blanks strings, quoted names and comments but keeps offsets', () => {
		const sql = `SELECT 'a;b', "c;d" -- e;f\nFROM t /* g;h */`;
		const masked = maskSql(sql);
		expect(masked).toHaveLength(sql.length);
		expect(masked).not.toContain(';');
		expect(masked).toContain('SELECT');
		expect(masked).toContain('FROM t');
	});
});
