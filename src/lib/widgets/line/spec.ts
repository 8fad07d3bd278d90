/** Vega-Lite spec of the `line` widget. */
import { describe, prepareXY } from '../charts/prepare';
import type { LineParams } from './definition';

/** The spec, the rows for the table view and any problems with the params. */
export function lineSpec(params: LineParams) {
	const prepared = prepareXY(params);
	const points = params.points ?? prepared.data.length <= 40;
	const encoding: Record<string, unknown> = {
		x: { ...prepared.x, ...(prepared.xType === 'nominal' ? { sort: null } : {}) },
		y: { ...prepared.y, scale: { zero: params.zero ?? false } },
		tooltip: prepared.tooltip
	};
	if (prepared.color) encoding.color = prepared.color;
	return {
		spec: {
			data: { values: prepared.data },
			mark: {
				type: 'line',
				point: points,
				interpolate: params.interpolate === 'step' ? 'step-after' : (params.interpolate ?? 'linear'),
				tooltip: true
			},
			encoding
		},
		rows: prepared.data,
		problems: prepared.problems,
		label: describe('Line chart', params, params.y, params.x)
	};
}
