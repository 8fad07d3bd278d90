/** `stat`: one headline number with its label, unit, trend and delta. */
import type { WidgetDefinition } from '../types';
import { numberish, object, oneOf, text, title, variants, type Variant } from '../shared/schema';
import { frameFor, textLines, lineHeight } from '../shared/natural-size';

export type Trend = 'up' | 'down' | 'flat';

export type StatParams = {
	label: string;
	value: number | string;
	unit?: string;
	trend?: Trend;
	delta?: number | string;
	deltaLabel?: string;
	variant?: Variant;
	description?: string;
	title?: string;
};

/** Schema fields shared with `kpi-grid`, whose items are stats. */
export const statProperties = {
	label: text('What the number measures, e.g. "Monthly revenue"', 200),
	value: numberish('The headline value; a number (formatted for the locale) or preformatted text like "3.2%"'),
	unit: text('Unit shown after the value: "€", "ms", "users"', 40),
	trend: oneOf(['up', 'down', 'flat'], 'Direction of change, shown as an arrow and in words'),
	delta: numberish('Change versus the previous period, e.g. 4.2 or "+4.2%"'),
	deltaLabel: text('What the delta compares with, e.g. "vs last month"', 120),
	variant: oneOf(variants, 'Colour accent; never the only carrier of meaning'),
	description: text('One short sentence of context under the value', 500)
};

export const statDefinition: WidgetDefinition<StatParams> = {
	name: 'stat',
	title: 'Stat',
	description: 'A single key figure (KPI) with label, unit, trend arrow and delta.',
	category: 'figures',
	schema: object({ ...statProperties, title }, ['label', 'value']),
	example: {
		label: 'Monthly active users',
		value: 48213,
		trend: 'up',
		delta: '+6.4%',
		deltaLabel: 'vs February',
		variant: 'success',
		description: 'Highest since launch.'
	},
	recipe: {
		whenToUse:
			'One number answers the question (a total, a rate, a count). For 2–12 related figures use kpi-grid; for a value against a target use gauge or progress; for a figure over time add a sparkline or use line.',
		howToUse:
			'Give `label` and `value` (a number is formatted for the reader; a string is shown as is). Add `unit`, `trend` (up/down/flat) and `delta` with `deltaLabel` when you know the comparison. Use `variant` success/danger only when the direction is good/bad news.'
	},
	defaultSize: { w: 260, h: 150 },
	naturalSize: (params) => {
		const width = 260;
		const description = textLines(params.description, width - 32);
		return frameFor(
			Math.max(width, (String(params.value ?? '').length + String(params.unit ?? '').length) * 18 + 40),
			96 + (params.delta !== undefined || params.deltaLabel ? 22 : 0) + description * lineHeight
		);
	},
	keywords: ['kpi', 'metric', 'number', 'figure', 'total', 'count', 'card', 'stat-card']
};
