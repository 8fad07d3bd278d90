import { describe, expect, it } from 'vitest';
import { checkParams, prepareSql, tablesRead } from './sql-check';

describe('read-only SQL over the files', () => {
	it('accepts one read-only statement and drops trailing semicolons', () => {
		expect(prepareSql('SELECT 1;  ').sql).toBe('SELECT 1');
		expect(prepareSql('WITH a AS (SELECT 1) SELECT * FROM a').values).toEqual([]);
	});
	it('refuses writes, configuration, several statements and file or URL reads', () => {
		expect(() => prepareSql('DROP TABLE t')).toThrow(/read-only/);
		expect(() => prepareSql('SELECT 1; SELECT 2')).toThrow(/one statement/);
		expect(() => prepareSql('SELECT * FROM t; SET x = 1')).toThrow();
		expect(() => prepareSql("SELECT * FROM read_csv('https://example.com/x.csv')")).toThrow(
			/read_csv\(\) is not available/
		);
		expect(() => prepareSql("SELECT * FROM 'https://example.com/x.csv'")).toThrow(/never a file path or a URL/);
		expect(() => prepareSql("SELECT * FROM '/etc/passwd'")).toThrow(/never a file path/);
		expect(() => prepareSql('SELECT * FROM duckdb_settings()')).toThrow(/not available/);
		expect(() => prepareSql("SELECT 'copy' AS word")).not.toThrow();
		expect(() => prepareSql('SELECT "set" FROM t')).not.toThrow();
	});

	it('reads strings as DuckDB does: a backslash-escaped quote, a dollar-quoted URL', () => {
		// E'\'' keeps the string open: the COPY inside it is text, and the statement is one.
		expect(() => prepareSql("SELECT E'it\\'s; COPY t TO ''x''' AS s")).not.toThrow();
		expect(() => prepareSql("SELECT E'\\'; COPY t TO 'x'")).toThrow(/unterminated string literal/);
		expect(() => prepareSql('SELECT * FROM $$https://example.com/x.csv$$')).toThrow(/never a file path or a URL/);
	});
	it('binds named parameters by position, never in the text', () => {
		const prepared = prepareSql(
			"SELECT * FROM t WHERE ($city IS NULL OR city = $city) AND n > $min AND note <> '$city'",
			{
				city: "x' OR 1=1 --",
				min: 3
			}
		);
		expect(prepared.sql).toBe("SELECT * FROM t WHERE ($1 IS NULL OR city = $1) AND n > $2 AND note <> '$city'");
		expect(prepared.values).toEqual(["x' OR 1=1 --", 3]);
	});
	it('binds a list as one text split back into a typed list', () => {
		const prepared = prepareSql('SELECT * FROM t WHERE list_contains($cities, city)', {
			cities: ['Zürich', 'Orléans']
		});
		expect(prepared.sql).toContain('string_split($1, chr(31))');
		expect(prepared.sql).toContain('AS VARCHAR[]');
		expect(prepared.values).toEqual(['Zürich\u001fOrléans']);
	});
	it('names missing, unused and positional parameters', () => {
		expect(() => prepareSql('SELECT * FROM t WHERE a = $a')).toThrow(/params has no value/);
		expect(() => prepareSql('SELECT 1', { a: 1 })).toThrow(/not used by the SQL/);
		expect(() => prepareSql('SELECT * FROM t WHERE a = $1', {})).toThrow(/Positional/);
		expect(() => checkParams({ 'bad name': 1 })).toThrow(/not a parameter name/);
		expect(() => checkParams({ a: { b: 1 } })).toThrow(/params\.a/);
	});
	it('finds the tables a statement reads', () => {
		expect(tablesRead('SELECT * FROM sales_2026 s JOIN stock ON true WHERE x IN (SELECT 1 FROM other)')).toEqual([
			'sales_2026',
			'stock',
			'other'
		]);
	});
});
