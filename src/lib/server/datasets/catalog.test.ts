import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCatalog, summarize, vegaDatasetsDirectory } from './catalog';

describe('catalog', () => {
	it('resolves the vega-datasets data folder from the installed package', () => {
		expect(existsSync(`${vegaDatasetsDirectory()}/flights-3m.parquet`)).toBe(true);
	});

	it('keeps only tabular files DuckDB reads, with SQL-safe unique names and their fields', () => {
		const catalog = readCatalog();
		const names = catalog.map((entry) => entry.name);
		expect(new Set(names).size).toBe(names.length);
		for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
		expect(catalog.map((entry) => entry.format).sort()).not.toContain('arrow');
		const weather = catalog.find((entry) => entry.name === 'seattle_weather')!;
		expect(weather.format).toBe('csv');
		expect(weather.fields.map((field) => field.name)).toContain('temp_max');
		expect(catalog.find((entry) => entry.name === 'flights_3m')?.format).toBe('parquet');
		expect(catalog.find((entry) => entry.name === 'unemployment')?.format).toBe('tsv');
		for (const excluded of ['earthquakes', 'us_10m', 'world_110m', 'miserables', 'icon_7zip', 'flights_200k_arrow']) {
			expect(names).not.toContain(excluded);
		}
	});

	it('summarises a markdown description to its first sentence without links', () => {
		expect(summarize('Daily [weather](https://x.example) in metric units. More text.')).toBe(
			'Daily weather in metric units.'
		);
		expect(summarize('x'.repeat(300))).toHaveLength(200);
	});
});
