/**
 * The fake model's side of the console journeys: one turn against the embedded datasets
 * server and the autoui server with parallel calls on two servers, then three parallel
 * queries on one server (one with an unknown column, so it fails), then a bar chart of the
 * rows the cars query returned. The steps read the tool results they receive.
 */
import type { FakeRequestView, FakeScenario } from '../../fixtures/fake-llm';

export const consoleQuestion = 'Compare the horsepower of cars by origin, and look at the best rated movies.';

export const carsSql =
	'SELECT Origin AS origin, round(avg(Horsepower), 1) AS avg_horsepower FROM cars GROUP BY Origin ORDER BY avg_horsepower DESC';
export const moviesSql =
	'SELECT Title AS title, "IMDB Rating" AS rating FROM movies WHERE "IMDB Rating" IS NOT NULL ORDER BY rating DESC LIMIT 5';
export const badSql = 'SELECT no_such_column FROM cars';

/** The tool calls of the turn, in the order the model makes them. */
export const expectedCalls = [
	'datasets_mcp_search_recipes',
	'autoui_webmcp_search_recipes',
	'datasets_mcp_query_sql',
	'datasets_mcp_query_sql',
	'datasets_mcp_query_sql',
	'autoui_webmcp_widget_display'
];

function rowsOf(request: FakeRequestView, index: number): Record<string, unknown>[] {
	const result = request.toolResults[index];
	if (!result || result.isError) return [];
	const parsed = JSON.parse(result.content) as { rows?: Record<string, unknown>[] };
	return parsed.rows ?? [];
}

/** The scripted turn; `answer` is the final text. */
export function consoleScenario(answer = 'American cars have the most horsepower on average.'): FakeScenario {
	return {
		steps: [
			() => ({
				text: 'Looking for recipes on both servers.',
				toolCalls: [
					{ name: 'datasets_mcp_search_recipes', input: { query: 'average by group' } },
					{ name: 'autoui_webmcp_search_recipes', input: { query: 'bar chart' } }
				]
			}),
			() => ({
				toolCalls: [
					{ name: 'datasets_mcp_query_sql', input: { sql: carsSql } },
					{ name: 'datasets_mcp_query_sql', input: { sql: moviesSql } },
					{ name: 'datasets_mcp_query_sql', input: { sql: badSql } }
				]
			}),
			(request) => ({
				toolCalls: [
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'bar',
							params: {
								data: rowsOf(request, 0),
								x: 'origin',
								y: 'avg_horsepower',
								title: 'Average horsepower by origin'
							}
						}
					}
				]
			}),
			{ text: answer }
		]
	};
}
