/**
 * The catalogue of data sets: every tabular file the `vega-datasets` package ships that
 * DuckDB reads without extensions (JSON arrays of records, CSV, TSV, Parquet), described by
 * the package's own `datapackage.json` (names, descriptions, field types and notes).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** How DuckDB reads a data set's file. */
export type DatasetFormat = 'json' | 'csv' | 'tsv' | 'parquet';

/** A field as `datapackage.json` documents it (types are Frictionless types). */
export interface DatasetField {
	name: string;
	type?: string;
	description?: string;
}

/** One queryable data set: its SQL table name, its file and what it holds. */
export interface DatasetEntry {
	/** SQL table name: lower case, letters, digits and `_` (for example `seattle_weather`). */
	name: string;
	/** Absolute path of the file inside the package's data folder. */
	file: string;
	format: DatasetFormat;
	/** Full description from the data package (markdown). */
	description: string;
	/** The first sentence of the description, for lists. */
	summary: string;
	fields: DatasetField[];
	/** Source titles (for attribution). */
	sources: string[];
}

interface PackageResource {
	name?: string;
	path?: string;
	format?: string;
	description?: string;
	schema?: { fields?: DatasetField[] };
	sources?: { title?: string }[];
}

/**
 * Resources that are tabular in name only: records nested in an object or a raster grid.
 * Everything else with a field schema and a readable format is listed.
 */
const NOT_TABULAR = new Set(['annual_precip', 'earthquakes', 'miserables', 'volcano', 'weekly_weather']);

const FORMATS: Record<string, DatasetFormat> = { json: 'json', csv: 'csv', tsv: 'tsv', parquet: 'parquet' };

/**
 * The folder holding the `vega-datasets` files, resolved from this module so it works from
 * the sources, the tests and the production build alike.
 */
export function vegaDatasetsDirectory(): string {
	const entry = createRequire(import.meta.url).resolve('vega-datasets');
	return join(dirname(entry), '..', 'data');
}

/** The first sentence of a markdown description, without links, at most 200 characters. */
export function summarize(description: string): string {
	const plain = description
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/\s+/g, ' ')
		.trim();
	const sentence = /^(.+?[.!?])(\s|$)/.exec(plain)?.[1] ?? plain;
	return sentence.length > 200 ? `${sentence.slice(0, 199)}…` : sentence;
}

/** A data package resource name as an SQL table name (`flights_200k_json` → `flights_200k`). */
function tableName(resourceName: string): string {
	return resourceName
		.toLowerCase()
		.replace(/[^a-z0-9_]+/g, '_')
		.replace(/_json$/, '');
}

/** Reads the catalogue from a data folder (the package's `datapackage.json` sits beside it). */
export function readCatalog(dataDirectory: string = vegaDatasetsDirectory()): DatasetEntry[] {
	const packagePath = join(dataDirectory, '..', 'datapackage.json');
	const manifest = JSON.parse(readFileSync(packagePath, 'utf8')) as { resources?: PackageResource[] };
	const entries: DatasetEntry[] = [];
	const seen = new Set<string>();
	for (const resource of manifest.resources ?? []) {
		const format = FORMATS[resource.format ?? ''];
		const fields = resource.schema?.fields;
		if (!format || !fields?.length || !resource.name || !resource.path) continue;
		if (NOT_TABULAR.has(resource.name)) continue;
		const name = tableName(resource.name);
		if (seen.has(name)) continue;
		seen.add(name);
		const description = (resource.description ?? '').trim();
		entries.push({
			name,
			file: join(dataDirectory, resource.path),
			format,
			description,
			summary: summarize(description),
			fields: fields.map((field) => ({ name: field.name, type: field.type, description: field.description })),
			sources: (resource.sources ?? []).map((source) => source.title ?? '').filter(Boolean)
		});
	}
	return entries.sort((a, b) => a.name.localeCompare(b.name));
}
