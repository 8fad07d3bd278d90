/**
 * The files added on this device (runes): adding (picked, dropped or from a URL), the size
 * limit checked before reading, the table names, the list kept on the device, the engine
 * that loads them on first use, the profile of the last file added, and the `files` server
 * as a tool source (no layer until a file is added, so the prompt is unchanged before).
 */
import { AutoUiError, errorMessage, randomId, type KeyValueStore } from '$lib/shared';
import type { ToolSource } from '$lib/tool-hub/types';
import { startDuckDb } from './duckdb';
import { describeTable, type TableDescription } from './describe';
import { FilesEngine, type LoadedTable } from './engine';
import { isOutOfMemory } from './errors';
import { detectFormat, formatBytes, uniqueTableName } from './names';
import { createFilesServer } from './server';
import { FileStore, type StoredFile } from './store';
import { tablesRead } from './sql-check';

/** The size limit checked before a file is read. */
export const DEFAULT_MAX_FILE_BYTES = 1024 ** 3;
/** From this many rows on, the files list notes that queries scan a large table. */
export const LARGE_TABLE_ROWS = 1_000_000;

/** A file being read, or one that could not be. */
export interface FileProblem {
	name: string;
	message: string;
}

/** The profile card of a table. */
export interface FileProfile {
	file: StoredFile;
	table: LoadedTable;
	description: TableDescription;
}

export interface DataFilesOptions {
	kv: KeyValueStore;
	maxBytes?: number;
	/** Starts DuckDB-WASM (tests may pass another start). */
	start?: typeof startDuckDb;
}

export class DataFiles {
	files = $state.raw<readonly StoredFile[]>([]);
	/** Names of files being read. */
	reading = $state.raw<readonly string[]>([]);
	problems = $state.raw<readonly FileProblem[]>([]);
	profile = $state.raw<FileProfile | undefined>(undefined);
	/** Where files are kept: `opfs` or `indexeddb`. */
	keptIn = $state.raw<'opfs' | 'indexeddb' | undefined>(undefined);
	readonly maxBytes: number;
	readonly engine: FilesEngine;
	readonly server;
	readonly source: ToolSource;
	readonly #store: FileStore;
	#restored: Promise<void>;
	#loading: Promise<void> | undefined;

	constructor(options: DataFilesOptions) {
		this.maxBytes = options.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
		this.#store = new FileStore(options.kv);
		this.engine = new FilesEngine(options.start ?? startDuckDb);
		this.server = createFilesServer({
			files: () => this.files,
			describe: (table, sample) => this.describe(table, sample),
			query: (sql, query) => this.query(sql, query)
		});
		this.#restored = this.#store
			.list()
			.then((files) => void (this.files = files))
			.catch((error) => this.#problem('Your files', `the list of files could not be read (${errorMessage(error)}).`));
		void this.#store.kind().then((kind) => (this.keptIn = kind));
		const server = this.server;
		const files = () => this.files;
		this.source = {
			id: 'files',
			kind: 'webmcp',
			get layers() {
				return files().length ? [server.layer()] : [];
			},
			get servers() {
				return files().length ? [server] : [];
			},
			get status() {
				const tables = files().reduce((sum, file) => sum + file.tables.length, 0);
				return { state: 'ready' as const, detail: `${tables} table${tables === 1 ? '' : 's'} from your files` };
			},
			ready: () => this.#restored
		};
	}

	/** Every table of every file. */
	get tables(): { file: StoredFile; table: LoadedTable }[] {
		return this.files.flatMap((file) => file.tables.map((table) => ({ file, table })));
	}

	#problem(name: string, message: string) {
		this.problems = [...this.problems.filter((item) => item.name !== name), { name, message }];
	}

	/** Starts DuckDB-WASM ahead of a file (the picker opened, a file is dragged over the page). */
	warm(): void {
		this.engine.warm();
	}

	dismissProblem(name: string) {
		this.problems = this.problems.filter((item) => item.name !== name);
	}

	/** Loads the kept files into the engine, once per engine start. */
	#ensureLoaded(): Promise<void> {
		const missing = this.files.filter((file) => file.tables.some((table) => !this.engine.has(table.table)));
		if (!missing.length) return this.#loading ?? Promise.resolve();
		const run = (this.#loading ?? Promise.resolve()).then(async () => {
			for (const file of missing) {
				if (file.tables.every((table) => this.engine.has(table.table))) continue;
				const blob = await this.#store.get(file.id);
				if (!blob)
					throw new AutoUiError(
						'not_found',
						`The file "${file.name}" is no longer kept in this browser: add it again.`
					);
				const names = new Map(file.tables.map((table) => [table.sheet ?? '', table.table]));
				await this.engine.load({
					file: blob,
					fileName: file.name,
					format: file.format,
					tableFor: (sheet) => names.get(sheet ?? '') ?? uniqueTableName(file.name, names.values(), sheet)
				});
			}
		});
		this.#loading = run.catch(() => undefined);
		return run;
	}

	/** Adds files (picked or dropped); each is read, kept and profiled. Problems are listed, never thrown. */
	async add(files: Iterable<File>): Promise<StoredFile[]> {
		await this.#restored;
		const added: StoredFile[] = [];
		for (const file of files) {
			const stored = await this.#addOne(file);
			if (stored) added.push(stored);
		}
		return added;
	}

	async #addOne(file: File): Promise<StoredFile | undefined> {
		this.dismissProblem(file.name);
		if (file.size > this.maxBytes) {
			this.#problem(
				file.name,
				`"${file.name}" is ${formatBytes(file.size)}; the limit is ${formatBytes(this.maxBytes)}. It was not read.`
			);
			return undefined;
		}
		const format = detectFormat(file.name, new Uint8Array(await file.slice(0, 4).arrayBuffer()));
		if (!format) {
			this.#problem(
				file.name,
				`"${file.name}" is not a supported file: add CSV, TSV, Parquet, JSON, NDJSON or Excel (.xlsx).`
			);
			return undefined;
		}
		this.reading = [...this.reading, file.name];
		const id = randomId('file_');
		let kept: Promise<void> | undefined;
		try {
			await this.#ensureLoaded().catch(() => undefined);
			const taken = new Set(this.tables.map((entry) => entry.table.table));
			// The bytes are kept while DuckDB reads them (dropped again if the file cannot be read).
			kept = this.#store.put(id, file);
			kept.catch(() => undefined);
			const tables = await this.engine.load({
				file,
				fileName: file.name,
				format,
				tableFor: (sheet) => {
					const name = uniqueTableName(file.name, taken, sheet);
					taken.add(name);
					return name;
				}
			});
			const stored: StoredFile = { id, name: file.name, size: file.size, format, addedAt: Date.now(), tables };
			await kept;
			this.files = [...this.files, stored];
			await this.#store.saveList(this.files);
			await this.showProfile(stored, tables[0]).catch(() => undefined);
			return stored;
		} catch (error) {
			if (isOutOfMemory(error)) await this.engine.reset();
			if (kept) void kept.finally(() => this.#store.remove(id)).catch(() => undefined);
			this.#problem(file.name, errorMessage(error));
			return undefined;
		} finally {
			this.reading = this.reading.filter((name) => name !== file.name);
		}
	}

	/** Adds a CSV or Parquet file from an HTTPS URL (the server must allow CORS). */
	async addUrl(address: string): Promise<StoredFile | undefined> {
		let url: URL;
		try {
			url = new URL(address.trim());
		} catch {
			this.#problem(address, `"${address}" is not a URL.`);
			return undefined;
		}
		if (url.protocol !== 'https:' && !['localhost', '127.0.0.1'].includes(url.hostname)) {
			this.#problem(address, 'Give an https:// address of a CSV or Parquet file.');
			return undefined;
		}
		const name = decodeURIComponent(url.pathname.split('/').pop() || 'download.csv');
		try {
			const response = await fetch(url, { credentials: 'omit' });
			if (!response.ok) throw new Error(`the server answered ${response.status}`);
			const length = Number(response.headers.get('content-length') ?? 0);
			if (length > this.maxBytes)
				throw new Error(`it is ${formatBytes(length)}; the limit is ${formatBytes(this.maxBytes)}`);
			const blob = await response.blob();
			const [added] = await this.add([new File([blob], name, { type: blob.type })]);
			return added;
		} catch (error) {
			this.#problem(
				address,
				`The file at ${url.origin}${url.pathname} could not be fetched: ${errorMessage(error)} (the server must allow cross-origin requests, CORS).`
			);
			return undefined;
		}
	}

	async remove(id: string): Promise<void> {
		const file = this.files.find((candidate) => candidate.id === id);
		if (!file) return;
		this.files = this.files.filter((candidate) => candidate.id !== id);
		if (this.profile?.file.id === id) this.profile = undefined;
		await this.#store.saveList(this.files);
		await this.#store.remove(id);
		for (const table of file.tables) await this.engine.drop(table.table).catch(() => undefined);
	}

	async showProfile(file: StoredFile, table: LoadedTable): Promise<void> {
		const description = await this.describe(table.table, 5);
		this.profile = { file, table, description };
	}

	closeProfile() {
		this.profile = undefined;
	}

	#find(table: string) {
		const wanted = table.trim().toLowerCase();
		return this.tables.find((entry) => entry.table.table === wanted);
	}

	async describe(table: string, sampleRows: number): Promise<TableDescription> {
		const found = this.#find(table);
		if (!found)
			throw new AutoUiError(
				'not_found',
				`Unknown table "${table}". Tables of the added files: ${this.tables.map((entry) => entry.table.table).join(', ') || 'none (add a file first)'}.`
			);
		await this.#ensureLoaded();
		return describeTable(this.engine, found.table, found.file.name, sampleRows);
	}

	async query(sql: string, options: { limit?: number; params?: Record<string, unknown>; signal?: AbortSignal }) {
		const known = new Set(this.tables.map((entry) => entry.table.table));
		try {
			await this.#ensureLoaded();
			return await this.engine.query(sql, options as Parameters<FilesEngine['query']>[1]);
		} catch (error) {
			if (isOutOfMemory(error)) await this.engine.reset();
			if (error instanceof AutoUiError && error.code === 'not_found') {
				const missing = tablesRead(sql).filter((name) => !known.has(name));
				if (missing.length)
					throw new AutoUiError('not_found', `${missingFileMessage(missing)} ${error.message}`, { cause: error });
			}
			throw error;
		}
	}
}

/** What a widget whose table is not in this browser says: which file to add. */
export function missingFileMessage(tables: readonly string[]): string {
	const names = tables.map((table) => `"${table}"`).join(', ');
	return `This reads ${names}, made from a file that is not in this browser: add that file (Add data; a file named like ${tables[0]}.csv becomes the table ${tables[0]}), then press Refresh.`;
}
