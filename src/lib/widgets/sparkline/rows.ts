/**
 * The sparkline's rows form: `data` rows oldest first, `y` naming the column of the series
 * and `x` (optional) the column whose first and last values label the ends.
 */
import type { DrawIssue } from '../types';
import { fieldIssues } from '../charts/field-check';
import { rowsOf } from '../charts/prepare';
import { toArray, toText } from '../shared/values';
import type { SparklineParams } from './definition';

/** Params with the values of the `y` column appended to `values` and end labels from `x`. */
export function sparklineWithRows(params: SparklineParams): SparklineParams {
	if (!Array.isArray(params.data) || typeof params.y !== 'string') return params;
	const y = params.y;
	const rows = rowsOf(params.data);
	const values = rows.map((row) => {
		const value = row[y];
		return typeof value === 'number' || typeof value === 'string' ? value : null;
	});
	const end = (row: Record<string, unknown> | undefined) =>
		params.x && row ? toText(row[params.x]) || undefined : undefined;
	return {
		...params,
		values: [...toArray<number | string | null>(params.values), ...values],
		startLabel: params.startLabel ?? end(rows[0]),
		endLabel: params.endLabel ?? end(rows.at(-1))
	};
}

/** Named columns absent from the rows, a `y` column without numbers. */
export function sparklineRowIssues(params: SparklineParams): DrawIssue[] {
	if (!Array.isArray(params.data)) return [];
	return fieldIssues(params.data, [
		{ path: '/y', names: params.y, numeric: true },
		{ path: '/x', names: params.x }
	]);
}
