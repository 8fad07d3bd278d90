import { describe, expect, it } from 'vitest';
import { baseTableName, detectFormat, formatBytes, uniqueTableName } from './names';
import { headerFields, sniffDelimiter } from './engine';

describe('table names', () => {
	it('lower-cases, turns other characters to _ and drops accents and the extension', () => {
		expect(baseTableName('Sales 2026.csv')).toBe('sales_2026');
		expect(baseTableName('Données été (v2).xlsx')).toBe('donnees_ete_v2');
		expect(baseTableName('C:\\data\\My-File.parquet')).toBe('my_file');
		expect(baseTableName('2026.csv')).toBe('t_2026');
		expect(baseTableName('select.csv')).toBe('t_select');
		expect(baseTableName('.csv')).toBe('csv');
	});
	it('is made unique', () => {
		expect(uniqueTableName('Sales 2026.csv', ['sales_2026'])).toBe('sales_2026_2');
		expect(uniqueTableName('Sales 2026.csv', ['sales_2026', 'sales_2026_2'])).toBe('sales_2026_3');
		expect(uniqueTableName('Book.xlsx', [], 'Sheet 1')).toBe('book_sheet_1');
	});
});

describe('formats', () => {
	it('come from the first bytes, else the extension', () => {
		expect(detectFormat('x.bin', new TextEncoder().encode('PAR1xxxx'))).toBe('parquet');
		expect(detectFormat('a.TSV')).toBe('tsv');
		expect(detectFormat('a.jsonl')).toBe('ndjson');
		expect(detectFormat('a.xlsx', new Uint8Array([0x50, 0x4b, 3, 4]))).toBe('xlsx');
		expect(detectFormat('a.pdf')).toBeUndefined();
	});
	it('sizes read as people read them', () => {
		expect(formatBytes(512)).toBe('512 B');
		expect(formatBytes(60 * 1024 * 1024)).toBe('60.0 MB');
	});
	it('the delimiter is the most frequent separator of the header line, outside quotes', () => {
		expect(sniffDelimiter('\uFEFFa,b,c\r\n1,2,3')).toBe(',');
		expect(sniffDelimiter('"a,b";c;d\n')).toBe(';');
		expect(sniffDelimiter('a\tb\n')).toBe('\t');
		expect(sniffDelimiter('single\n')).toBe(',');
	});
	it('the header fields are split outside quotes and made unique', () => {
		expect(headerFields('\uFEFFa,"b, c",a\r\n1,2,3', ',')).toEqual(['a', 'b, c', 'a_2']);
	});
});
