/**
 * The KPI grid's rows form, two ways round:
 * - one figure per row: `label` and `value` name the columns (`unit`, `delta`, `trend`,
 *   `description` optional), e.g. the rows of a GROUP BY;
 * - one figure per column of a one-row result (a summary query): `fields` picks, orders and
 *   labels the columns; without `fields` and `label`/`value`, every column becomes a figure.
 */
import { isPlainObject } from '$lib/shared';
import type { DrawIssue } from '../types';
import type { StatParams } from '../stat/definition';
import { fieldIssues } from '../charts/field-check';
import { fieldsOf, rowsOf } from '../charts/prepare';
import { itemsFromRows, rowIssues, type RowBinding } from '../shared/row-binding';
import { toArray } from '../shared/values';
import type { KpiField, KpiGridParams } from './definition';

/** Most figures a grid shows. */
export const maxFigures = 24;

/** Columns of the one-figure-per-row form. */
export const kpiBinding: RowBinding = {
	label: { key: 'label', description: 'the name of each figure (one figure per row)', required: true },
	value: { key: 'value', description: 'the value of each figure', required: true },
	unit: { key: 'unit', description: 'the unit of each figure' },
	delta: { key: 'delta', description: 'the change of each figure' },
	trend: { key: 'trend', description: 'the direction of each figure: up, down or flat' },
	description: { key: 'description', description: 'a short sentence under each figure' }
};

/** "avg_delay_min" → "Avg delay min": a readable label for a column name. */
export function labelFor(column: string): string {
	const words = column.replace(/[_\s]+/g, ' ').trim();
	return words.charAt(0).toUpperCase() + words.slice(1);
}

function perRow(params: KpiGridParams): boolean {
	return typeof params.label === 'string' || typeof params.value === 'string';
}

/** The figures `fields` (or every column) make from the first row. */
function perColumn(params: KpiGridParams): StatParams[] {
	const [row] = rowsOf(params.data);
	if (!row) return [];
	const fields: KpiField[] = params.fields ?? fieldsOf([row]);
	return fields.map((field) => {
		const spec = typeof field === 'string' ? { field } : field;
		const cell = row[spec.field];
		return {
			label: spec.label ?? labelFor(spec.field),
			value:
				typeof cell === 'number' || typeof cell === 'string'
					? cell
					: cell === null || cell === undefined
						? '—'
						: String(cell),
			...(spec.unit ? { unit: spec.unit } : {}),
			...(spec.description ? { description: spec.description } : {})
		};
	});
}

/** The figures to draw: `items` as given, else those the rows make (at most {@link maxFigures}). */
export function kpiItems(params: KpiGridParams): StatParams[] {
	if (!Array.isArray(params.data)) return toArray<StatParams>(params.items).filter(isPlainObject);
	const figures = perRow(params) ? (itemsFromRows(params, kpiBinding) as StatParams[]) : perColumn(params);
	return [...toArray<StatParams>(params.items).filter(isPlainObject), ...figures].slice(0, maxFigures);
}

/** Named columns absent from the rows, too many figures, several rows without `label`/`value`. */
export function kpiRowIssues(params: KpiGridParams): DrawIssue[] {
	if (!Array.isArray(params.data)) return [];
	const rows = rowsOf(params.data);
	if (perRow(params)) {
		const missing = (['label', 'value'] as const)
			.filter((param) => typeof params[param] !== 'string')
			.map((param) => ({
				path: `/${param}`,
				message: `with \`label\` or \`value\`, give both: the columns holding each figure's name and value; columns are: ${fieldsOf(rows).join(', ') || '(none)'}`
			}));
		const issues = [...missing, ...rowIssues(params, kpiBinding)];
		if (!issues.length && rows.length > maxFigures)
			issues.push({
				path: '/data',
				message: `${rows.length} rows make ${rows.length} figures; a KPI grid shows at most ${maxFigures}: filter or LIMIT the query, or use a data-table or bar chart`
			});
		return issues;
	}
	if (rows.length > 1) {
		return [
			{
				path: '/data',
				message: `${rows.length} rows: without \`label\` and \`value\` a KPI grid shows the columns of one row; name the columns holding each figure's name (\`label\`) and value (\`value\`) for one figure per row, or bind one row`
			}
		];
	}
	const fields = toArray<KpiField>(params.fields).map((field) => (typeof field === 'string' ? field : field.field));
	const issues = fieldIssues(rows, [{ path: '/fields', names: fields }]);
	const count = fields.length || fieldsOf(rows).length;
	if (count > maxFigures)
		issues.push({
			path: params.fields ? '/fields' : '/data',
			message: `${count} figures; a KPI grid shows at most ${maxFigures}: list the columns to show in \`fields\``
		});
	return issues;
}
