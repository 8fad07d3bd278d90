/**
 * The tables of the added files in one DuckDB-WASM (started on first use, in its worker).
 * A file is read once into an in-memory table (CSV/TSV with DuckDB's reader, the delimiter
 * chosen from the header line and types sniffed; JSON and NDJSON with DuckDB-WASM's JSON
 * reader; Parquet and Excel decoded in the page first), then its registered file is
 * dropped, so queries reach only the tables. Queries run on their own connection, return
 * the datasets server's result shape and are cancelled with their signal.
 */
import { AutoUiError, errorMessage, type ParamValue } from '$lib/shared';
import type { DuckDb } from './duckdb';
import { explainLoadError, explainQueryError } from './errors';
import { readParquetAsJson, readWorkbook } from './readers';
import { prepareSql } from './sql-check';
import { duckTypeName, jsonValue, type ArrowType } from './values';
import type { FileFormat } from './names';

export const DEFAULT_ROW_LIMIT = 500;
export const MAX_ROW_LIMIT = 5_000;
const MAX_BYTES = 1_000_000;

/** A column of a table. */
export interface ColumnInfo {
	name: string;
	type: string;
}

/** What a query returns (the datasets server's shape). */
export interface QueryResult {
	columns: ColumnInfo[];
	rows: Record<string, unknown>[];
	rowCount: number;
	totalRows: number | null;
	truncated: false | 'rows' | 'bytes';
	elapsedMs: number;
}

/** One table made from a file (an Excel file makes one per sheet). */
export interface LoadedTable {
	table: string;
	sheet?: string;
	rows: number;
	columns: ColumnInfo[];
}

/** What to load: the file's bytes, its format and the table names to create. */
export interface LoadRequest {
	file: Blob;
	fileName: string;
	format: FileFormat;
	/** Names for the tables: one, or a function of the sheet for Excel. */
	tableFor: (sheet?: string) => string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The delimiter of a CSV from its first line: the most frequent of , ; tab | outside quotes. */
export function sniffDelimiter(head: string): string {
	const line = head.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
	const counts = new Map<string, number>([
		[',', 0],
		[';', 0],
		['\t', 0],
		['|', 0]
	]);
	let quoted = false;
	for (const char of line) {
		if (char === '"') quoted = !quoted;
		else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
	}
	const [best, count] = [...counts].sort((a, b) => b[1] - a[1])[0];
	return count > 0 ? best : ',';
}

/** The fields of a CSV's header line (quotes removed), made unique. */
export function headerFields(head: string, delimiter: string): string[] {
	const line = head.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
	const fields: string[] = [];
	let field = '';
	let quoted = false;
	for (let index = 0; index < line.length; index++) {
		const char = line[index];
		if (char === '"' && quoted && line[index + 1] === '"') {
			field += '"';
			index++;
		} else if (char === '"') quoted = !quoted;
		else if (char === delimiter && !quoted) {
			fields.push(field);
			field = '';
		} else field += char;
	}
	fields.push(field);
	const seen = new Set<string>();
	return fields.map((name) => {
		let unique = name;
		for (let index = 2; seen.has(unique); index++) unique = `${name}_${index}`;
		seen.add(unique);
		return unique;
	});
}

export class FilesEngine {
	#duck: Promise<DuckDb> | undefined;
	#start: () => Promise<DuckDb>;
	#loaded = new Map<string, LoadedTable>();

	constructor(start: () => Promise<DuckDb>) {
		this.#start = start;
	}

	/** True once DuckDB-WASM has been started (for the bench and the status line). */
	get started(): boolean {
		return this.#duck !== undefined;
	}

	/** Starts DuckDB-WASM ahead of the first file (the picker is open, a file is dragged over the page). */
	warm(): void {
		void this.#duckDb().catch(() => undefined);
	}

	has(table: string): boolean {
		return this.#loaded.has(table);
	}

	#duckDb(): Promise<DuckDb> {
		if (!this.#duck) {
			this.#duck = this.#start();
			this.#duck.catch(() => (this.#duck = undefined));
		}
		return this.#duck;
	}

	/** After a crash of the worker (out of memory): start again on next use; tables reload from the store. */
	async reset(): Promise<void> {
		const duck = this.#duck;
		this.#duck = undefined;
		this.#loaded.clear();
		if (duck) (await duck.catch(() => undefined))?.worker.terminate();
	}

	/** Reads a file into its table(s). */
	async load(request: LoadRequest): Promise<LoadedTable[]> {
		const duck = await this.#duckDb();
		const connection = await duck.db.connect();
		const registered: string[] = [];
		const made: string[] = [];
		const sheetOf = new Map<string, string>();
		const register = async (name: string, data: Blob | string) => {
			registered.push(name);
			if (typeof data === 'string') await duck.db.registerFileText(name, data);
			else await duck.db.registerFileHandle(name, data, duck.lib.DuckDBDataProtocol.BROWSER_FILEREADER, true);
		};
		try {
			const csvTable = async (table: string, data: Blob | string, delimiter: string) => {
				const path = `in_${table}.csv`;
				await register(path, data);
				made.push(table);
				const dialect = `delim=${literal(delimiter)}, quote='"', escape='"'`;
				try {
					await connection.query(
						`CREATE TABLE ${quote(table)} AS SELECT * FROM read_csv(${literal(path)}, ${dialect})`
					);
				} catch (error) {
					// The sniffer names no line; reading with the header's columns as text finds the first bad one.
					const head = typeof data === 'string' ? data.slice(0, 65_536) : await data.slice(0, 65_536).text();
					const names = headerFields(head, delimiter);
					if (!/sniffing/i.test(String(error)) || !names.length) throw error;
					const columns = names.map((name, index) => `${literal(name || `column${index}`)}: 'VARCHAR'`).join(', ');
					await connection.query(
						`SELECT count(*) FROM read_csv(${literal(path)}, ${dialect}, header=true, auto_detect=false, columns={${columns}})`
					);
					throw error;
				}
			};
			const jsonTable = async (table: string, data: Blob | string) => {
				const path = `in_${table}.json`;
				await register(path, data);
				made.push(table);
				await connection.insertJSONFromPath(path, { name: table });
			};
			const { format, file } = request;
			if (format === 'csv' || format === 'tsv') {
				const delimiter = format === 'tsv' ? '\t' : sniffDelimiter(await file.slice(0, 65_536).text());
				await csvTable(request.tableFor(), file, delimiter);
			} else if (format === 'json') {
				await jsonTable(request.tableFor(), file);
			} else if (format === 'ndjson') {
				const lines = (await file.text()).split(/\r?\n/).filter((line) => line.trim());
				await jsonTable(request.tableFor(), `[${lines.join(',\n')}]`);
			} else if (format === 'parquet') {
				await jsonTable(request.tableFor(), await readParquetAsJson(file));
			} else if (format === 'xlsx') {
				const sheets = await readWorkbook(file);
				if (!sheets.length) throw new AutoUiError('invalid_argument', 'The workbook has no sheet with data.');
				for (const sheet of sheets) {
					const table = request.tableFor(sheet.name);
					sheetOf.set(table, sheet.name);
					await csvTable(table, sheet.csv, ',');
				}
			}
			const tables: LoadedTable[] = [];
			for (const table of made) {
				const described = await this.#inspect(connection, table);
				const sheet = sheetOf.get(table);
				const loaded = { table, ...described, ...(sheet ? { sheet } : {}) };
				this.#loaded.set(table, loaded);
				tables.push(loaded);
			}
			return tables;
		} catch (error) {
			for (const table of made) await connection.query(`DROP TABLE IF EXISTS ${quote(table)}`).catch(() => undefined);
			throw explainLoadError(error, request.fileName);
		} finally {
			for (const name of registered) await duck.db.dropFile(name).catch(() => undefined);
			await connection.close().catch(() => undefined);
		}
	}

	async #inspect(
		connection: Awaited<ReturnType<DuckDb['db']['connect']>>,
		table: string
	): Promise<{ rows: number; columns: ColumnInfo[] }> {
		const counted = await connection.query(`SELECT count(*)::DOUBLE AS n FROM ${quote(table)}`);
		const described = await connection.query(`DESCRIBE ${quote(table)}`);
		const columns = described.toArray().map((row) => {
			const value = row.toJSON() as { column_name: string; column_type: string };
			return { name: value.column_name, type: value.column_type };
		});
		return { rows: Number(counted.toArray()[0].toJSON().n), columns };
	}

	/** Drops a table (its file was removed). */
	async drop(table: string): Promise<void> {
		this.#loaded.delete(table);
		if (!this.#duck) return;
		const duck = await this.#duck;
		const connection = await duck.db.connect();
		try {
			await connection.query(`DROP TABLE IF EXISTS ${quote(table)}`);
		} finally {
			await connection.close();
		}
	}

	/** Runs one checked statement; rows capped at `limit` and 1 MB of JSON. */
	async query(
		sql: string,
		options: { limit?: number; params?: Record<string, ParamValue>; signal?: AbortSignal } = {}
	): Promise<QueryResult> {
		const started = performance.now();
		const prepared = prepareSql(sql, options.params);
		const limit = Math.min(Math.max(1, options.limit ?? DEFAULT_ROW_LIMIT), MAX_ROW_LIMIT);
		const duck = await this.#duckDb();
		const connection = await duck.db.connect();
		const onAbort = () => void connection.cancelSent().catch(() => undefined);
		options.signal?.addEventListener('abort', onAbort, { once: true });
		try {
			const statement = await connection.prepare(prepared.sql);
			// The stream's schema is known once it is open.
			const reader = await (await statement.send(...prepared.values)).open();
			const fields = reader.schema.fields.map((field) => ({
				name: field.name,
				type: field.type as unknown as ArrowType
			}));
			const rows: Record<string, unknown>[] = [];
			let bytes = 2;
			let truncated: QueryResult['truncated'] = false;
			let seen = 0;
			reading: for await (const batch of reader) {
				if (options.signal?.aborted) break;
				const columns = fields.map((field) => batch.getChild(field.name));
				for (let index = 0; index < batch.numRows; index++) {
					seen++;
					if (rows.length >= limit) {
						truncated = 'rows';
						break reading;
					}
					const row: Record<string, unknown> = {};
					fields.forEach((field, column) => (row[field.name] = jsonValue(columns[column]?.get(index), field.type)));
					bytes += JSON.stringify(row).length + 1;
					if (bytes > MAX_BYTES) {
						truncated = 'bytes';
						break reading;
					}
					rows.push(row);
				}
			}
			if (truncated) await connection.cancelSent().catch(() => undefined);
			await statement.close().catch(() => undefined);
			if (options.signal?.aborted) throw new AutoUiError('aborted', 'The query was cancelled.');
			let totalRows: number | null = seen;
			if (truncated) totalRows = await this.#count(connection, prepared.sql, prepared.values);
			return {
				columns: fields.map((field) => ({ name: field.name, type: duckTypeName(field.type) })),
				rows,
				rowCount: rows.length,
				totalRows,
				truncated,
				elapsedMs: Math.round(performance.now() - started)
			};
		} catch (error) {
			if (error instanceof AutoUiError) throw error;
			throw explainQueryError(error, [...this.#loaded.values()]);
		} finally {
			options.signal?.removeEventListener('abort', onAbort);
			await connection.close().catch(() => undefined);
		}
	}

	async #count(
		connection: Awaited<ReturnType<DuckDb['db']['connect']>>,
		sql: string,
		values: unknown[]
	): Promise<number | null> {
		try {
			const statement = await connection.prepare(`SELECT count(*)::DOUBLE AS n FROM (${sql}\n) AS counted`);
			const table = await statement.query(...values);
			await statement.close();
			return Number(table.toArray()[0].toJSON().n);
		} catch (error) {
			void errorMessage(error);
			return null;
		}
	}

	/** Rows of an internal statement (statistics, samples) as JSON objects. */
	async rows(sql: string): Promise<Record<string, unknown>[]> {
		const duck = await this.#duckDb();
		const connection = await duck.db.connect();
		try {
			const table = await connection.query(sql);
			const fields = table.schema.fields.map((field) => ({
				name: field.name,
				type: field.type as unknown as ArrowType
			}));
			return table.toArray().map((row) => {
				const value = row.toJSON() as Record<string, unknown>;
				return Object.fromEntries(fields.map((field) => [field.name, jsonValue(value[field.name], field.type)]));
			});
		} finally {
			await connection.close();
		}
	}

	/** Memory DuckDB holds, in bytes (for the bench). */
	async memoryBytes(): Promise<number> {
		const [row] = await this.rows(`SELECT sum(memory_usage_bytes)::DOUBLE AS bytes FROM duckdb_memory()`);
		return Number(row?.bytes ?? 0);
	}
}
