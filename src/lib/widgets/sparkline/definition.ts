/** `sparkline`: a tiny trend line with the latest value. */
import type { WidgetDefinition } from '../types';
import { numberish, object, oneOf, text, title } from '../shared/schema';

export type SparklineParams = { values: Array<number | string | null>; label?: string; value?: number | string; unit?: string; kind?: 'line' | 'area' | 'bar'; startLabel?: string; endLabel?: string; title?: string };

export const sparklineDefinition: WidgetDefinition<SparklineParams> = {
	name: 'sparkline',
	title: 'Sparkline',
	description: 'A small word-sized trend chart with its label, latest value and change, for glanceable history.',
	category: 'figures',
	schema: object(
		{
			values: { type: 'array', items: { type: ['number', 'string', 'null'] }, minItems: 1, maxItems: 10_000, description: 'The series, oldest first (numbers; null for gaps)' },
			label: text('What the series measures', 200),
			value: numberish('The headline value (default: the last value)'),
			unit: text('Unit after the value', 40),
			kind: oneOf(['line', 'area', 'bar'], 'Drawing style (default area)'),
			startLabel: text('Label for the first point, e.g. "Jan"', 40),
			endLabel: text('Label for the last point, e.g. "Jun"', 40),
			title
		},
		['values']
	),
	example: { label: 'Daily signups', values: [42, 38, 51, 47, 55, 61, 58, 64, 70, 66, 74, 81, 79, 88], unit: 'signups', startLabel: '1 Mar', endLabel: '14 Mar' },
	recipe: {
		whenToUse: 'A compact history next to a figure — a stat with its trend, many small trends side by side. For an analysable chart with axes use line.',
		howToUse: '`values` oldest first; `label` and `unit` describe them. The latest value and the change since the first value are shown and read out in words. Use `kind: "bar"` for counts per period.'
	},
	defaultSize: { w: 280, h: 130 },
	keywords: ['sparkline', 'mini chart', 'trend', 'micro chart', 'history']
};
