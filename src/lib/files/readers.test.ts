import { describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import * as XLSX from '@e965/xlsx';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readParquetAsJson, readWorkbook } from './readers';

describe('readers DuckDB-WASM has no extension for', () => {
	it('reads a Parquet file written by DuckDB into JSON rows with plain values', async () => {
		const folder = mkdtempSync(join(tmpdir(), 'files-readers-'));
		try {
			const file = join(folder, 'x.parquet');
			const connection = await (await DuckDBInstance.create(':memory:')).connect();
			await connection.run(
				`COPY (SELECT i AS n, 'Zürich ' || i AS city, DATE '2026-01-01' + i::INT AS day, i * 1.5 AS amount FROM range(3) t(i)) TO '${file}' (FORMAT parquet)`
			);
			connection.closeSync();
			const rows = JSON.parse(await readParquetAsJson(new Blob([readFileSync(file)])));
			expect(rows).toEqual([
				{ n: 0, city: 'Zürich 0', day: '2026-01-01', amount: 0 },
				{ n: 1, city: 'Zürich 1', day: '2026-01-02', amount: 1.5 },
				{ n: 2, city: 'Zürich 2', day: '2026-01-03', amount: 3 }
			]);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});
	it('says when a file is not Parquet', async () => {
		await expect(readParquetAsJson(new Blob(['a,b\n1,2\n']))).rejects.toThrow(/not a readable Parquet file/);
	});
	it('reads each sheet of a workbook with data as CSV', async () => {
		const book = XLSX.utils.book_new();
		XLSX.utils.book_append_sheet(
			book,
			XLSX.utils.aoa_to_sheet([
				['ville', 'montant'],
				['Orléans, FR', 3]
			]),
			'Ventes'
		);
		XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([]), 'Vide');
		const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
		const sheets = await readWorkbook(new Blob([bytes]));
		expect(sheets).toEqual([{ name: 'Ventes', csv: 'ville,montant\n"Orléans, FR",3' }]);
	});
});
