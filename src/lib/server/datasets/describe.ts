/**
 * `describe_dataset`: a data set's columns with types and documentation, sample rows and
 * per-column statistics (count, nulls, distinct, min/max/mean for numbers, min/max for
 * dates, the values of low-cardinality text columns), computed in one scan and cached.
 */
import type { Json } from '@duckdb/node-api';
import type { DatasetEngine, LoadedDataset } from './engine';
import { quoteIdentifier } from './normalize';

/** Statistics of one column. */
export interface ColumnStats {
	name: string;
	type: string;
	description?: string;
	count: number;
	nulls: number;
	distinct: number;
	/** True when `distinct` is an estimate (large data sets). */
	distinctApproximate?: boolean;
	min?: Json;
	max?: Json;
	mean?: number;
	/** Every value of a text column with few distinct values, sorted. */
	values?: string[];
}

/** What `describe_dataset` returns. */
export interface DatasetDescription {
	name: string;
	description: string;
	sources: string[];
	rows: number;
	columns: ColumnStats[];
	sampleRows: Record<string, Json>[];
}

const NUMERIC = /^(U?(TINY|SMALL|BIG|HUGE)?INT(EGER)?|FLOAT|DOUBLE|REAL|DECIMAL.*)$/;
const TEMPORAL = /^(DATE|TIMESTAMP.*|TIME)$/;
/** Text columns with at most this many distinct values list them. */
const MAX_LISTED_VALUES = 15;
/** From this many rows on, distinct counts are estimated (HyperLogLog). */
const APPROXIMATE_FROM_ROWS = 1_000_000;

/** The single-row statistics query for a loaded data set. */
export function statsSql(loaded: LoadedDataset): string {
	const approximate = loaded.rows >= APPROXIMATE_FROM_ROWS;
	const parts = ['count(*)::DOUBLE AS total'];
	loaded.columns.forEach((column, index) => {
		const id = quoteIdentifier(column.name);
		parts.push(`count(${id})::DOUBLE AS n${index}`);
		parts.push(
			approximate ? `approx_count_distinct(${id})::DOUBLE AS d${index}` : `count(DISTINCT ${id})::DOUBLE AS d${index}`
		);
		if (NUMERIC.test(column.type)) {
			parts.push(`min(${id}) AS lo${index}`, `max(${id}) AS hi${index}`, `avg(${id})::DOUBLE AS mean${index}`);
		} else if (TEMPORAL.test(column.type)) {
			parts.push(`min(${id}) AS lo${index}`, `max(${id}) AS hi${index}`);
		} else if (column.type === 'VARCHAR') {
			parts.push(`list(DISTINCT ${id})[1:${MAX_LISTED_VALUES + 1}] AS v${index}`);
		}
	});
	return `SELECT ${parts.join(', ')} FROM ${quoteIdentifier(loaded.entry.name)}`;
}

/** Reads the statistics row into per-column stats. */
export function columnStats(loaded: LoadedDataset, row: Record<string, Json>): ColumnStats[] {
	const total = Number(row.total);
	const approximate = loaded.rows >= APPROXIMATE_FROM_ROWS;
	const documented = new Map(loaded.entry.fields.map((field) => [field.name, field.description]));
	return loaded.columns.map((column, index) => {
		const count = Number(row[`n${index}`]);
		const stats: ColumnStats = {
			name: column.name,
			type: column.type,
			count,
			nulls: total - count,
			distinct: Number(row[`d${index}`])
		};
		const description = documented.get(column.name);
		if (description) stats.description = description;
		if (approximate) stats.distinctApproximate = true;
		if (`lo${index}` in row) {
			stats.min = row[`lo${index}`];
			stats.max = row[`hi${index}`];
		}
		const mean = row[`mean${index}`];
		if (typeof mean === 'number') stats.mean = Math.round(mean * 1e6) / 1e6;
		const values = row[`v${index}`];
		if (Array.isArray(values) && values.length <= MAX_LISTED_VALUES) {
			stats.values = values.filter((value): value is string => typeof value === 'string').sort();
		}
		return stats;
	});
}

const cache = new WeakMap<DatasetEngine, Map<string, Promise<DatasetDescription>>>();

/** Describes a data set (loading it if needed); results are cached per engine. */
export function describeDataset(
	engine: DatasetEngine,
	name: string,
	options: { sampleRows?: number; signal?: AbortSignal; owner?: unknown } = {}
): Promise<DatasetDescription> {
	let entry;
	try {
		entry = engine.entry(name);
	} catch (error) {
		return Promise.reject(error);
	}
	const sampleRows = Math.min(Math.max(0, options.sampleRows ?? 5), 20);
	const key = `${entry.name}:${sampleRows}`;
	let byKey = cache.get(engine);
	if (!byKey) cache.set(engine, (byKey = new Map()));
	let description = byKey.get(key);
	if (!description) {
		description = compute(engine, entry.name, sampleRows, options.signal, options.owner);
		byKey.set(key, description);
		const forget = byKey;
		description.catch(() => forget.delete(key));
	}
	return description;
}

async function compute(
	engine: DatasetEngine,
	name: string,
	sampleRows: number,
	signal?: AbortSignal,
	owner?: unknown
): Promise<DatasetDescription> {
	const loaded = await engine.load(name);
	const [statsRow] = await engine.internalQuery(statsSql(loaded), { signal, owner });
	const sample =
		sampleRows > 0
			? await engine.internalQuery(`SELECT * FROM ${quoteIdentifier(name)} LIMIT ${sampleRows}`, { signal, owner })
			: [];
	return {
		name,
		description: loaded.entry.description,
		sources: loaded.entry.sources,
		rows: loaded.rows,
		columns: columnStats(loaded, statsRow),
		sampleRows: sample
	};
}
