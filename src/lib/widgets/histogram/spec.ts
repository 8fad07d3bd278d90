/** Vega-Lite spec of the `histogram` widget. */
import { channel, coerce, missingFields, rowsOf } from '../charts/prepare';
import { toNumber } from '../shared/values';
import type { HistogramParams } from './definition';

/** The spec, the rows for the table view and any problems with the params. */
export function histogramSpec(params: HistogramParams) {
	const field = params.x ?? 'value';
	const fromValues = Array.isArray(params.values) && !params.data;
	const raw = fromValues ? (params.values ?? []).map((value) => ({ [field]: value })) : rowsOf(params.data);
	const problems = fromValues ? [] : missingFields(raw, { x: params.x, color: params.color });
	if (!fromValues && !params.x) problems.push('name the numeric field in `x`, or pass the numbers in `values`');
	const data = coerce(raw, [field]).filter((row) => toNumber(row[field]) !== undefined);
	const encoding: Record<string, unknown> = {
		x: channel(field, 'quantitative', params.xTitle ?? (fromValues ? null : undefined), {
			bin: { maxbins: params.bins ?? 20 }
		}),
		// One bar per bin needs no stacking (stacked bars get one Vega group per bin for their rounded ends).
		y: { aggregate: 'count', type: 'quantitative', title: 'Count', ...(params.color ? {} : { stack: null }) },
		tooltip: [
			channel(field, 'quantitative', params.xTitle, { bin: { maxbins: params.bins ?? 20 } }),
			{ aggregate: 'count', type: 'quantitative', title: 'Count' }
		]
	};
	if (params.color) encoding.color = channel(params.color, 'nominal');
	return {
		spec: { data: { values: data }, mark: { type: 'bar', tooltip: true, binSpacing: 1 }, encoding },
		rows: data,
		problems,
		label: params.description || `Histogram of ${params.xTitle ?? field}`
	};
}
