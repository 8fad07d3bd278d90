/**
 * What a file becomes: its table name (lower-case, every run of other characters `_`, made
 * unique: `Sales 2026.csv` → `sales_2026`) and its format (from the name, else its first
 * bytes). Pure, so the page, the worker and unit tests share it.
 */

/** Formats a file can be read as. */
export type FileFormat = 'csv' | 'tsv' | 'parquet' | 'json' | 'ndjson' | 'xlsx';

const EXTENSIONS: Record<string, FileFormat> = {
	csv: 'csv',
	txt: 'csv',
	tsv: 'tsv',
	tab: 'tsv',
	parquet: 'parquet',
	pq: 'parquet',
	json: 'json',
	ndjson: 'ndjson',
	jsonl: 'ndjson',
	xlsx: 'xlsx',
	xlsm: 'xlsx'
};

/** SQL words a table must not be called (it would need quoting in every query). */
const RESERVED = new Set(['select', 'from', 'where', 'group', 'order', 'table', 'with', 'join', 'limit', 'union']);

/** The base table name of a file name: `Sales 2026.csv` → `sales_2026`, `Été.csv` → `ete`. */
export function baseTableName(fileName: string): string {
	const stem = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || fileName;
	let name = stem
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_')
		.replace(/^_+|_+$/g, '');
	if (!name) name = 'file';
	if (/^[0-9]/.test(name) || RESERVED.has(name)) name = `t_${name}`;
	return name.slice(0, 60);
}

/** A table name for `fileName` (or a sheet of it) that none of `taken` has. */
export function uniqueTableName(fileName: string, taken: Iterable<string>, sheet?: string): string {
	const used = new Set([...taken].map((name) => name.toLowerCase()));
	const base = sheet ? baseTableName(`${baseTableName(fileName)}_${sheet}`) : baseTableName(fileName);
	if (!used.has(base)) return base;
	for (let index = 2; ; index++) {
		const candidate = `${base}_${index}`;
		if (!used.has(candidate)) return candidate;
	}
}

/** The format of a file from its name, else from its first bytes; undefined when unknown. */
export function detectFormat(fileName: string, head?: Uint8Array): FileFormat | undefined {
	if (head && head.length >= 4) {
		const magic = String.fromCharCode(...head.slice(0, 4));
		if (magic === 'PAR1') return 'parquet';
		if (magic === 'PK\u0003\u0004' && /\.xls[xm]$/i.test(fileName)) return 'xlsx';
	}
	const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
	return extension ? EXTENSIONS[extension] : undefined;
}

/** The extensions the file input offers. */
export const ACCEPTED_EXTENSIONS = '.csv,.tsv,.tab,.txt,.parquet,.pq,.json,.ndjson,.jsonl,.xlsx,.xlsm';

/** Bytes as people read them: `60.2 MB`. */
export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	const units = ['KB', 'MB', 'GB'];
	let value = bytes / 1024;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	return `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}
