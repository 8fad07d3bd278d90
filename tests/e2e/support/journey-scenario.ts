/**
 * The fake model's side of the product journey: a realistic session against the embedded
 * datasets server. It discovers recipes, reads one, runs two queries in parallel, displays
 * a bar chart and a table with the rows the queries returned, then moves and restyles the
 * chart using the widget id that came back. Each step reads the tool results it received,
 * so nothing here hard-codes data.
 */
import type { FakeRequestView, FakeScenario, FakeToolResult } from '../../fixtures/fake-llm';

export const journeyQuestion = 'Show the average horsepower by origin as a bar chart, and the ten best rated movies as a table.';

export const carsSql =
	'SELECT Origin AS origin, round(avg(Horsepower), 1) AS avg_horsepower FROM cars GROUP BY Origin ORDER BY avg_horsepower DESC';
export const moviesSql =
	'SELECT Title AS title, "IMDB Rating" AS rating, "IMDB Votes" AS votes FROM movies WHERE "IMDB Rating" IS NOT NULL ORDER BY "IMDB Rating" DESC, "IMDB Votes" DESC LIMIT 10';

/** Where the model moves the chart, and the style it gives it. */
export const chartPosition = { x: 24, y: 400 };
export const chartStyle = { background: '#fef3c7', 'border-radius': '14px' };

function resultNamed(request: FakeRequestView, suffix: string): FakeToolResult {
	const result = request.toolResults.find((candidate) => candidate.name?.endsWith(suffix));
	if (!result) throw new Error(`expected a ${suffix} result, got ${request.toolResults.map((r) => r.name).join(', ')}`);
	if (result.isError) throw new Error(`${suffix} failed: ${result.content}`);
	return result;
}

function rowsOf(result: FakeToolResult): Record<string, unknown>[] {
	const parsed = JSON.parse(result.content) as { rows?: Record<string, unknown>[] };
	if (!Array.isArray(parsed.rows)) throw new Error(`no rows in ${result.content.slice(0, 200)}`);
	return parsed.rows;
}

/** The scripted session. */
export function journeyScenario(): FakeScenario {
	let chartId = '';
	return {
		steps: [
			() => ({
				text: 'Let me look for a recipe that fits.',
				toolCalls: [{ name: 'datasets_mcp_search_recipes', input: { query: 'average by group bar chart' } }]
			}),
			(request) => {
				const found = resultNamed(request, 'search_recipes').content;
				const name = found.includes('compare-groups-bar') ? 'compare-groups-bar' : 'explore-a-dataset';
				return {
					toolCalls: [
						{ name: 'datasets_mcp_get_recipe', input: { name } },
						{ name: 'autoui_webmcp_get_recipe', input: { name: 'bar' } }
					]
				};
			},
			() => ({
				text: 'Querying both data sets.',
				toolCalls: [
					{ name: 'datasets_mcp_query_sql', input: { sql: carsSql } },
					{ name: 'datasets_mcp_query_sql', input: { sql: moviesSql } }
				]
			}),
			(request) => {
				const [cars, movies] = request.toolResults.map((result) => rowsOf(result));
				return {
					toolCalls: [
						{
							name: 'autoui_webmcp_widget_display',
							input: { name: 'bar', params: { data: cars, x: 'origin', y: 'avg_horsepower', title: 'Average horsepower by origin' } }
						},
						{
							name: 'autoui_webmcp_widget_display',
							input: { name: 'data-table', params: { rows: movies, title: 'Ten best rated movies (IMDB)' } }
						}
					]
				};
			},
			(request) => {
				const shown = request.toolResults.map((result) => JSON.parse(result.content) as { widget: string; id: string });
				chartId = shown.find((widget) => widget.widget === 'bar')!.id;
				return {
					toolCalls: [
						{ name: 'autoui_webmcp_canvas', input: { action: 'move', id: chartId, params: chartPosition } },
						{ name: 'autoui_webmcp_canvas', input: { action: 'style', id: chartId, params: chartStyle } }
					]
				};
			},
			(request) => {
				for (const result of request.toolResults) if (result.isError) throw new Error(result.content);
				return { text: `The chart (${chartId}) shows that American cars have the most horsepower on average; the table lists the ten best rated movies.` };
			}
		]
	};
}
