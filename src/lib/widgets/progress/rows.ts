/**
 * Progress bars from rows: with `data`, `label` and `value` name the columns of each bar's
 * name and amount, and `max` is either the column of each bar's goal or one goal for all
 * (a number); `unit` stays the unit text of every bar.
 */
import type { DrawIssue } from '../types';
import { fieldIssues } from '../charts/field-check';
import { fieldsOf, rowsOf } from '../charts/prepare';
import { toArray, toNumber } from '../shared/values';
import type { ProgressItem, ProgressParams } from './definition';

/** The column `max` names, when it is not a number. */
function maxColumn(params: ProgressParams): string | undefined {
	return typeof params.max === 'string' && toNumber(params.max) === undefined ? params.max : undefined;
}

/** Params whose `items` include one bar per row of `data`. */
export function progressWithRows(params: ProgressParams): ProgressParams {
	if (!Array.isArray(params.data) || typeof params.label !== 'string' || typeof params.value !== 'string')
		return params;
	const { label, value } = params;
	const goal = maxColumn(params);
	const bars = rowsOf(params.data).map((row): ProgressItem => {
		const max = goal ? row[goal] : params.max;
		return {
			label: String(row[label] ?? ''),
			value: (row[value] ?? 0) as number | string,
			...(max !== undefined && max !== null ? { max: max as number | string } : {}),
			...(params.unit ? { unit: params.unit } : {})
		};
	});
	return { ...params, items: [...toArray<ProgressItem>(params.items), ...bars] };
}

/** Named columns absent from the rows, amounts or goals without numbers. */
export function progressRowIssues(params: ProgressParams): DrawIssue[] {
	if (!Array.isArray(params.data)) return [];
	const unnamed = (['label', 'value'] as const).filter((param) => typeof params[param] !== 'string');
	if (unnamed.length)
		return unnamed.map((param) => ({
			path: `/${param}`,
			message: `with \`data\`, \`${param}\` names a column (of each bar's ${param === 'label' ? 'name' : 'amount'}); columns are: ${fieldsOf(rowsOf(params.data)).join(', ') || '(none)'}`
		}));
	return fieldIssues(params.data, [
		{ path: '/label', names: typeof params.label === 'string' ? params.label : undefined },
		{ path: '/value', names: typeof params.value === 'string' ? params.value : undefined, numeric: true },
		{ path: '/max', names: maxColumn(params), numeric: true }
	]);
}
