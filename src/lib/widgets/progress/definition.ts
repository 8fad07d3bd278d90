/** `progress`: one or more values toward a goal, as labelled bars. */
import type { WidgetDefinition } from '../types';
import { list, numberish, object, oneOf, requireOneOf, rows, text, title, variants } from '../shared/schema';
import type { Variant } from '../shared/schema';
import type { RowParams } from '../shared/row-binding';
import { progressRowIssues, progressWithRows } from './rows';
import { frameFor } from '../shared/natural-size';

export type ProgressItem = {
	label: string;
	value: number | string;
	max?: number | string;
	unit?: string;
	variant?: Variant;
	note?: string;
};
export type ProgressParams = RowParams & Partial<ProgressItem> & { items?: ProgressItem[]; title?: string };

const itemProperties = {
	label: text('What progresses', 200),
	value: numberish('Current amount'),
	max: numberish('The goal (default 100)'),
	unit: text('Unit after the amounts', 40),
	variant: oneOf(variants, 'Bar colour meaning'),
	note: text('Short note under the bar', 200)
};

export const progressDefinition: WidgetDefinition<ProgressParams> = {
	name: 'progress',
	title: 'Progress',
	description: 'Progress bars showing how far one or several values are toward their goals, with percentages in words.',
	category: 'figures',
	schema: {
		...object({
			...itemProperties,
			items: list(object(itemProperties, ['label', 'value']), 'Several bars (instead of a single label/value)', {
				min: 1,
				max: 50
			}),
			data: rows('Rows as a query returns them, one bar per row; `label`, `value` (and `max`) then name columns', 50),
			title
		}),
		...requireOneOf([['value'], ['items'], ['data', 'label', 'value']])
	},
	example: {
		items: [
			{ label: 'Q3 sales target', value: 812000, max: 1000000, unit: '€' },
			{ label: 'Hiring plan', value: 14, max: 20, unit: 'people', variant: 'info' },
			{ label: 'Migration to v2', value: '93', max: 100, unit: '%', variant: 'success', note: 'Two services left' },
			{ label: 'Budget used', value: 47500, max: 50000, unit: '€', variant: 'warning' }
		]
	},
	recipe: {
		whenToUse:
			'Completion toward a goal or limit: targets, quotas, budgets, task completion. For one value inside a range with bands use gauge; for raw figures use stat or kpi-grid.',
		howToUse:
			'Rows bind as they are: with `data` (an array of row objects, e.g. `{"$ref": "source#/rows"}`), `label` and `value` name the columns of each bar\'s name and amount, and `max` is the goal column or one number for all. Written out instead: either a single bar (`label`, `value`, `max`) or `items` with several. `max` defaults to 100; `unit` is appended to amounts. The percentage is computed and written out.'
	},
	defaultSize: { w: 420, h: 240 },
	naturalSize: (raw) => {
		const params = progressWithRows(raw);
		const items = params.items ?? [params];
		const notes = items.filter((item) => item.note).length;
		return frameFor(420, items.length * 62 + notes * 4 + 32);
	},
	keywords: ['progress bar', 'goal', 'target', 'quota', 'completion', 'budget', 'percent'],
	drawIssues: progressRowIssues
};
