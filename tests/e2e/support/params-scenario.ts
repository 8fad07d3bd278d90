/**
 * The fake model's side of the linked-dashboard journey: in one request it displays a bar
 * chart of cars by origin whose clicks set the canvas parameter `origin`, a table whose SQL
 * filters by `$origin` (bound with {"$param": "origin"}), a filter widget for the same
 * parameter, and a bar chart of cars by cylinders that sets `cyl` and follows `origin` while
 * the origin chart follows `cyl` — two widgets setting each other, which must not loop.
 */
import type { FakeScenario } from '../../fixtures/fake-llm';

export const paramsQuestion = 'Show cars by origin, and let me click an origin to see its cars.';

export const originSql =
	'SELECT Origin, count(*) AS cars FROM cars WHERE ($cyl IS NULL OR Cylinders = $cyl) GROUP BY Origin ORDER BY Origin';
export const tableSql =
	'SELECT Name, Origin, Cylinders, Horsepower FROM cars WHERE ($origin IS NULL OR Origin = $origin) ORDER BY Name';
export const cylindersSql =
	'SELECT Cylinders, count(*) AS cars FROM cars WHERE ($origin IS NULL OR Origin = $origin) GROUP BY Cylinders ORDER BY Cylinders';
export const originsSql = 'SELECT DISTINCT Origin FROM cars ORDER BY Origin';

const query = (sql: string, params?: Record<string, unknown>) => ({
	tool: 'datasets_mcp_query_sql',
	args: { sql, ...(params ? { params } : {}) }
});

/** The scripted session: display the four linked widgets, then answer. */
export function paramsScenario(): FakeScenario {
	return {
		steps: [
			() => ({
				text: 'Building a linked dashboard.',
				toolCalls: [
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'bar',
							params: { title: 'Cars by origin', data: { $ref: 'source#/rows' }, x: 'Origin', y: 'cars' },
							select: { param: 'origin', field: 'Origin' },
							source: query(originSql, { cyl: { $param: 'cyl' } })
						}
					},
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'data-table',
							params: { title: 'Cars of the selected origin', rows: { $ref: 'source#/rows' } },
							source: query(tableSql, { origin: { $param: 'origin' } })
						}
					},
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'filter',
							params: {
								title: 'Origin filter',
								param: 'origin',
								control: 'select',
								label: 'Origin',
								options: { $ref: 'source#/rows' },
								field: 'Origin'
							},
							source: query(originsSql)
						}
					},
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'bar',
							params: {
								title: 'Cars by cylinders',
								data: { $ref: 'source#/rows' },
								x: 'Cylinders',
								y: 'cars',
								xType: 'ordinal',
								select: { param: 'cyl', field: 'Cylinders' }
							},
							source: query(cylindersSql, { origin: { $param: 'origin' } })
						}
					}
				]
			}),
			(request) => {
				for (const result of request.toolResults) if (result.isError) throw new Error(result.content);
				return { text: 'Click an origin (or use the filter) to see its cars.' };
			}
		]
	};
}
