import { describe, expect, it } from 'vitest';
import { conversionApplySql, conversionCheckSql, proposeConversions, quoteIdentifier, quoteLiteral } from './normalize';
import { queryNote } from './notes';
import { bigintToJson } from './values';

describe('column clean-up', () => {
	it('proposes conversions only where the declared type disagrees with the inferred one', () => {
		const conversions = proposeConversions(
			[
				{ name: 'Title', type: 'JSON' },
				{ name: 'date', type: 'VARCHAR' },
				{ name: 'delay', type: 'HUGEINT' },
				{ name: 'price', type: 'DOUBLE' },
				{ name: 'when', type: 'VARCHAR' }
			],
			[
				{ name: 'Title', type: 'string' },
				{ name: 'date', type: 'date' },
				{ name: 'delay', type: 'integer' },
				{ name: 'price', type: 'number' },
				{ name: 'when', type: 'datetime' }
			]
		);
		expect(conversions.map((conversion) => conversion.column)).toEqual(['Title', 'date', 'delay', 'when']);
		expect(conversions[0].expression).toBe(`json_extract_string("Title", '$')`);
		expect(conversions[1].expression).toMatch(/^CAST\(try_strptime\("date", \[.*'%b %d %Y'.*\]\) AS DATE\)$/);
	});

	it('quotes identifiers and literals safely', () => {
		expect(quoteIdentifier('a "b"')).toBe('"a ""b"""');
		expect(quoteLiteral("it's")).toBe("'it''s'");
		const conversions = [{ column: 'x', expression: 'TRY_CAST("x" AS BIGINT)' }];
		expect(conversionCheckSql('t', conversions)).toBe(
			'SELECT count("x") AS b0, count(TRY_CAST("x" AS BIGINT)) AS a0 FROM "t"'
		);
		expect(conversionApplySql('t', conversions)).toBe(
			'CREATE OR REPLACE TABLE "t" AS SELECT * REPLACE (TRY_CAST("x" AS BIGINT) AS "x") FROM "t"'
		);
	});
});

describe('JSON-safe values and notes', () => {
	it('keeps exact integers as numbers and larger ones as strings', () => {
		expect(bigintToJson(42n)).toBe(42);
		expect(bigintToJson(-9007199254740991n)).toBe(-9007199254740991);
		expect(bigintToJson(9007199254740993n)).toBe('9007199254740993');
	});

	it('notes capped results and lowered limits, and nothing otherwise', () => {
		const base = { columns: [], rows: [], rowCount: 500, totalRows: 3201, truncated: 'rows' as const, elapsedMs: 1 };
		expect(queryNote(base)).toMatch(/first 500 of 3,201 rows \(capped by the row limit\)/);
		expect(queryNote({ ...base, truncated: 'bytes', totalRows: null })).toMatch(
			/of more rows \(capped by the size cap/
		);
		expect(queryNote({ ...base, truncated: false }, 6000)).toMatch(/lowered from 6000/);
		expect(queryNote({ ...base, truncated: false }, 100)).toBeUndefined();
	});
});
