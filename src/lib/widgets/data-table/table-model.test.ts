import { describe, expect, it } from 'vitest';
import { townRows as rows } from './table-fixture';
import { csvField, formatCell, normalizeRows, resolveColumns, sortKey, toCsv } from './table-model';

describe('table model', () => {
	it('infers column types from values, numbers as strings included', () => {
		const columns = resolveColumns(undefined, rows);
		expect(columns.map((column) => [column.key, column.type])).toEqual([
			['name', 'text'],
			['population', 'number'],
			['founded', 'date'],
			['site', 'link'],
			['share', 'number']
		]);
		expect(columns[1].label).toBe('Population');
		expect(columns[1].align).toBe('end');
	});

	it('maps array rows onto the given columns', () => {
		expect(normalizeRows([['a', 1], 'junk', null], [{ key: 'x' }, { key: 'y' }])).toEqual([{ x: 'a', y: 1 }]);
	});

	it('duplicate column keys (as SELECT a.x, b.x gives) render with unique keys and keep every cell', () => {
		const specs = [{ key: 'x' }, { key: 'x' }, { key: 'y' }, { key: 'x' }];
		const arrayRows = normalizeRows([['a', 'b', 1, 'c']], specs);
		expect(arrayRows).toEqual([{ x: 'a', x_2: 'b', y: 1, x_3: 'c' }]);
		const columns = resolveColumns(specs, arrayRows);
		expect(columns.map((column) => column.key)).toEqual(['x', 'x_2', 'y', 'x_3']);
		expect(columns.map((column) => column.label)).toEqual(['X', 'X (2)', 'Y', 'X (3)']);
		// Object rows cannot hold a key twice: a repeated column would show the same cells, so it is dropped.
		const objectColumns = resolveColumns(specs, normalizeRows([{ x: 'a', y: 1 }], specs));
		expect(objectColumns.map((column) => column.key)).toEqual(['x', 'y']);
	});

	it('gives sort keys: numbers for number and date columns, lower-case text otherwise, none for empty cells', () => {
		const [name, population, founded] = resolveColumns(undefined, rows);
		expect(sortKey(population, '709,037')).toBe(709037);
		expect(sortKey(founded, '1040-01-01')).toBe(Date.UTC(1040, 0, 1));
		expect(sortKey(name, 'Ålesund')).toBe('ålesund');
		expect(sortKey(name, '')).toBeUndefined();
	});

	it('formats numbers, percents (including "12%") and dates', () => {
		const [column] = resolveColumns([{ key: 'share', type: 'number', format: 'percent' }], rows);
		expect(formatCell(column, '12%')).toMatch(/^12\s?%$/);
		expect(formatCell(column, 0.05)).toMatch(/^5\s?%$/);
		const [integer] = resolveColumns([{ key: 'population', type: 'number', format: 'integer' }], rows);
		expect(formatCell(integer, '709,037').replace(/\D/g, '')).toBe('709037');
		expect(formatCell(integer, 'n/a')).toBe('n/a');
		const [date] = resolveColumns([{ key: 'founded', type: 'date' }], rows);
		expect(formatCell(date, '2024-03-12')).toMatch(/2024/);
		expect(formatCell(date, null)).toBe('');
	});

	it('exports CSV with quoting and formula guards', () => {
		expect(csvField('a,b')).toBe('"a,b"');
		expect(csvField('say "hi"')).toBe('"say ""hi"""');
		expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
		expect(csvField('-12')).toBe('-12');
		const columns = resolveColumns([{ key: 'name' }, { key: 'population', type: 'number' }], rows);
		expect(toCsv(rows, columns, [2, 0])).toBe('Name,Population\r\nbergen,289330\r\nOslo,"709,037"\r\n');
		expect(toCsv(rows, columns, Uint32Array.of(0))).toBe('Name,Population\r\nOslo,"709,037"\r\n');
	});
});
