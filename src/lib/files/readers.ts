/**
 * Formats DuckDB-WASM cannot read without an extension (which it would fetch from the
 * network): Parquet, decoded with hyparquet into the JSON DuckDB's built-in reader takes,
 * and Excel workbooks (`@e965/xlsx`), each sheet with data as CSV text. Both libraries load
 * with the first such file.
 */
import { AutoUiError, errorMessage } from '$lib/shared';

/** A JSON value from a Parquet cell (64-bit integers as numbers when exact, dates as ISO text). */
function plain(value: unknown): unknown {
	if (typeof value === 'bigint')
		return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
			? Number(value)
			: value.toString();
	if (value instanceof Date) {
		const iso = value.toISOString();
		return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
	}
	if (value instanceof Uint8Array) return `<${value.length} bytes>`;
	if (Array.isArray(value)) return value.map(plain);
	if (value && typeof value === 'object')
		return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
	return value;
}

/** A Parquet file's rows as a JSON array (text). */
export async function readParquetAsJson(file: Blob): Promise<string> {
	const { parquetReadObjects } = await import('hyparquet');
	const buffer = await file.arrayBuffer();
	let rows: Record<string, unknown>[];
	try {
		rows = (await parquetReadObjects({ file: buffer })) as Record<string, unknown>[];
	} catch (error) {
		throw new AutoUiError('invalid_argument', `it is not a readable Parquet file (${errorMessage(error)}).`);
	}
	if (!rows.length) throw new AutoUiError('invalid_argument', 'the Parquet file has no rows.');
	const parts: string[] = [];
	for (const row of rows) parts.push(JSON.stringify(plain(row)));
	return `[${parts.join(',\n')}]`;
}

/** One sheet of a workbook as CSV. */
export interface SheetText {
	name: string;
	csv: string;
}

/** The sheets of an Excel workbook that hold data, as CSV. */
export async function readWorkbook(file: Blob): Promise<SheetText[]> {
	const XLSX = await import('@e965/xlsx');
	let workbook;
	try {
		workbook = XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: 'array', cellDates: true });
	} catch (error) {
		throw new AutoUiError('invalid_argument', `it is not a readable Excel workbook (${errorMessage(error)}).`);
	}
	return workbook.SheetNames.map((name) => ({
		name,
		csv: XLSX.utils.sheet_to_csv(workbook.Sheets[name], { blankrows: false, dateNF: 'yyyy-mm-dd' })
	})).filter((sheet) => sheet.csv.trim().length > 0);
}
