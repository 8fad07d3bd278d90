/** `line`: a number over time (or another ordered x), one line per series. */
import type { WidgetDefinition } from '../types';
import { xyIssues } from '../charts/field-check';
import { object, oneOf, xyProperties, type XYParams } from '../charts/prepare';
import { xySize } from '../charts/chart-sizes';

export type LineParams = XYParams & { points?: boolean; interpolate?: 'linear' | 'monotone' | 'step'; zero?: boolean };

export const lineDefinition: WidgetDefinition<LineParams> = {
	name: 'line',
	title: 'Line chart',
	description: 'Lines showing how one or more numbers change over time or another ordered axis.',
	category: 'charts',
	schema: object(
		{
			...xyProperties,
			points: { type: 'boolean', description: 'Mark each data point (good for fewer than ~40 points)' },
			interpolate: oneOf(['linear', 'monotone', 'step'], 'Line shape between points'),
			zero: { type: 'boolean', description: 'Start the y axis at zero (default false for lines)' }
		},
		['data', 'x', 'y']
	),
	example: {
		data: [
			{ month: '2024-01', visitors: 8200, signups: 410 },
			{ month: '2024-02', visitors: 9100, signups: 455 },
			{ month: '2024-03', visitors: 11800, signups: 640 },
			{ month: '2024-04', visitors: 10900, signups: 602 },
			{ month: '2024-05', visitors: 12650, signups: 720 },
			{ month: '2024-06', visitors: 14020, signups: 801 }
		],
		x: 'month',
		y: ['visitors', 'signups'],
		points: true,
		yTitle: 'People per month',
		description: 'Visitors and sign-ups per month, first half of 2024'
	},
	recipe: {
		whenToUse:
			'Trends: how values change over time or along an ordered axis, especially several series compared. Use area to stress volume or parts of a total, bar for unordered categories, sparkline for a tiny inline trend.',
		howToUse:
			'`data` rows with an `x` field (dates like "2024-03-01" or "2024-03", years, or numbers) and one or more number fields in `y` (an array draws one line each). Or keep `y` single and name a `color` field for long-form data. Dates are parsed automatically; set `xType` only to override.'
	},
	defaultSize: { w: 560, h: 320 },
	naturalSize: (params) => xySize(params, { w: 560, h: 320 }),
	keywords: ['line chart', 'trend', 'time series', 'over time', 'evolution', 'history'],
	drawIssues: xyIssues
};
