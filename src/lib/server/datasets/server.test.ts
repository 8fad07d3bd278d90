import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { autoui } from '$lib/webmcp';
import { recipes } from './recipes';
import { linkedDatasetsClient } from './test-client';

const datasets = linkedDatasetsClient('datasets-test', 5_000);

/** Runs `sql`, expects an error result whose text matches `message`, and returns that text. */
async function refused(sql: string, message: RegExp): Promise<string> {
	const { isError, text } = await call('query_sql', { sql });
	expect(isError).toBe(true);
	expect(text).toMatch(message);
	return text;
}

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; text: string }> {
	const result = (await datasets.client.callTool({ name, arguments: args })) as CallToolResult;
	const part = result.content[0];
	return { isError: result.isError === true, text: part.type === 'text' ? part.text : '' };
}

async function json(name: string, args: Record<string, unknown> = {}): Promise<Record<string, any>> {
	const { isError, text } = await call(name, args);
	expect(isError, text).toBe(false);
	return JSON.parse(text);
}

describe('datasets MCP server', () => {
	it('announces itself with instructions and six read-only tools', async () => {
		expect(datasets.client.getServerVersion()?.name).toBe('datasets');
		expect(datasets.client.getInstructions()).toMatch(/query_sql/);
		const { tools } = await datasets.client.listTools();
		expect(tools.map((tool) => tool.name).sort()).toEqual([
			'describe_dataset',
			'get_recipe',
			'list_datasets',
			'list_recipes',
			'query_sql',
			'search_recipes'
		]);
		for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
		const query = tools.find((tool) => tool.name === 'query_sql')!;
		expect(query.inputSchema.required).toEqual(['sql']);
	});

	it('lists data sets with descriptions, row counts and typed columns', async () => {
		const listing = await json('list_datasets');
		const cars = listing.datasets.find((set: { name: string }) => set.name === 'cars');
		expect(cars).toMatchObject({ rows: 406 });
		expect(cars.description).toMatch(/car/i);
		expect(cars.columns).toContain('Horsepower: BIGINT');
		const flights = listing.datasets.find((set: { name: string }) => set.name === 'flights_3m');
		expect(flights.rows).toBe(3_000_000);
		expect(listing.count).toBeGreaterThan(50);
		const budget = listing.datasets.find((set: { name: string }) => set.name === 'budget');
		expect(budget.columns).toHaveLength(16);
		expect(budget.columns[15]).toBe('… 57 more (describe_dataset lists all)');
	});

	it('filters the listing by a word', async () => {
		const listing = await json('list_datasets', { filter: 'weather' });
		expect(listing.datasets.map((set: { name: string }) => set.name)).toEqual(
			expect.arrayContaining(['seattle_weather', 'weather'])
		);
		expect(listing.datasets.map((set: { name: string }) => set.name)).not.toContain('cars');
	});

	it('describes a data set with statistics and sample rows', async () => {
		const description = await json('describe_dataset', { name: 'cars', sample_rows: 3 });
		expect(description.rows).toBe(406);
		expect(description.sampleRows).toHaveLength(3);
		const horsepower = description.columns.find((column: { name: string }) => column.name === 'Horsepower');
		expect(horsepower).toMatchObject({ type: 'BIGINT', count: 400, nulls: 6, min: 46, max: 230 });
		const origin = description.columns.find((column: { name: string }) => column.name === 'Origin');
		expect(origin.values).toEqual(['Europe', 'Japan', 'USA']);
	});

	it('answers query_sql with columns, types and rows', async () => {
		const result = await json('query_sql', {
			sql: 'SELECT Origin, count(*) AS n FROM cars GROUP BY Origin ORDER BY n DESC'
		});
		expect(result.columns).toEqual([
			{ name: 'Origin', type: 'VARCHAR' },
			{ name: 'n', type: 'BIGINT' }
		]);
		expect(result.rows[0]).toEqual({ Origin: 'USA', n: 254 });
		expect(result.totalRows).toBe(3);
		expect(result.note).toBeUndefined();
	});

	it('caps rows at 500 by default and notes the total', async () => {
		const result = await json('query_sql', { sql: 'SELECT * FROM movies' });
		expect(result.rowCount).toBe(500);
		expect(result.totalRows).toBe(3201);
		expect(result.truncated).toBe('rows');
		expect(result.note).toMatch(/first 500 of 3,201 rows/);
	});

	it('lowers a limit above 5 000 and says so', async () => {
		const result = await json('query_sql', { sql: 'SELECT * FROM flights_3m', limit: 9_000 });
		expect(result.rowCount).toBeLessThanOrEqual(5_000);
		expect(result.totalRows).toBe(3_000_000);
		expect(result.note).toMatch(/lowered from 9000 to the maximum of 5000/);
	});

	it.each([
		["ATTACH '/tmp/autoui-x.db' AS x"],
		["COPY (SELECT 1) TO '/tmp/autoui-x.csv'"],
		['INSTALL httpfs'],
		['LOAD httpfs'],
		['PRAGMA version'],
		['SET threads = 1'],
		["EXPORT DATABASE '/tmp/autoui-db'"],
		['CREATE TABLE t AS SELECT 1'],
		['INSERT INTO cars SELECT * FROM cars'],
		["UPDATE cars SET Name = 'x'"],
		['DELETE FROM cars'],
		['DROP TABLE cars'],
		['SELECT 1; DROP TABLE cars']
	])('rejects %s as an error result', async (sql) => {
		await refused(sql, /^Error \((denied|invalid_argument)\)/);
		const cars = await json('query_sql', { sql: 'SELECT count(*) AS n FROM cars' });
		expect(cars.rows[0].n).toBe(406);
	});

	it.each([
		["SELECT * FROM read_csv('/etc/passwd')"],
		["SELECT * FROM read_text('/etc/hostname')"],
		["SELECT * FROM read_text('package.json')"],
		["SELECT * FROM glob('/etc/*')"],
		["SELECT * FROM read_parquet('https://example.com/x.parquet')"],
		["SELECT * FROM query('SELECT * FROM read_csv(''/etc/passwd'')')"]
	])('refuses file and URL access: %s', async (sql) => {
		const text = await refused(sql, /^Error \(denied\): Files and URLs cannot be read/);
		expect(text).not.toMatch(/root:/);
	});

	it('keeps DuckDB locked even for SQL that skips the read-only checks', async () => {
		await expect(datasets.engine.internalQuery('SET enable_external_access = true')).rejects.toThrow(/locked/);
		await expect(datasets.engine.internalQuery("SELECT * FROM read_text('/etc/passwd')")).rejects.toThrow(
			/disabled by configuration/
		);
		await expect(datasets.engine.internalQuery("ATTACH '/tmp/autoui-bypass.db' AS bypass")).rejects.toThrow(
			/disabled by configuration/
		);
		await expect(datasets.engine.internalQuery('INSTALL httpfs')).rejects.toThrow();
	});

	it('explains an unknown column with the columns that exist', async () => {
		const { isError, text } = await call('query_sql', { sql: 'SELECT avg(hp) FROM cars' });
		expect(isError).toBe(true);
		expect(text).toContain('Columns of cars:');
		expect(text).toContain('"Horsepower" (BIGINT)');
	});

	it('explains an unknown table with the data set names', async () => {
		const { isError, text } = await call('query_sql', { sql: 'SELECT * FROM automobiles' });
		expect(isError).toBe(true);
		expect(text).toMatch(/^Error \(not_found\)/);
		expect(text).toContain('Available data sets: airports');
	});

	it('lists, searches and reads recipes', async () => {
		const listing = await json('list_recipes');
		expect(listing.recipes.length).toBe(recipes.length);
		expect(listing.recipes.map((recipe: { name: string }) => recipe.name)).toEqual(
			expect.arrayContaining([
				'compare-groups-bar',
				'time-series-line',
				'airports-map',
				'kpi-summary',
				'top-n-table',
				'distribution-histogram'
			])
		);
		const search = await json('search_recipes', { query: 'average horsepower by origin as a bar chart' });
		expect(search.recipes[0].name).toBe('compare-groups-bar');
		// The best match comes with its full text, so no get_recipe round trip is needed.
		expect(search.best.name).toBe('compare-groups-bar');
		expect(search.best.markdown).toContain('"$ref": "source#/rows"');
		const both = await call('get_recipe', { names: ['compare-groups-bar', 'top-n-table'] });
		expect(both.isError).toBe(false);
		expect(both.text).toContain('# Compare groups as a bar chart');
		expect(both.text).toContain('# Rank the top N rows in a table');
		const none = await call('get_recipe', {});
		expect(none.isError).toBe(true);
		expect(none.text).toContain('Available recipes: airports-map');
		expect((await json('search_recipes', { query: 'ten best rated movies table' })).recipes[0].name).toBe(
			'top-n-table'
		);
		expect((await json('search_recipes', { query: 'airports on a map' })).recipes[0].name).toBe('airports-map');
		expect((await json('search_recipes', { query: 'stock price trend over time' })).recipes[0].name).toBe(
			'time-series-line'
		);
		const recipe = await call('get_recipe', { name: 'compare-groups-bar' });
		expect(recipe.isError).toBe(false);
		expect(recipe.text).toContain('widget_display');
		expect(recipe.text).toContain('query_sql');
		const missing = await call('get_recipe', { name: 'pie-chart' });
		expect(missing.isError).toBe(true);
		expect(missing.text).toContain('Available recipes: airports-map');
	});

	it('runs every SQL example in the recipes', async () => {
		const examples = recipes.flatMap((recipe) =>
			[...recipe.markdown.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => ({ recipe: recipe.name, sql: match[1] }))
		);
		expect(examples.length).toBeGreaterThan(8);
		for (const example of examples) {
			const { isError, text } = await call('query_sql', { sql: example.sql, limit: 5 });
			expect(isError, `${example.recipe}: ${text}`).toBe(false);
			expect(JSON.parse(text).rowCount, example.recipe).toBeGreaterThan(0);
		}
	});

	it('shows in each recipe a widget_display with a source that runs and whose bound rows the widget accepts', async () => {
		const examples = recipes.flatMap((recipe) =>
			[...recipe.markdown.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => ({
				recipe: recipe.name,
				call: JSON.parse(match[1]) as {
					name: string;
					params: Record<string, unknown>;
					source?: { tool: string; args: { sql: string } };
				}
			}))
		);
		expect(
			examples.filter((example) => !example.call.source).map((example) => example.recipe),
			'displays that copy rows by hand'
		).toEqual([]);
		expect(new Set(examples.map((example) => example.recipe))).toEqual(
			new Set(recipes.filter((recipe) => recipe.name !== 'explore-a-dataset').map((recipe) => recipe.name))
		);
		expect(examples.map((example) => example.call.name)).toEqual(
			expect.arrayContaining(['bar', 'data-table', 'scatter', 'line', 'histogram', 'map', 'kpi-grid'])
		);
		for (const { recipe, call: display } of examples) {
			expect(display.source!.tool, recipe).toBe('datasets_mcp_query_sql');
			const { isError, text } = await call('query_sql', { sql: display.source!.args.sql, limit: 20 });
			expect(isError, `${recipe}: ${text}`).toBe(false);
			const rows = JSON.parse(text).rows;
			const params = JSON.parse(
				JSON.stringify(display.params).replace('{"$ref":"source#/rows"}', JSON.stringify(rows))
			);
			const shown = await autoui.callTool('widget_display', { name: display.name, params });
			expect(shown.isError, `${recipe}: ${JSON.stringify(shown.content)}`).not.toBe(true);
		}
	});
});
