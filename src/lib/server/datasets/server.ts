/**
 * The datasets MCP server (official SDK `McpServer`): read-only tools over the engine
 * (`list_datasets`, `describe_dataset`, `query_sql`) and the recipe tools (`list_recipes`,
 * `search_recipes`, `get_recipe`). One `McpServer` serves one transport (one session); all
 * of them share the process-wide engine.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AutoUiError, errorMessage } from '$lib/shared';
import { describeDataset } from './describe';
import { DEFAULT_ROW_LIMIT, MAX_ROW_LIMIT, type DatasetEngine } from './engine';
import { getRecipe, recipes, searchRecipes, summarizeRecipe } from './recipes';
import { queryNote } from './notes';

/** The server's name and version as announced on `initialize`. */
export const DATASETS_SERVER_INFO = { name: 'datasets', title: 'AutoUI open data sets', version: '0.1.0' } as const;

/** What the server tells a client (and its model) on `initialize`. */
export const DATASETS_INSTRUCTIONS = `Open data sets from the vega-datasets collection (cars, movies, stocks, seattle_weather, gapminder, airports, population, flights_3m with 3 million US flights, penguins and about 50 more), queried read-only with DuckDB SQL.
How to answer a question with it:
1. search_recipes (it returns the best recipe's text; list_recipes and get_recipe, which reads several names at once, for others): which query shape answers this kind of question and which autoui widget displays it (bar, line, map, kpi-grid, data-table, histogram…).
2. list_datasets and describe_dataset: table names, columns with types, statistics and sample rows.
3. query_sql: one SELECT (or WITH, DESCRIBE, SHOW, SUMMARIZE) statement in DuckDB SQL using the data set names as tables. Rows come back as JSON objects with column types, 500 by default (limit up to 5000); totalRows says how many there were.
4. Display the rows with the autoui server's widget_display; read the widget's recipe with autoui's get_recipe first for its exact params. A widget_display with source: { tool: this server's query_sql, args: { sql } } and {"$ref": "source#/rows"} in its params fetches and displays in one call, without copying rows. Widgets read the rows as they are: params name the columns to use (x and y for charts, lat, lon and label for map markers, label and value or fields for a kpi-grid).
Quote column names that contain spaces or capitals with double quotes ("IMDB Rating"). Files, URLs, writes and settings are not available.
For widgets that filter each other (a click on a bar filters a table, a filter control), read the linked-dashboard recipe: sources bind canvas parameters as query_sql params.`;

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

function text(value: unknown): CallToolResult {
	return { content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }] };
}

/** Runs a tool body; failures become `isError` results the model can read and correct from. */
async function guarded(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
	try {
		return await body();
	} catch (error) {
		const code = error instanceof AutoUiError ? error.code : 'internal';
		return { isError: true, content: [{ type: 'text', text: `Error (${code}): ${errorMessage(error)}` }] };
	}
}

/** Columns listed per data set in `list_datasets`; wider ones point at `describe_dataset`. */
const LISTED_COLUMNS = 15;

function listColumns(columns: readonly { name: string; type: string }[]): string[] {
	const listed = columns.slice(0, LISTED_COLUMNS).map((column) => `${column.name}: ${column.type}`);
	if (columns.length > LISTED_COLUMNS)
		listed.push(`… ${columns.length - LISTED_COLUMNS} more (describe_dataset lists all)`);
	return listed;
}

/** A new MCP server over `engine` (connect it to one transport). */
export function createDatasetsMcpServer(engine: DatasetEngine): McpServer {
	const server = new McpServer(DATASETS_SERVER_INFO, { instructions: DATASETS_INSTRUCTIONS });

	server.registerTool(
		'list_datasets',
		{
			title: 'List data sets',
			description:
				'Lists the queryable data sets: name (the SQL table name), one-line description, row count and columns with their DuckDB types. Pass `filter` to keep only data sets whose name, description or columns mention a word.',
			inputSchema: {
				filter: z.string().max(200).optional().describe('Optional word to filter by, e.g. "weather" or "flights".')
			},
			annotations: { title: 'List data sets', ...readOnly }
		},
		({ filter }) =>
			guarded(async () => {
				const loaded = await engine.loadAll();
				const needle = filter?.trim().toLowerCase();
				const datasets = loaded
					.map((set) => ({
						name: set.entry.name,
						description: set.entry.summary,
						rows: set.rows,
						columns: listColumns(set.columns)
					}))
					.filter((set) => !needle || JSON.stringify(set).toLowerCase().includes(needle));
				return text({
					count: datasets.length,
					datasets,
					next: 'describe_dataset for statistics and samples; query_sql to query by table name.'
				});
			})
	);

	server.registerTool(
		'describe_dataset',
		{
			title: 'Describe a data set',
			description:
				'Describes one data set: full description and sources, each column with its type, documentation, count, nulls, distinct values, min/max/mean for numbers, min/max for dates, the values of text columns with few distinct values, and sample rows.',
			inputSchema: {
				name: z.string().min(1).max(100).describe('Data set name as listed by list_datasets, e.g. "cars".'),
				sample_rows: z
					.number()
					.int()
					.min(0)
					.max(20)
					.optional()
					.describe('Sample rows to include (default 5, at most 20).')
			},
			annotations: { title: 'Describe a data set', ...readOnly }
		},
		({ name, sample_rows }, extra) =>
			guarded(async () =>
				text(await describeDataset(engine, name, { sampleRows: sample_rows, signal: extra.signal, owner: server }))
			)
	);

	server.registerTool(
		'query_sql',
		{
			title: 'Query with SQL',
			description: `Runs one read-only DuckDB SQL statement (SELECT, WITH, FROM, DESCRIBE, SHOW or SUMMARIZE) over the data sets, which are tables named as in list_datasets. Returns columns (name, type), rows as JSON objects, rowCount and totalRows. At most ${DEFAULT_ROW_LIMIT} rows by default; raise with limit (up to ${MAX_ROW_LIMIT}). Aggregate in SQL (GROUP BY) rather than fetching raw rows. Quote column names with spaces or capitals in double quotes. Values that change (a filter, a selection) go in params and are bound as named parameters: write $name in the SQL, e.g. WHERE ($origin IS NULL OR Origin = $origin) with params {"origin": "Japan"}; a list value suits list_contains($origins, Origin).`,
			inputSchema: {
				sql: z
					.string()
					.min(1)
					.max(20_000)
					.describe('One DuckDB SQL statement, e.g. SELECT Origin, avg(Horsepower) FROM cars GROUP BY Origin'),
				limit: z
					.number()
					.int()
					.min(1)
					.optional()
					.describe(`Maximum rows to return (default ${DEFAULT_ROW_LIMIT}, at most ${MAX_ROW_LIMIT}).`),
				params: z
					.record(z.string(), z.unknown())
					.optional()
					.describe(
						'Values of the named parameters the SQL uses ($name), by name: a string, number, boolean, date (ISO string), a list of one of them, or null. Bound by DuckDB, never pasted into the SQL.'
					)
			},
			annotations: { title: 'Query with SQL', ...readOnly }
		},
		({ sql, limit, params }, extra) =>
			guarded(async () => {
				// Each session (one McpServer) is its own owner: it gets a fair share of the query slots.
				const result = await engine.query(sql, { limit, params, signal: extra.signal, owner: server });
				const note = queryNote(result, limit);
				return text({ ...result, ...(note ? { note } : {}) });
			})
	);

	server.registerTool(
		'list_recipes',
		{
			title: 'List recipes',
			description:
				'Lists the recipes: how to answer a kind of question with these data sets (which query shape, which autoui widget). Read one with get_recipe.',
			inputSchema: {},
			annotations: { title: 'List recipes', ...readOnly }
		},
		() => guarded(async () => text({ recipes: recipes.map(summarizeRecipe) }))
	);

	server.registerTool(
		'search_recipes',
		{
			title: 'Search recipes',
			description:
				'Finds recipes matching a question or keywords (e.g. "compare groups bar chart", "trend over time", "map of airports"), best first, and returns the best one\'s full text (`best`), so it can be followed without get_recipe.',
			inputSchema: { query: z.string().max(500).describe('Words describing the question or the display wanted.') },
			annotations: { title: 'Search recipes', ...readOnly }
		},
		({ query }) =>
			guarded(async () => {
				const found = searchRecipes(query);
				if (!found.length) return text({ recipes: [], note: 'No recipe matched; list_recipes shows them all.' });
				return text({
					recipes: found.map(summarizeRecipe),
					best: { name: found[0].name, markdown: found[0].markdown }
				});
			})
	);

	server.registerTool(
		'get_recipe',
		{
			title: 'Get a recipe',
			description:
				'Returns recipes as markdown: when to use each, the SQL shape to run and how to display the rows with an autoui widget. Give `name` for one recipe or `names` for several at once.',
			inputSchema: {
				name: z
					.string()
					.min(1)
					.max(100)
					.optional()
					.describe('Recipe name from list_recipes or search_recipes, e.g. "compare-groups-bar".'),
				names: z
					.array(z.string().min(1).max(100))
					.min(1)
					.max(8)
					.optional()
					.describe('Several recipe names, read in one call.')
			},
			annotations: { title: 'Get a recipe', ...readOnly }
		},
		({ name, names }) =>
			guarded(async () => {
				const wanted = [...(name ? [name] : []), ...(names ?? [])];
				if (!wanted.length)
					throw new AutoUiError(
						'invalid_argument',
						`Give a recipe name (name) or several (names). Available recipes: ${recipes.map((recipe) => recipe.name).join(', ')}.`
					);
				return text([...new Set(wanted)].map((item) => getRecipe(item).markdown).join('\n\n---\n\n'));
			})
	);

	return server;
}
