/** `bar`: compare a number across categories (optionally grouped or stacked by a colour field). */
import type { WidgetDefinition } from '../types';
import { xyIssues } from '../charts/field-check';
import { object, oneOf, xyProperties, type XYParams } from '../charts/prepare';
import { frameFor } from '../shared/natural-size';

export type BarParams = XYParams & {
	horizontal?: boolean;
	layout?: 'stacked' | 'grouped' | 'normalized';
	sort?: 'x' | 'y' | '-y' | 'none';
};

export const barDefinition: WidgetDefinition<BarParams> = {
	name: 'bar',
	title: 'Bar chart',
	description: 'Bars comparing a number across categories; several series stacked, grouped or normalised.',
	category: 'charts',
	schema: object(
		{
			...xyProperties,
			horizontal: { type: 'boolean', description: 'Horizontal bars; good for long category names or many categories' },
			layout: oneOf(['stacked', 'grouped', 'normalized'], 'How several series share a category (default stacked)'),
			sort: oneOf(
				['x', 'y', '-y', 'none'],
				'Order of categories: by name (x), by value ascending (y) or descending (-y)'
			)
		},
		['data', 'x', 'y']
	),
	example: {
		data: [
			{ country: 'Germany', year: '2023', gdp: 4457 },
			{ country: 'France', year: '2023', gdp: 3031 },
			{ country: 'Italy', year: '2023', gdp: 2255 },
			{ country: 'Spain', year: '2023', gdp: 1581 },
			{ country: 'Netherlands', year: '2023', gdp: 1118 },
			{ country: 'Poland', year: '2023', gdp: '811' }
		],
		x: 'country',
		y: 'gdp',
		yTitle: 'GDP (billion USD)',
		sort: '-y',
		description: 'GDP of the six largest EU economies in 2023'
	},
	recipe: {
		whenToUse:
			'Compare amounts across categories (countries, products, teams), or a few series per category. Use line for change over continuous time, pie only for parts of one whole with few slices, histogram for the distribution of one numeric field.',
		howToUse:
			'`data` is an array of row objects; `x` names the category field, `y` the number field (or several number fields to compare). `color` names a field that splits bars into series; `layout` stacked/grouped/normalized. Set `horizontal: true` for long labels, `sort: "-y"` to rank.'
	},
	defaultSize: { w: 520, h: 340 },
	naturalSize: (params) => {
		const categories = new Set(
			Array.isArray(params.data) ? params.data.map((row) => (row as Record<string, unknown>)[params.x]) : []
		).size;
		const legend = params.color || (Array.isArray(params.y) && params.y.length > 1) ? 140 : 0;
		if (params.horizontal) return frameFor(520 + legend, Math.max(240, categories * 26 + 96));
		return frameFor(Math.max(520, categories * 34 + 120) + legend, 340);
	},
	keywords: ['bar chart', 'column', 'compare', 'ranking', 'categories', 'histogram of categories', 'stacked'],
	drawIssues: xyIssues
};
