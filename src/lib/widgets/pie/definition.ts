/** `pie` and `donut`: parts of one whole, few slices. */
import type { WidgetDefinition } from '../types';
import { fieldIssues } from '../charts/field-check';
import { object, requireOneOf, rows, text, title } from '../shared/schema';
import type { Row } from '../charts/prepare';
import { frameFor } from '../shared/natural-size';
import { selectProperty, type SelectSpec } from '../shared/select-param';

export type PieParams = {
	data: Row[];
	category?: string;
	value?: string;
	x?: string;
	y?: string;
	donut?: boolean;
	centerLabel?: string;
	description?: string;
	title?: string;
	select?: SelectSpec;
};

const properties = {
	data: rows('Rows, one per slice, e.g. [{"party":"A","seats":120}]', 500),
	category: text('Field naming each slice (alias: x)', 200),
	value: text('Field with each slice size, a number (alias: y)', 200),
	x: text('Alias of `category`', 200),
	y: text('Alias of `value`', 200),
	donut: { type: 'boolean', description: 'Draw a ring with a hole (a donut)' },
	centerLabel: text('Short text in the middle of a donut, e.g. the total', 40),
	description: text('One sentence describing the chart, used as its accessible name', 500),
	title,
	select: selectProperty
};

const needsFields = requireOneOf([
	['category', 'value'],
	['x', 'y'],
	['category', 'y'],
	['x', 'value']
]);

const recipe = {
	whenToUse:
		'Parts of one whole with 2–7 slices (market share, budget split, vote share). With more slices or when comparing sizes precisely use bar; for seats in a parliament use hemicycle.',
	howToUse:
		'`data` rows with a `category` field (slice name) and a `value` field (number). `x`/`y` are accepted as aliases. Slices are sorted by size and labelled with their percentage in the tooltip and the data table. `donut: true` draws a ring; `centerLabel` writes a total in the middle.'
};

const example: PieParams = {
	data: [
		{ channel: 'Organic search', sessions: 41200 },
		{ channel: 'Direct', sessions: 22800 },
		{ channel: 'Social', sessions: 13100 },
		{ channel: 'Email', sessions: 9400 },
		{ channel: 'Referral', sessions: '5,300' }
	],
	category: 'channel',
	value: 'sessions',
	description: 'Website sessions by acquisition channel, last 30 days'
};

/** Room for the chart and a legend line per slice (slices are few; the legend must not clip). */
function pieSize(params: PieParams): { w: number; h: number } {
	const slices = Array.isArray(params.data) ? params.data.length : 0;
	return frameFor(420, Math.max(288, slices * 20 + 96));
}

/** The slice and size fields, under their own names or the x/y aliases. */
function pieIssues(params: PieParams) {
	return fieldIssues(params.data, [
		{ path: params.category ? '/category' : '/x', names: params.category ?? params.x },
		{ path: params.value ? '/value' : '/y', names: params.value ?? params.y, numeric: true },
		{ path: '/select/field', names: params.select?.field }
	]);
}

export const pieDefinition: WidgetDefinition<PieParams> = {
	name: 'pie',
	title: 'Pie chart',
	description: 'A pie showing how a whole splits into a few parts.',
	category: 'charts',
	schema: { ...object(properties, ['data']), ...needsFields },
	example,
	recipe,
	defaultSize: { w: 400, h: 320 },
	naturalSize: pieSize,
	keywords: ['pie chart', 'share', 'proportion', 'percent', 'split', 'composition'],
	drawIssues: pieIssues
};

export const donutDefinition: WidgetDefinition<PieParams> = {
	name: 'donut',
	title: 'Donut chart',
	description: 'A ring showing how a whole splits into a few parts, with room for a total in the middle.',
	category: 'charts',
	schema: { ...object(properties, ['data']), ...needsFields },
	example: { ...example, donut: true, centerLabel: '91.8K' },
	recipe,
	defaultSize: { w: 400, h: 320 },
	naturalSize: pieSize,
	keywords: ['donut chart', 'doughnut', 'ring', 'share', 'proportion', 'percent'],
	drawIssues: pieIssues
};
