/** Vega-Lite spec of the `area` widget. */
import { describe, prepareXY } from '../charts/prepare';
import type { AreaParams } from './definition';

/** The spec, the rows for the table view and any problems with the params. */
export function areaSpec(params: AreaParams) {
	const prepared = prepareXY(params);
	const layout = params.layout ?? 'stacked';
	const encoding: Record<string, unknown> = {
		x: { ...prepared.x, ...(prepared.xType === 'nominal' ? { sort: null } : {}) },
		y: {
			...prepared.y,
			stack: layout === 'normalized' ? 'normalize' : layout === 'overlap' ? null : 'zero',
			...(layout === 'normalized' ? { axis: { format: '%' } } : {})
		},
		tooltip: prepared.tooltip
	};
	if (prepared.color) encoding.color = prepared.color;
	return {
		spec: {
			data: { values: prepared.data },
			mark: { type: 'area', line: true, opacity: layout === 'overlap' ? 0.45 : 0.8, tooltip: true },
			encoding
		},
		rows: prepared.data,
		problems: prepared.problems,
		label: describe('Area chart', params, params.y, params.x)
	};
}
