/**
 * The fake model's side of the "widgets take rows" journey: it searches the datasets recipes
 * for a map and key figures, then in one request displays a map of California's airports, a
 * KPI grid and a list, each from a source whose rows bind with {"$ref": "source#/rows"} and
 * the names of the columns the widget reads — no row is reshaped or copied by the model.
 */
import type { FakeScenario } from '../../fixtures/fake-llm';

export const rowsQuestion = 'Where are the airports in California? Give me the key figures and the five northernmost.';

export const mapSql = "SELECT iata, name, city, latitude, longitude FROM airports WHERE state = 'CA' ORDER BY name";
export const figuresSql =
	"SELECT count(*) AS airports, count(DISTINCT city) AS cities, round(avg(latitude), 2) AS avg_latitude FROM airports WHERE state = 'CA'";
export const northSql = "SELECT name, city FROM airports WHERE state = 'CA' ORDER BY latitude DESC LIMIT 5";

const source = (sql: string) => ({ tool: 'datasets_mcp_query_sql', args: { sql } });

/** The scripted session: search, display the three widgets, answer. */
export function rowsScenario(): FakeScenario {
	return {
		steps: [
			() => ({
				text: 'Looking for the recipes.',
				toolCalls: [
					{ name: 'datasets_mcp_search_recipes', input: { query: 'map of airports' } },
					{ name: 'datasets_mcp_search_recipes', input: { query: 'kpi overview' } }
				]
			}),
			(request) => {
				const [map, figures] = request.toolResults.map(
					(result) => JSON.parse(result.content) as { best?: { name: string; markdown: string } }
				);
				if (map.best?.name !== 'airports-map' || figures.best?.name !== 'kpi-summary')
					throw new Error('the searches did not return the map and KPI recipes');
				if (!map.best.markdown.includes('"lat": "latitude"') || !figures.best.markdown.includes('"fields"'))
					throw new Error('the recipes do not bind rows by column name');
				return {
					text: 'Displaying the map, the figures and the list.',
					toolCalls: [
						{
							name: 'autoui_webmcp_widget_display',
							input: {
								name: 'map',
								params: {
									title: 'Airports in California',
									data: { $ref: 'source#/rows' },
									lat: 'latitude',
									lon: 'longitude',
									label: 'name'
								},
								source: source(mapSql)
							}
						},
						{
							name: 'autoui_webmcp_widget_display',
							input: {
								name: 'kpi-grid',
								params: {
									title: 'California airports',
									data: { $ref: 'source#/rows' },
									fields: [
										{ field: 'airports', label: 'Airports' },
										{ field: 'cities', label: 'Cities served' },
										{ field: 'avg_latitude', label: 'Average latitude', unit: '°' }
									]
								},
								source: source(figuresSql)
							}
						},
						{
							name: 'autoui_webmcp_widget_display',
							input: {
								name: 'list',
								params: {
									title: 'Five northernmost',
									ordered: true,
									data: { $ref: 'source#/rows' },
									text: 'name',
									detail: 'city'
								},
								source: source(northSql)
							}
						}
					]
				};
			},
			(request) => {
				for (const result of request.toolResults) if (result.isError) throw new Error(result.content);
				return { text: 'The map shows every airport in California, with the key figures and the five northernmost.' };
			}
		]
	};
}
