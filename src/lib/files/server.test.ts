import { describe, expect, it } from 'vitest';
import { isDisplayServer } from '$lib/agent/tools/registry';
import { createFilesServer } from './server';
import type { StoredFile } from './store';

const file: StoredFile = {
	id: 'file_1',
	name: 'Ventes 2026.csv',
	size: 177,
	format: 'csv',
	addedAt: 0,
	tables: [
		{
			table: 'ventes_2026',
			rows: 5,
			columns: [
				{ name: 'ville', type: 'VARCHAR' },
				{ name: 'montant', type: 'DOUBLE' }
			]
		}
	]
};

function server(files: StoredFile[] = [file]) {
	const queries: unknown[] = [];
	const made = createFilesServer({
		files: () => files,
		describe: async () => {
			throw new Error('not used');
		},
		query: async (sql, options) => {
			queries.push({ sql, ...options });
			return {
				columns: [{ name: 'n', type: 'BIGINT' }],
				rows: Array.from({ length: 3 }, (_, n) => ({ n })),
				rowCount: 3,
				totalRows: 10,
				truncated: 'rows',
				elapsedMs: 1
			};
		}
	});
	return { made, queries };
}

const json = (result: { content: { type: string; text?: string }[] }) => JSON.parse(result.content[0].text!);

describe('the files server', () => {
	it('offers the datasets tools and is a data server, not a display one', async () => {
		const { made } = server();
		expect((await made.listTools()).map((tool) => tool.name)).toEqual([
			'list_datasets',
			'describe_dataset',
			'query_sql',
			'list_recipes',
			'search_recipes',
			'get_recipe'
		]);
		expect(isDisplayServer(made.layer())).toBe(false);
		expect(made.layer().description).toContain('ventes_2026 (Ventes 2026.csv, 5 rows)');
	});
	it('lists tables with the datasets shape', async () => {
		const listed = json(await server().made.callTool('list_datasets', {}));
		expect(listed.count).toBe(1);
		expect(listed.datasets[0]).toMatchObject({
			name: 'ventes_2026',
			rows: 5,
			columns: ['ville: VARCHAR', 'montant: DOUBLE']
		});
		expect(json(await server().made.callTool('list_datasets', { filter: 'nothing' })).count).toBe(0);
	});
	it('passes query_sql with its params and notes a capped result', async () => {
		const { made, queries } = server();
		const result = json(
			await made.callTool('query_sql', {
				sql: 'SELECT * FROM ventes_2026 WHERE ville = $v',
				limit: 3,
				params: { v: 'Zürich' }
			})
		);
		expect(queries[0]).toMatchObject({
			sql: 'SELECT * FROM ventes_2026 WHERE ville = $v',
			limit: 3,
			params: { v: 'Zürich' }
		});
		expect(result).toMatchObject({ rowCount: 3, totalRows: 10, truncated: 'rows' });
		expect(result.note).toMatch(/Showing the first 3 of 10 rows/);
		const bad = await made.callTool('query_sql', { sql: 'SELECT 1', params: { 'bad name': 1 } });
		expect(bad.isError).toBe(true);
	});
	it('answers the recipe tools', async () => {
		const { made } = server();
		const found = json(await made.callTool('search_recipes', { query: 'bar chart per category' }));
		expect(found.best.name).toBe('compare-groups-bar');
		expect((await made.callTool('get_recipe', { names: ['time-series-line'] })).content[0]).toMatchObject({
			text: expect.stringContaining('files_webmcp_query_sql')
		});
	});
});
