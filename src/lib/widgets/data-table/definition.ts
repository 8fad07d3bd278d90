/** `data-table`: rows and typed columns with sort, filter, resize, CSV export and virtual scrolling. */
import type { WidgetDefinition } from '../types';
import { dataTableIssues } from './draw-issues';
import { list, object, oneOf, scalar, text, title } from '../shared/schema';
import type { ColumnSpec } from './table-model';
import { frameFor, textLines } from '../shared/natural-size';
import { normalizeRows, resolveColumns } from './table-model';
import { selectIssues, selectProperty, type SelectSpec } from '../shared/select-param';

export type DataTableParams = {
	rows: Array<Record<string, unknown> | unknown[]>;
	columns?: ColumnSpec[];
	sort?: { key: string; direction?: 'asc' | 'desc' };
	caption?: string;
	title?: string;
	select?: SelectSpec;
};

const column = object(
	{
		key: text('Field name in each row object (or position label for array rows)', 200),
		label: text('Column header; defaults to the key, humanised', 200),
		type: oneOf(
			['text', 'number', 'date', 'link', 'image', 'badge', 'boolean'],
			'How cells render and sort; inferred from the values when omitted'
		),
		format: oneOf(
			['auto', 'integer', 'decimal', 'percent', 'compact', 'currency'],
			'Number format (number columns); percent expects 0.12 for 12%'
		),
		currency: {
			type: 'string',
			pattern: '^[A-Z]{3}$',
			description: 'ISO currency code for format "currency", e.g. EUR'
		},
		labelKey: text('For link columns: the field holding the link text', 200),
		width: { type: 'number', minimum: 40, maximum: 800, description: 'Initial width in pixels' }
	},
	['key']
);

export const dataTableDefinition: WidgetDefinition<DataTableParams> = {
	name: 'data-table',
	title: 'Table',
	description:
		'A sortable, filterable table of rows with typed columns (number, date, link, image, badge), CSV export and smooth scrolling for very many rows.',
	category: 'data',
	schema: object(
		{
			rows: {
				type: 'array',
				maxItems: 500_000,
				description: 'The rows: objects keyed by column key (preferred), or arrays in column order',
				items: {
					type: ['object', 'array'],
					additionalProperties: scalar('A cell value'),
					items: scalar('A cell value')
				}
			},
			columns: list(column, 'Column order, labels and types; inferred from the rows when omitted', { max: 200 }),
			sort: object(
				{ key: text('Column key to sort by', 200), direction: oneOf(['asc', 'desc'], 'Sort direction') },
				['key'],
				'Initial sort'
			),
			caption: text('A sentence describing the table, read by screen readers and shown under it', 500),
			title,
			select: selectProperty
		},
		['rows']
	),
	example: {
		caption: 'Largest cities of the Nordic countries, 2023 estimates.',
		columns: [
			{ key: 'city', label: 'City', type: 'text' },
			{ key: 'country', label: 'Country', type: 'badge' },
			{ key: 'population', label: 'Population', type: 'number', format: 'integer' },
			{ key: 'growth', label: 'Growth', type: 'number', format: 'percent' },
			{ key: 'updated', label: 'Updated', type: 'date' },
			{ key: 'wiki', label: 'Article', type: 'link', labelKey: 'city' }
		],
		rows: [
			{
				city: 'Stockholm',
				country: 'Sweden',
				population: 984748,
				growth: 0.011,
				updated: '2023-12-31',
				wiki: 'https://en.wikipedia.org/wiki/Stockholm'
			},
			{
				city: 'Oslo',
				country: 'Norway',
				population: 709037,
				growth: 0.014,
				updated: '2024-01-01',
				wiki: 'https://en.wikipedia.org/wiki/Oslo'
			},
			{
				city: 'Copenhagen',
				country: 'Denmark',
				population: 660842,
				growth: 0.009,
				updated: '2024-01-01',
				wiki: 'https://en.wikipedia.org/wiki/Copenhagen'
			},
			{
				city: 'Helsinki',
				country: 'Finland',
				population: 674500,
				growth: 0.006,
				updated: '2023-12-31',
				wiki: 'https://en.wikipedia.org/wiki/Helsinki'
			},
			{
				city: 'Gothenburg',
				country: 'Sweden',
				population: 596841,
				growth: '0.8%',
				updated: '2023-12-31',
				wiki: 'https://en.wikipedia.org/wiki/Gothenburg'
			},
			{
				city: 'Reykjavík',
				country: 'Iceland',
				population: 139875,
				growth: 0.017,
				updated: '2024-01-01',
				wiki: 'https://en.wikipedia.org/wiki/Reykjav%C3%ADk'
			}
		],
		sort: { key: 'population', direction: 'desc' }
	},
	recipe: {
		whenToUse:
			'Exact values across several fields for many items — records from a query, lists of entities, anything a reader scans, sorts or exports. For one number use stat, for key/value pairs of one item use kv, for trends or comparisons prefer a chart.',
		howToUse:
			'Pass `rows` as objects with the same keys. Add `columns` to set order, labels and types: number (with format integer/decimal/percent/compact/currency), date, link (URL; labelKey names the text field), image (thumbnail URL), badge (short status text), boolean. Send all rows you have — the table scrolls 200,000 rows smoothly; readers can filter, sort and export CSV.'
	},
	defaultSize: { w: 640, h: 360 },
	naturalSize: (params) => {
		const rows = normalizeRows(params.rows, params.columns);
		const columns = resolveColumns(params.columns, rows);
		const width = columns.reduce((total, column) => total + column.width, 0) + 24;
		const shown = Math.min(rows.length, 14);
		return frameFor(
			Math.max(360, width),
			48 + 33 + Math.max(1, shown) * 32 + (params.caption ? textLines(params.caption, width) * 18 + 12 : 0) + 12
		);
	},
	keywords: ['table', 'grid', 'rows', 'records', 'spreadsheet', 'list', 'csv', 'data'],
	drawIssues: (params) => [...dataTableIssues(params), ...selectIssues(params, params.rows)]
};
