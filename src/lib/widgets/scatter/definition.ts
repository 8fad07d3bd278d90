/** `scatter`: the relation between two numbers, with optional colour, size and labels. */
import type { WidgetDefinition } from '../types';
import { fieldIssues } from '../charts/field-check';
import { object, text, xyProperties, type XYParams } from '../charts/prepare';
import { xySize } from '../charts/chart-sizes';

export type ScatterParams = Omit<XYParams, 'y'> & { y: string; size?: string; label?: string; trendline?: boolean };

export const scatterDefinition: WidgetDefinition<ScatterParams> = {
	name: 'scatter',
	title: 'Scatter plot',
	description:
		'Points placed by two numbers to show correlation, clusters and outliers; optional colour, size and labels.',
	category: 'charts',
	schema: object(
		{
			...xyProperties,
			y: text('Field name for the y axis (a number)', 200),
			size: text('Field name for point size (a number) — makes a bubble chart', 200),
			label: text('Field name whose value is written next to each point (keep under ~30 points)', 200),
			trendline: { type: 'boolean', description: 'Draw a linear regression line' }
		},
		['data', 'x', 'y']
	),
	example: {
		data: [
			{ country: 'Norway', gdpPerCapita: 87, lifeExpectancy: 83.2, population: 5.5 },
			{ country: 'Japan', gdpPerCapita: 34, lifeExpectancy: 84.5, population: 124 },
			{ country: 'USA', gdpPerCapita: 80, lifeExpectancy: 77.5, population: 335 },
			{ country: 'Brazil', gdpPerCapita: 10, lifeExpectancy: 75.9, population: 216 },
			{ country: 'India', gdpPerCapita: 2.5, lifeExpectancy: 70.2, population: 1429 },
			{ country: 'Nigeria', gdpPerCapita: 1.6, lifeExpectancy: 53.6, population: 224 },
			{ country: 'Germany', gdpPerCapita: 52, lifeExpectancy: 81.2, population: 84 },
			{ country: 'Mexico', gdpPerCapita: 13, lifeExpectancy: 75.1, population: 128 }
		],
		x: 'gdpPerCapita',
		y: 'lifeExpectancy',
		size: 'population',
		label: 'country',
		xTitle: 'GDP per capita (thousand USD)',
		yTitle: 'Life expectancy (years)',
		description: 'Wealth and life expectancy of eight countries, bubble size is population'
	},
	recipe: {
		whenToUse:
			'Show whether two numeric measures move together, spot clusters or outliers, or (with size) compare three measures. Use line when x is time, bar when x is a category.',
		howToUse:
			'Rows with two number fields named in `x` and `y`. Optional `color` (category field), `size` (number field → bubbles), `label` (text field written beside points; best under 30 points), `trendline: true` for a regression line.'
	},
	defaultSize: { w: 520, h: 360 },
	naturalSize: (params) => xySize({ ...params, x: undefined }, { w: 520, h: 360 }),
	keywords: ['scatter plot', 'correlation', 'bubble chart', 'points', 'relationship', 'outliers'],
	drawIssues: (params) =>
		fieldIssues(params.data, [
			{ path: '/x', names: params.x },
			{ path: '/y', names: params.y, numeric: true },
			{ path: '/color', names: params.color },
			{ path: '/size', names: params.size, numeric: true },
			{ path: '/label', names: params.label },
			{ path: '/select/field', names: params.select?.field }
		])
};
