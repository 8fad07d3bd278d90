/**
 * The in-page `files` server (protocol `webmcp`, so its tools are `files_webmcp_<tool>`):
 * the datasets server's tools, argument shapes and result shapes — `list_datasets`,
 * `describe_dataset`, `query_sql` (with `limit` and `params`), `list_recipes`,
 * `search_recipes`, `get_recipe` — over the tables of the files added on this device.
 * Results are JSON text, as the datasets server returns them.
 */
import { AutoUiError, errorMessage, type ToolCallResult } from '$lib/shared';
import type { WebMcpToolDef } from '$lib/agent/types';
import type { JsonSchema } from '$lib/shared';
import { createWebMcpServer, type WebMcpServer } from '$lib/webmcp/server';
import { DEFAULT_ROW_LIMIT, MAX_ROW_LIMIT, type QueryResult } from './engine';
import { getRecipe, recipes, searchRecipes, summarizeRecipe } from './recipes';
import { checkParams } from './sql-check';
import type { TableDescription } from './describe';
import type { StoredFile } from './store';

/** What the server runs on (the page's `DataFiles`). */
export interface FilesBackend {
	files(): readonly StoredFile[];
	describe(table: string, sampleRows: number): Promise<TableDescription>;
	query(
		sql: string,
		options: { limit?: number; params?: Record<string, unknown>; signal?: AbortSignal }
	): Promise<QueryResult>;
}

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function text(value: unknown): ToolCallResult {
	return { content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }] };
}

async function guarded(body: () => Promise<ToolCallResult>): Promise<ToolCallResult> {
	try {
		return await body();
	} catch (error) {
		const code = error instanceof AutoUiError ? error.code : 'internal';
		if (code === 'aborted') throw error;
		return { isError: true, content: [{ type: 'text', text: `Error (${code}): ${errorMessage(error)}` }] };
	}
}

/** The note of a capped result (as the datasets server writes it). */
function queryNote(result: QueryResult, requested?: number): string | undefined {
	const parts: string[] = [];
	if (requested !== undefined && requested > MAX_ROW_LIMIT)
		parts.push(`The limit was lowered from ${requested} to the maximum of ${MAX_ROW_LIMIT}.`);
	if (result.truncated) {
		const total = result.totalRows === null ? 'more' : result.totalRows.toLocaleString('en-US');
		const why = result.truncated === 'rows' ? 'the row limit' : 'the size cap of the response';
		parts.push(
			`Showing the first ${result.rowCount.toLocaleString('en-US')} of ${total} rows (capped by ${why}). Aggregate with GROUP BY, filter with WHERE or pass a larger limit if you need more.`
		);
	}
	return parts.length ? parts.join(' ') : undefined;
}

const def = (
	name: string,
	title: string,
	description: string,
	properties: Record<string, JsonSchema>,
	required: string[] = []
): WebMcpToolDef => ({
	name,
	title,
	description,
	inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
	annotations: { title, ...readOnly }
});

const definitions: WebMcpToolDef[] = [
	def(
		'list_datasets',
		'List data sets',
		'Lists the tables of the files the user added on this device: name (the SQL table name), the file it came from, row count and columns with their DuckDB types. Pass `filter` to keep only tables whose name, file or columns mention a word.',
		{
			filter: { type: 'string', maxLength: 200, description: 'Optional word to filter by.' }
		}
	),
	def(
		'describe_dataset',
		'Describe a data set',
		'Describes one table: its file, each column with its type, count, nulls, distinct values, min/max/mean for numbers, min/max for dates, the values of text columns with few distinct values (else the most frequent), and sample rows.',
		{
			name: { type: 'string', minLength: 1, maxLength: 100, description: 'Table name as listed by list_datasets.' },
			sample_rows: {
				type: 'integer',
				minimum: 0,
				maximum: 20,
				description: 'Sample rows to include (default 5, at most 20).'
			}
		},
		['name']
	),
	def(
		'query_sql',
		'Query with SQL',
		`Runs one read-only DuckDB SQL statement (SELECT, WITH, FROM, DESCRIBE, SHOW or SUMMARIZE) over the tables of the added files, in this browser. Returns columns (name, type), rows as JSON objects, rowCount and totalRows. At most ${DEFAULT_ROW_LIMIT} rows by default; raise with limit (up to ${MAX_ROW_LIMIT}). Aggregate in SQL (GROUP BY) rather than fetching raw rows. Quote column names with spaces, accents or capitals in double quotes. Values that change (a filter, a selection) go in params and are bound as named parameters: write $name in the SQL, e.g. WHERE ($region IS NULL OR region = $region) with params {"region": "North"}; a list value suits list_contains($regions, region).`,
		{
			sql: {
				type: 'string',
				minLength: 1,
				maxLength: 20000,
				description: 'One DuckDB SQL statement, e.g. SELECT region, sum(amount) FROM sales GROUP BY region'
			},
			limit: {
				type: 'integer',
				minimum: 1,
				description: `Maximum rows to return (default ${DEFAULT_ROW_LIMIT}, at most ${MAX_ROW_LIMIT}).`
			},
			params: {
				type: 'object',
				additionalProperties: {},
				description:
					'Values of the named parameters the SQL uses ($name), by name: a string, number, boolean, date (ISO string), a list of one of them, or null. Bound by DuckDB, never pasted into the SQL.'
			}
		},
		['sql']
	),
	def(
		'list_recipes',
		'List recipes',
		'Lists the recipes: how to answer a kind of question over the files (which query shape, which autoui widget). Read one with get_recipe.',
		{}
	),
	def(
		'search_recipes',
		'Search recipes',
		"Finds recipes matching a question or keywords, best first, and returns the best one's full text (`best`).",
		{
			query: { type: 'string', maxLength: 500, description: 'Words describing the question or the display wanted.' }
		},
		['query']
	),
	def(
		'get_recipe',
		'Get a recipe',
		'Returns recipes as markdown. Give `name` for one recipe or `names` for several at once.',
		{
			name: { type: 'string', minLength: 1, maxLength: 100, description: 'Recipe name.' },
			names: {
				type: 'array',
				items: { type: 'string', minLength: 1, maxLength: 100 },
				minItems: 1,
				maxItems: 8,
				description: 'Several recipe names.'
			}
		}
	)
];

/** What the model reads about the server. */
export function filesDescription(files: readonly StoredFile[]): string {
	const tables = files.flatMap((file) =>
		file.tables.map(
			(table) => `${table.table} (${file.name}${table.sheet ? `, sheet ${table.sheet}` : ''}, ${table.rows} rows)`
		)
	);
	return `Files the user added on this device, queried in the browser with DuckDB SQL (nothing leaves the device). Tables: ${tables.join('; ') || 'none yet'}. Same tools as the datasets server: list_datasets and describe_dataset for columns and statistics, query_sql for one read-only SELECT, then autoui's widget_display with source {tool: files_webmcp_query_sql, args: {sql}} and {"$ref": "source#/rows"} in its params.`;
}

/** Creates the `files` server over `backend`. */
export function createFilesServer(backend: FilesBackend): WebMcpServer {
	const handler = (
		name: string,
		run: (args: Record<string, unknown>, signal?: AbortSignal) => Promise<ToolCallResult>
	) => ({
		definition: definitions.find((definition) => definition.name === name)!,
		handler: (args: Record<string, unknown>, options: { signal?: AbortSignal }) =>
			guarded(() => run(args, options.signal))
	});
	const server = createWebMcpServer('files', {
		description: filesDescription([]),
		tools: [
			handler('list_datasets', async (args) => {
				const needle = typeof args.filter === 'string' ? args.filter.trim().toLowerCase() : '';
				const datasets = backend
					.files()
					.flatMap((file) =>
						file.tables.map((table) => ({
							name: table.table,
							description: `${table.sheet ? `Sheet "${table.sheet}" of ` : ''}the file "${file.name}" (added on this device)`,
							rows: table.rows,
							columns: table.columns
								.slice(0, 15)
								.map((column) => `${column.name}: ${column.type}`)
								.concat(
									table.columns.length > 15 ? [`… ${table.columns.length - 15} more (describe_dataset lists all)`] : []
								)
						}))
					)
					.filter((set) => !needle || JSON.stringify(set).toLowerCase().includes(needle));
				return text({
					count: datasets.length,
					datasets,
					next: 'describe_dataset for statistics and samples; query_sql to query by table name.'
				});
			}),
			handler('describe_dataset', async (args) => {
				const sample = typeof args.sample_rows === 'number' ? args.sample_rows : 5;
				return text(await backend.describe(String(args.name ?? ''), sample));
			}),
			handler('query_sql', async (args, signal) => {
				if (typeof args.sql !== 'string')
					throw new AutoUiError('invalid_argument', 'sql must be one SQL statement (text).');
				const limit = typeof args.limit === 'number' ? args.limit : undefined;
				const result = await backend.query(args.sql, { limit, params: checkParams(args.params), signal });
				const note = queryNote(result, limit);
				return text({ ...result, ...(note ? { note } : {}) });
			}),
			handler('list_recipes', async () => text({ recipes: recipes.map(summarizeRecipe) })),
			handler('search_recipes', async (args) => {
				const found = searchRecipes(typeof args.query === 'string' ? args.query : '');
				if (!found.length) return text({ recipes: [], note: 'No recipe matched; list_recipes shows them all.' });
				return text({
					recipes: found.map(summarizeRecipe),
					best: { name: found[0].name, markdown: found[0].markdown }
				});
			}),
			handler('get_recipe', async (args) => {
				const wanted = [
					...(typeof args.name === 'string' ? [args.name] : []),
					...(Array.isArray(args.names) ? args.names.map(String) : [])
				];
				if (!wanted.length)
					throw new AutoUiError(
						'invalid_argument',
						`Give a recipe name (name) or several (names). Available recipes: ${recipes.map((recipe) => recipe.name).join(', ')}.`
					);
				return text([...new Set(wanted)].map((item) => getRecipe(item).markdown).join('\n\n---\n\n'));
			})
		]
	});
	return {
		...server,
		layer: () => ({ ...server.layer(), description: filesDescription(backend.files()) })
	};
}
