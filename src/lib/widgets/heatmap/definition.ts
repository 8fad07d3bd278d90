/** `heatmap`: a number over two categorical (or binned) axes, as coloured cells. */
import type { WidgetDefinition } from '../types';
import { fieldIssues } from '../charts/field-check';
import { object, rows, text, title } from '../shared/schema';
import type { Row } from '../charts/prepare';
import { heatmapSize } from '../charts/chart-sizes';
import { selectProperty, type SelectSpec } from '../shared/select-param';

export type HeatmapParams = {
	data: Row[];
	x: string;
	y: string;
	value: string;
	xTitle?: string;
	yTitle?: string;
	valueTitle?: string;
	showValues?: boolean;
	description?: string;
	title?: string;
	select?: SelectSpec;
};

export const heatmapDefinition: WidgetDefinition<HeatmapParams> = {
	name: 'heatmap',
	title: 'Heatmap',
	description: 'A grid of cells coloured by a number across two categories, e.g. weekday × hour.',
	category: 'charts',
	schema: object(
		{
			data: rows('Rows, one per cell: two category fields and a number', 50_000),
			x: text('Field for the columns', 200),
			y: text('Field for the rows', 200),
			value: text('Numeric field coloring each cell', 200),
			xTitle: text('Column axis title', 200),
			yTitle: text('Row axis title', 200),
			valueTitle: text('Legend title for the value', 200),
			showValues: {
				type: 'boolean',
				description: 'Write the value in each cell (default when there are at most 120 cells)'
			},
			description: text('One sentence describing the chart, used as its accessible name', 500),
			title,
			select: selectProperty
		},
		['data', 'x', 'y', 'value']
	),
	example: {
		data: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].flatMap((day, row) =>
			['08h', '10h', '12h', '14h', '16h', '18h'].map((hour, column) => ({
				day,
				hour,
				tickets: (((row + 2) * (column + 3) * 7) % 53) + 4
			}))
		),
		x: 'hour',
		y: 'day',
		value: 'tickets',
		valueTitle: 'Support tickets',
		description: 'Support tickets by weekday and time of day'
	},
	recipe: {
		whenToUse:
			'Patterns in a number across two dimensions (weekday × hour, product × region, correlation matrices). Use bar with color for few categories, map for geography.',
		howToUse:
			'Rows with `x` (columns), `y` (rows) and `value` (a number). Keep each axis under ~40 distinct values. Order follows the data; cell values are written in when there are few cells.'
	},
	defaultSize: { w: 560, h: 320 },
	naturalSize: heatmapSize,
	keywords: ['heatmap', 'matrix', 'grid', 'calendar', 'correlation', 'intensity'],
	drawIssues: (params) =>
		fieldIssues(params.data, [
			{ path: '/x', names: params.x },
			{ path: '/y', names: params.y },
			{ path: '/value', names: params.value, numeric: true },
			{ path: '/select/field', names: params.select?.field }
		])
};
