/** `chart`: any Vega-Lite chart from a full spec with inline data. */
import type { WidgetDefinition } from '../types';
import { object, requireOneOf, text, title } from '../shared/schema';
import { rowBudgetIssues } from '../charts/row-budget';
import { specSize } from '../charts/chart-sizes';

export type ChartParams = { spec: Record<string, unknown>; description?: string; title?: string };

export const chartDefinition: WidgetDefinition<ChartParams> = {
	name: 'chart',
	title: 'Chart (Vega-Lite)',
	description:
		'Any chart described by a full Vega-Lite v6 spec with inline data: layers, facets, custom marks and transforms.',
	category: 'charts',
	schema: object(
		{
			spec: {
				type: 'object',
				description:
					'A Vega-Lite spec. Data must be inline (data.values); url data, usermeta and links outside the allow-list are removed. Width/height follow the frame.',
				properties: {
					data: { type: 'object' },
					mark: { type: ['string', 'object'] },
					encoding: { type: 'object' },
					layer: { type: 'array' }
				},
				...requireOneOf([['mark'], ['layer'], ['facet'], ['hconcat'], ['vconcat'], ['concat'], ['repeat']])
			},
			description: text('One sentence describing the chart, used as its accessible name', 500),
			title
		},
		['spec']
	),
	example: {
		spec: {
			data: {
				values: [
					{ month: '2024-01', revenue: 120, target: 110 },
					{ month: '2024-02', revenue: 132, target: 115 },
					{ month: '2024-03', revenue: 128, target: 120 },
					{ month: '2024-04', revenue: 141, target: 125 },
					{ month: '2024-05', revenue: 152, target: 130 },
					{ month: '2024-06', revenue: 149, target: 135 }
				]
			},
			encoding: { x: { field: 'month', type: 'temporal', timeUnit: 'yearmonth', title: null, axis: { format: '%b' } } },
			layer: [
				{
					mark: { type: 'bar', opacity: 0.85, tooltip: true },
					encoding: { y: { field: 'revenue', type: 'quantitative', title: 'Revenue (k€)' } }
				},
				{
					mark: { type: 'line', color: '#e8590c', strokeDash: [5, 3], point: true, tooltip: true },
					encoding: { y: { field: 'target', type: 'quantitative' } }
				}
			]
		},
		description: 'Monthly revenue against target, first half of 2024'
	},
	recipe: {
		whenToUse:
			'Only when no typed chart fits: layered or faceted charts, custom transforms, unusual marks. Prefer bar, line, area, scatter, pie, histogram, heatmap or boxplot — they are simpler to fill and harder to get wrong.',
		howToUse:
			'Pass a Vega-Lite v6 spec in `spec` with rows inline in `data.values` (never `data.url`). Do not set width/height/config/usermeta — size and theme come from the canvas. Field names in encodings must match the row keys exactly.'
	},
	defaultSize: { w: 600, h: 360 },
	naturalSize: specSize,
	keywords: ['vega-lite', 'vega', 'custom chart', 'layered chart', 'facet', 'spec', 'visualization'],
	// Generators and fan-out transforms are bounded: the model hears which part is too large.
	drawIssues: (params) =>
		rowBudgetIssues(params.spec).map((issue) => ({ path: `/spec${issue.path}`, message: issue.message }))
};
