/**
 * The fake model's side of the product journey: a realistic session against the embedded
 * datasets server. It searches recipes (each search returns its best recipe's text), displays
 * a bar chart and a table whose sources run the two queries (the rows never pass through the
 * model), then moves and restyles the chart using the widget id that came back. Each step reads the tool results it received,
 * so nothing here hard-codes data.
 */
import type { FakeScenario } from '../../fixtures/fake-llm';

export const journeyQuestion =
	'Show the average horsepower by origin as a bar chart, and the ten best rated movies as a table.';

export const carsSql =
	'SELECT Origin AS origin, round(avg(Horsepower), 1) AS avg_horsepower FROM cars GROUP BY Origin ORDER BY avg_horsepower DESC';
export const moviesSql =
	'SELECT Title AS title, "IMDB Rating" AS rating, "IMDB Votes" AS votes FROM movies WHERE "IMDB Rating" IS NOT NULL ORDER BY "IMDB Rating" DESC, "IMDB Votes" DESC LIMIT 10';

/** Where the model moves the chart, and the style it gives it. */
export const chartPosition = { x: 24, y: 400 };
export const chartStyle = { background: '#fef3c7', 'border-radius': '14px' };

/** The scripted session: four model requests from a cold start. */
export function journeyScenario(): FakeScenario {
	let chartId = '';
	return {
		steps: [
			() => ({
				text: 'Let me look for recipes that fit.',
				toolCalls: [
					{ name: 'datasets_mcp_search_recipes', input: { query: 'average by group bar chart' } },
					{ name: 'datasets_mcp_search_recipes', input: { query: 'ten best rated movies table' } }
				]
			}),
			(request) => {
				// Each search returns its best recipe's text: no get_recipe round trip, and the
				// recipe shows the widget_display call with a source that fetches and displays.
				const [bar, table] = request.toolResults.map(
					(result) => JSON.parse(result.content) as { best?: { name: string; markdown: string } }
				);
				if (bar.best?.name !== 'compare-groups-bar' || table.best?.name !== 'top-n-table')
					throw new Error('the searches did not return the expected recipes');
				if (!bar.best.markdown.includes('"$ref": "source#/rows"'))
					throw new Error('the bar recipe does not show a source');
				return {
					text: 'Querying and displaying both.',
					toolCalls: [
						{
							name: 'autoui_webmcp_widget_display',
							input: {
								name: 'bar',
								params: {
									data: { $ref: 'source#/rows' },
									x: 'origin',
									y: 'avg_horsepower',
									title: 'Average horsepower by origin'
								},
								source: { tool: 'datasets_mcp_query_sql', args: { sql: carsSql } }
							}
						},
						{
							name: 'autoui_webmcp_widget_display',
							input: {
								name: 'data-table',
								params: { rows: { $ref: 'source#/rows' }, title: 'Ten best rated movies (IMDB)' },
								source: { tool: 'datasets_mcp_query_sql', args: { sql: moviesSql } }
							}
						}
					]
				};
			},
			(request) => {
				const shown = request.toolResults.map((result) => {
					if (result.isError) throw new Error(result.content);
					return JSON.parse(result.content) as { widget: string; id: string };
				});
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
				return {
					text: `The chart (${chartId}) shows that American cars have the most horsepower on average; the table lists the ten best rated movies.`
				};
			}
		]
	};
}
