/** `boxplot`: distributions of a number compared across groups. */
import type { WidgetDefinition } from '../types';
import { fieldIssues } from '../charts/field-check';
import { object, oneOf, rows, text, title } from '../shared/schema';
import type { Row } from '../charts/prepare';
import { boxplotSize } from '../charts/chart-sizes';

export type BoxplotParams = {
	data: Row[];
	x?: string;
	y: string;
	extent?: 'min-max' | '1.5iqr';
	xTitle?: string;
	yTitle?: string;
	horizontal?: boolean;
	description?: string;
	title?: string;
};

export const boxplotDefinition: WidgetDefinition<BoxplotParams> = {
	name: 'boxplot',
	title: 'Box plot',
	description:
		'Box-and-whisker plots comparing the distribution (median, quartiles, outliers) of a number across groups.',
	category: 'charts',
	schema: object(
		{
			data: rows('Raw rows: one per observation (not pre-computed quartiles)', 200_000),
			x: text('Category field defining the groups (omit for one box)', 200),
			y: text('Numeric field whose distribution is shown', 200),
			extent: oneOf(['min-max', '1.5iqr'], 'Whiskers to min/max, or 1.5 × IQR with outliers as points (default)'),
			xTitle: text('Group axis title', 200),
			yTitle: text('Value axis title', 200),
			horizontal: { type: 'boolean', description: 'Horizontal boxes (long group names)' },
			description: text('One sentence describing the chart, used as its accessible name', 500),
			title
		},
		['data', 'y']
	),
	example: {
		data: [
			...[31, 34, 35, 36, 38, 38, 40, 41, 43, 47, 58].map((minutes) => ({ team: 'Web', minutes })),
			...[22, 25, 26, 27, 27, 29, 30, 31, 33, 35].map((minutes) => ({ team: 'Mobile', minutes })),
			...[40, 44, 46, 49, 51, 52, 55, 57, 61, 70, 95].map((minutes) => ({ team: 'Data', minutes }))
		],
		x: 'team',
		y: 'minutes',
		yTitle: 'Build time (minutes)',
		description: 'Build times per team over the last month'
	},
	recipe: {
		whenToUse:
			'Compare spread and typical values of a number across a few groups, showing outliers. Use histogram for the detailed shape of one distribution, bar for one summary value per group.',
		howToUse:
			'Send raw observations as rows: `y` names the number, `x` the group. Quartiles and whiskers are computed for you; `extent: "min-max"` extends whiskers to the extremes instead of showing outliers.'
	},
	defaultSize: { w: 520, h: 340 },
	naturalSize: boxplotSize,
	keywords: ['box plot', 'box and whisker', 'quartiles', 'median', 'distribution', 'outliers', 'spread'],
	drawIssues: (params) =>
		fieldIssues(params.data, [
			{ path: '/x', names: params.x },
			{ path: '/y', names: params.y, numeric: true }
		])
};
