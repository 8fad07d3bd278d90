/** `area`: volumes over time, stacked to show parts of a changing total. */
import type { WidgetDefinition } from '../types';
import { xyIssues } from '../charts/field-check';
import { object, oneOf, xyProperties, type XYParams } from '../charts/prepare';
import { xySize } from '../charts/chart-sizes';

export type AreaParams = XYParams & { layout?: 'stacked' | 'normalized' | 'overlap' };

export const areaDefinition: WidgetDefinition<AreaParams> = {
	name: 'area',
	title: 'Area chart',
	description: 'Filled areas over time; several series stacked to show how parts make up a changing total.',
	category: 'charts',
	schema: object(
		{
			...xyProperties,
			layout: oneOf(['stacked', 'normalized', 'overlap'], 'How several series combine (default stacked)')
		},
		['data', 'x', 'y']
	),
	example: {
		data: [
			{ year: 2019, source: 'Solar', twh: 52 },
			{ year: 2019, source: 'Wind', twh: 126 },
			{ year: 2019, source: 'Hydro', twh: 20 },
			{ year: 2020, source: 'Solar', twh: 60 },
			{ year: 2020, source: 'Wind', twh: 132 },
			{ year: 2020, source: 'Hydro', twh: 19 },
			{ year: 2021, source: 'Solar', twh: 70 },
			{ year: 2021, source: 'Wind', twh: 118 },
			{ year: 2021, source: 'Hydro', twh: 20 },
			{ year: 2022, source: 'Solar', twh: 85 },
			{ year: 2022, source: 'Wind', twh: 142 },
			{ year: 2022, source: 'Hydro', twh: 17 },
			{ year: 2023, source: 'Solar', twh: '104' },
			{ year: 2023, source: 'Wind', twh: 139 },
			{ year: 2023, source: 'Hydro', twh: 19 }
		],
		x: 'year',
		y: 'twh',
		color: 'source',
		yTitle: 'Electricity (TWh)',
		description: 'Renewable electricity generation by source, 2019–2023'
	},
	recipe: {
		whenToUse:
			'Totals over time where the composition matters (energy mix, traffic by channel). Use line to compare series that do not add up, bar for categories.',
		howToUse:
			'Long form: `x` (time), `y` (number) and `color` (the part). Or wide form: `y` as an array of number fields. `layout: "normalized"` shows shares (100%), "overlap" draws translucent areas on top of each other.'
	},
	defaultSize: { w: 560, h: 320 },
	naturalSize: (params) => xySize(params, { w: 560, h: 320 }),
	keywords: ['area chart', 'stacked area', 'composition over time', 'share', 'volume'],
	drawIssues: xyIssues
};
