/** `sparkline`: a tiny trend line with the latest value. */
import type { WidgetDefinition } from '../types';
import { numberish, object, oneOf, requireOneOf, rows, text, title } from '../shared/schema';
import type { RowParams } from '../shared/row-binding';
import { sparklineRowIssues } from './rows';
import { sparklineWithRows } from './rows';
import { frameFor, textLines } from '../shared/natural-size';

export type SparklineParams = RowParams & {
	values?: Array<number | string | null>;
	label?: string;
	value?: number | string;
	unit?: string;
	kind?: 'line' | 'area' | 'bar';
	startLabel?: string;
	endLabel?: string;
	x?: string;
	y?: string;
	title?: string;
};

export const sparklineDefinition: WidgetDefinition<SparklineParams> = {
	name: 'sparkline',
	title: 'Sparkline',
	description: 'A small word-sized trend chart with its label, latest value and change, for glanceable history.',
	category: 'figures',
	schema: {
		...object({
			values: {
				type: 'array',
				items: { type: ['number', 'string', 'null'] },
				minItems: 1,
				maxItems: 10_000,
				description: 'The series, oldest first (numbers; null for gaps)'
			},
			label: text('What the series measures', 200),
			value: numberish('The headline value (default: the last value)'),
			unit: text('Unit after the value', 40),
			kind: oneOf(['line', 'area', 'bar'], 'Drawing style (default area)'),
			startLabel: text('Label for the first point, e.g. "Jan"', 40),
			endLabel: text('Label for the last point, e.g. "Jun"', 40),
			data: rows('Rows as a query returns them, oldest first; `y` names the column of the series', 10_000),
			y: text('With `data`: the column holding the series (numbers)', 200),
			x: text('With `data`: the column whose first and last values label the ends, e.g. a date (optional)', 200),
			title
		}),
		...requireOneOf([['values'], ['data', 'y']])
	},
	example: {
		label: 'Daily signups',
		values: [42, 38, 51, 47, 55, 61, 58, 64, 70, 66, 74, 81, 79, 88],
		unit: 'signups',
		startLabel: '1 Mar',
		endLabel: '14 Mar'
	},
	recipe: {
		whenToUse:
			'A compact history next to a figure — a stat with its trend, many small trends side by side. For an analysable chart with axes use line.',
		howToUse:
			'Rows bind as they are: `data` is an array of row objects oldest first (e.g. `{"$ref": "source#/rows"}`), `y` names the number column and `x` the column labelling the ends. Written out instead: `values` oldest first; `label` and `unit` describe them. The latest value and the change since the first value are shown and read out in words. Use `kind: "bar"` for counts per period.'
	},
	defaultSize: { w: 280, h: 130 },
	naturalSize: (raw) => {
		const params = sparklineWithRows(raw);
		const points = Array.isArray(params.values) ? params.values.length : 0;
		const width = Math.max(280, Math.min(480, points * 4 + 120));
		return frameFor(
			width,
			72 + textLines(params.label, width - 140) * 19 + (params.startLabel || params.endLabel ? 18 : 0)
		);
	},
	keywords: ['sparkline', 'mini chart', 'trend', 'micro chart', 'history'],
	drawIssues: sparklineRowIssues
};
