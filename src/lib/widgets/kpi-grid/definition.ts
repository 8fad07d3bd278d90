/** `kpi-grid`: several related key figures side by side. */
import type { WidgetDefinition } from '../types';
import { list, object, title } from '../shared/schema';
import { statProperties, type StatParams } from '../stat/definition';
import { frameFor, countOf } from '../shared/natural-size';

export type KpiGridParams = { items: StatParams[]; columns?: number; title?: string };

export const kpiGridDefinition: WidgetDefinition<KpiGridParams> = {
	name: 'kpi-grid',
	title: 'KPI grid',
	description: 'A grid of 2–24 key figures, each with label, value, unit, trend and delta.',
	category: 'figures',
	schema: object(
		{
			items: list(object(statProperties, ['label', 'value']), 'The figures, each like a stat widget', { min: 1, max: 24 }),
			columns: { type: 'integer', minimum: 1, maximum: 6, description: 'Columns (default: as many as fit)' },
			title
		},
		['items']
	),
	example: {
		items: [
			{ label: 'Revenue', value: 1284000, unit: '€', trend: 'up', delta: '+8.1%' },
			{ label: 'Orders', value: 15230, trend: 'up', delta: 412 },
			{ label: 'Avg. basket', value: '84.30', unit: '€', trend: 'down', delta: '-1.2%' },
			{ label: 'Return rate', value: '3.4%', trend: 'flat', delta: '0.0 pt', variant: 'info' }
		]
	},
	recipe: {
		whenToUse: 'A dashboard row of 2–24 related headline numbers (a period summary, a scorecard). For one number use stat; for values against targets use progress or gauge.',
		howToUse: '`items` is an array of stats: each needs `label` and `value`; add `unit`, `trend`, `delta`, `deltaLabel`, `variant`. Keep labels short; order by importance.'
	},
	defaultSize: { w: 620, h: 190 },
	naturalSize: (params) => {
		const items = params.items ?? [];
		const count = Math.max(1, items.length);
		// A tile holds its value at the large figure size (about 20 px a character) on one line.
		const tile = Math.max(168, ...items.map((item) => (String(item.value ?? '').length + String(item.unit ?? '').length) * 20 + 56));
		const columns = Math.min(params.columns ?? Math.max(1, Math.min(4, Math.floor(900 / tile))), count);
		const rows = Math.ceil(count / columns);
		const described = items.some((item) => item.description || item.deltaLabel);
		return frameFor(columns * tile + 24, rows * (described ? 132 : 112) + 16);
	},
	keywords: ['kpi', 'dashboard', 'scorecard', 'metrics', 'figures', 'summary']
};
