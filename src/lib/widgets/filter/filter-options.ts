/**
 * The choices of a filter: written-out values, or rows (a source's `{"$ref": "source#/rows"}`)
 * whose `field` column holds them — distinct, in order, empty cells left out, at most 1,000.
 */
import { isPlainObject, type ParamScalar } from '$lib/shared';
import { selectionValue } from '../shared/select-param';
import type { FilterParams } from './definition';

/** The most choices a filter lists. */
export const maxFilterOptions = 1000;

/** The distinct choices of `params.options`. */
export function filterOptions(params: Pick<FilterParams, 'options' | 'field'>): ParamScalar[] {
	const options = Array.isArray(params.options) ? params.options : [];
	const seen = new Set<ParamScalar>();
	for (const option of options) {
		const cell = isPlainObject(option) ? (params.field ? option[params.field] : undefined) : option;
		const value = selectionValue(cell);
		if (value === undefined || value === '' || seen.has(value)) continue;
		seen.add(value);
		if (seen.size >= maxFilterOptions) break;
	}
	return [...seen];
}

/** A range value from two inputs: `[from, to]` when both ends are known (filled in from min/max), else null. */
export function rangeValue<T extends number | string>(
	from: T | undefined,
	to: T | undefined,
	min?: T,
	max?: T
): [T, T] | null {
	const low = from ?? min;
	const high = to ?? max;
	if (from === undefined && to === undefined) return null;
	if (low === undefined || high === undefined) return null;
	return low <= high ? [low, high] : [high, low];
}
