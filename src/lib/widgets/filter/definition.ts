/** `filter`: a control that sets a canvas parameter (select, multiselect, range, dates, search, toggle). */
import type { DrawIssue, WidgetDefinition } from '../types';
import type { ParamValue } from '$lib/shared';
import { object, oneOf, text, title } from '../shared/schema';
import { frameFor } from '../shared/natural-size';
import { filterOptions } from './filter-options';

/** The kinds of control. */
export const filterControls = ['select', 'multiselect', 'range', 'date-range', 'search', 'toggle'] as const;
export type FilterControl = (typeof filterControls)[number];

export type FilterParams = {
	param: string;
	control: FilterControl;
	label?: string;
	options?: unknown[];
	field?: string;
	min?: number | string;
	max?: number | string;
	step?: number;
	default?: ParamValue;
	title?: string;
};

const scalar = { type: ['string', 'number', 'boolean'] };

function filterIssues(params: FilterParams): DrawIssue[] {
	const issues: DrawIssue[] = [];
	const options = Array.isArray(params.options) ? params.options : [];
	const rows = options.filter((option) => option !== null && typeof option === 'object');
	if (rows.length && !params.field)
		issues.push({ path: '/field', message: 'options are rows: name the column holding the choices in `field`' });
	else if (
		rows.length &&
		params.field &&
		!rows.slice(0, 200).some((row) => Object.hasOwn(row as object, params.field!))
	) {
		const fields = [...new Set(rows.slice(0, 50).flatMap((row) => Object.keys(row as object)))].slice(0, 30);
		issues.push({
			path: '/field',
			message: `"${params.field}" is not a field of the option rows; fields are: ${fields.join(', ')}`
		});
	}
	if ((params.control === 'select' || params.control === 'multiselect') && !options.length) {
		issues.push({
			path: '/options',
			message: `a ${params.control} needs options: values, or rows (e.g. {"$ref": "source#/rows"}) with \`field\``
		});
	}
	if (typeof params.min === 'number' && typeof params.max === 'number' && params.min > params.max)
		issues.push({ path: '/max', message: 'max is below min' });
	return issues;
}

export const filterDefinition: WidgetDefinition<FilterParams> = {
	name: 'filter',
	title: 'Filter',
	description:
		'A control (select, multi-select, number range, date range, search box or toggle) that sets a canvas parameter; widgets whose source binds it update.',
	category: 'interaction',
	schema: object(
		{
			param: {
				type: 'string',
				pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$',
				description: 'The canvas parameter the control sets, e.g. "origin"'
			},
			control: oneOf(
				filterControls,
				'select: one value; multiselect: a list; range: [from, to] numbers; date-range: [from, to] dates; search: text; toggle: true or unset'
			),
			label: text('Label shown beside the control (default: the parameter name)', 200),
			options: {
				type: 'array',
				maxItems: 5000,
				items: {
					type: ['string', 'number', 'boolean', 'object'],
					additionalProperties: { type: ['string', 'number', 'boolean', 'null'] }
				},
				description:
					'The choices of a select or multiselect: values, or rows (e.g. {"$ref": "source#/rows"}) with `field` naming the column'
			},
			field: text('With option rows: the column holding the choices', 200),
			min: {
				type: ['number', 'string'],
				description: 'Lowest value of a range (a number) or date-range (an ISO date)'
			},
			max: { type: ['number', 'string'], description: 'Highest value of a range or date-range' },
			step: { type: 'number', exclusiveMinimum: 0, description: "Step of a range's number inputs" },
			default: {
				type: ['string', 'number', 'boolean', 'array', 'null'],
				items: scalar,
				maxItems: 1000,
				description: 'The value set when the filter is displayed and its parameter is unset'
			},
			title
		},
		['param', 'control']
	),
	example: {
		param: 'origin',
		control: 'select',
		label: 'Origin',
		options: [{ Origin: 'Europe' }, { Origin: 'Japan' }, { Origin: 'USA' }],
		field: 'Origin'
	},
	recipe: {
		whenToUse:
			'Let the reader filter a dashboard: every widget whose source args hold {"$param": "<param>"} runs its query again with the chosen value, without you. Use select or multiselect for categories, range for numbers, date-range for periods, search for free text, toggle for yes/no.',
		howToUse:
			'`param` names the canvas parameter, `control` the kind. Fill a select from a query: display the filter with source {tool: query_sql, args: {sql: "SELECT DISTINCT Origin FROM cars ORDER BY 1"}}, `options: {"$ref": "source#/rows"}` and `field: "Origin"`. The bound sources use the value in SQL as a named parameter: args {sql: "… WHERE ($origin IS NULL OR Origin = $origin)", params: {origin: {"$param": "origin"}}} (unset is null). A multiselect gives a list: bind {"$param": "origins", "as": "list"} and use list_contains($origins, Origin); a range gives [from, to]: ($r IS NULL OR x BETWEEN $r[1] AND $r[2]). `default` is set when the parameter is unset.'
	},
	defaultSize: { w: 300, h: 110 },
	naturalSize: (params) => {
		const choices = params.control === 'multiselect' ? Math.min(10, filterOptions(params).length) : 0;
		return frameFor(params.control === 'range' || params.control === 'date-range' ? 360 : 300, 86 + choices * 26);
	},
	keywords: [
		'filter',
		'dropdown',
		'select',
		'slicer',
		'facet',
		'parameter',
		'dashboard',
		'search',
		'range',
		'date range',
		'toggle',
		'crossfilter'
	],
	drawIssues: filterIssues
};
