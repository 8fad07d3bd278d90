/** `kpi-grid`: several related key figures side by side. */
import type { WidgetDefinition } from '../types';
import { list, object, requireOneOf, text, title } from '../shared/schema';
import { rowProperties, type RowParams } from '../shared/row-binding';
import { statProperties, type StatParams } from '../stat/definition';
import { formatValue } from '../shared/format';
import { kpiBinding, kpiItems, kpiRowIssues, maxFigures } from './rows';
import { frameFor } from '../shared/natural-size';

/** A column of a one-row result shown as a figure: its name, or its name with a label and unit. */
export type KpiField = string | { field: string; label?: string; unit?: string; description?: string };

export type KpiGridParams = RowParams & {
	items?: StatParams[];
	label?: string;
	value?: string;
	unit?: string;
	delta?: string;
	trend?: string;
	description?: string;
	fields?: KpiField[];
	columns?: number;
	title?: string;
};

export const kpiGridDefinition: WidgetDefinition<KpiGridParams> = {
	name: 'kpi-grid',
	title: 'KPI grid',
	description: 'A grid of 2–24 key figures, each with label, value, unit, trend and delta.',
	category: 'figures',
	schema: {
		...object({
			items: list(object(statProperties, ['label', 'value']), 'The figures, each like a stat widget', {
				min: 1,
				max: maxFigures
			}),
			...rowProperties(
				kpiBinding,
				1000,
				'Rows as a query returns them: one row per figure (with `label` and `value`), or one summary row whose columns are the figures'
			),
			fields: list(
				{
					type: ['string', 'object'],
					maxLength: 200,
					properties: {
						field: text('Column of the summary row', 200),
						label: text('Label shown (default: the column name)', 200),
						unit: statProperties.unit,
						description: statProperties.description
					},
					required: ['field'],
					additionalProperties: false
				},
				'With a one-row `data`: the columns to show, in order — names, or { field, label?, unit?, description? }',
				{ min: 1, max: maxFigures }
			),
			columns: { type: 'integer', minimum: 1, maximum: 6, description: 'Columns (default: as many as fit)' },
			title
		}),
		...requireOneOf([['items'], ['data']])
	},
	example: {
		title: 'Flights at a glance',
		data: [{ flights: 231083, avg_delay_min: 8.3, pct_late: 18.2, airports: 303 }],
		fields: [
			{ field: 'flights', label: 'Flights' },
			{ field: 'avg_delay_min', label: 'Average delay', unit: 'min' },
			{ field: 'pct_late', label: 'Late (> 15 min)', unit: '%' },
			{ field: 'airports', label: 'Airports' }
		]
	},
	recipe: {
		whenToUse:
			'A dashboard row of 2–24 related headline numbers (a period summary, a scorecard). For one number use stat; for values against targets use progress or gauge.',
		howToUse:
			'Rows bind as they are (`data`, e.g. `{"$ref": "source#/rows"}`). A one-row summary query: each column is a figure; `fields` picks and orders them and gives labels and units ([{ field, label?, unit? }]). One row per figure (e.g. a GROUP BY): `label` and `value` name the columns holding each figure\'s name and value (`unit`, `delta`, `trend`, `description` columns optional). Written out instead: `items`, each a stat with `label` and `value` (plus `unit`, `trend`, `delta`, `deltaLabel`, `variant`). Keep labels short; order by importance.'
	},
	defaultSize: { w: 620, h: 190 },
	naturalSize: (params) => {
		const items = kpiItems(params);
		const count = Math.max(1, items.length);
		// A tile holds its value as shown (1284000 → 1,284,000) at the large figure size (about 20 px a character) on one line.
		const tile = Math.max(
			168,
			...items.map((item) => (formatValue(item.value).length + String(item.unit ?? '').length) * 20 + 64)
		);
		const columns = Math.min(params.columns ?? Math.max(1, Math.min(4, Math.floor(900 / tile))), count);
		const rows = Math.ceil(count / columns);
		const described = items.some((item) => item.description || item.deltaLabel);
		return frameFor(columns * tile + 24, rows * (described ? 132 : 112) + 16);
	},
	keywords: ['kpi', 'dashboard', 'scorecard', 'metrics', 'figures', 'summary'],
	drawIssues: kpiRowIssues
};
