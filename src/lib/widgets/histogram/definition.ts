/** `histogram`: the distribution of one numeric field, binned. */
import type { WidgetDefinition } from '../types';
import { fieldIssues } from '../charts/field-check';
import { object, requireOneOf, rows, text, title } from '../shared/schema';
import type { Row } from '../charts/prepare';
import { histogramSize } from '../charts/chart-sizes';
import { selectProperty, type SelectSpec } from '../shared/select-param';

export type HistogramParams = {
	data?: Row[];
	x?: string;
	values?: Array<number | string>;
	bins?: number;
	color?: string;
	xTitle?: string;
	description?: string;
	title?: string;
	select?: SelectSpec;
};

export const histogramDefinition: WidgetDefinition<HistogramParams> = {
	name: 'histogram',
	title: 'Histogram',
	description: 'Counts of a numeric field in bins, showing its distribution (spread, skew, peaks).',
	category: 'charts',
	schema: {
		...object({
			data: rows('Rows containing the numeric field named in `x`', 200_000),
			x: text('The numeric field to bin', 200),
			values: {
				type: 'array',
				items: { type: ['number', 'string'] },
				maxItems: 200_000,
				description: 'Shortcut: the numbers themselves instead of data + x'
			},
			bins: { type: 'integer', minimum: 2, maximum: 200, description: 'Roughly how many bins (default about 20)' },
			color: text('Field splitting the counts into stacked groups', 200),
			xTitle: text('Axis title for the binned values', 200),
			description: text('One sentence describing the chart, used as its accessible name', 500),
			title,
			select: selectProperty
		}),
		...requireOneOf([['data', 'x'], ['values']])
	},
	example: {
		values: [
			12, 15, 17, 18, 18, 19, 21, 21, 22, 22, 23, 23, 23, 24, 24, 25, 25, 25, 26, 26, 27, 27, 28, 29, 30, 31, 33, 34,
			36, 41, 44, 52
		],
		bins: 10,
		xTitle: 'Delivery time (minutes)',
		description: 'Distribution of delivery times for 32 orders'
	},
	recipe: {
		whenToUse:
			'The shape of one numeric variable: how values spread, where most fall, skew and outliers. Use boxplot to compare distributions across groups, bar for counts of categories.',
		howToUse:
			'Either `values` (an array of numbers) or `data` rows with `x` naming the numeric field. `bins` sets roughly how many bars. `color` stacks groups. Send raw values, not pre-counted bins (for pre-counted data use bar).'
	},
	defaultSize: { w: 520, h: 320 },
	naturalSize: histogramSize,
	keywords: ['histogram', 'distribution', 'frequency', 'bins', 'spread'],
	drawIssues: (params) =>
		params.data
			? fieldIssues(params.data, [
					{ path: '/x', names: params.x, numeric: true },
					{ path: '/color', names: params.color },
					{ path: '/select/field', names: params.select?.field }
				])
			: []
};
