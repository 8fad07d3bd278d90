/** Vega-Lite spec of the `boxplot` widget. */
import { channel, coerce, missingFields, rowsOf } from '../charts/prepare';
import type { BoxplotParams } from './definition';

/** The spec, the rows for the table view and any problems with the params. */
export function boxplotSpec(params: BoxplotParams) {
	const raw = rowsOf(params.data);
	const problems = missingFields(raw, { x: params.x, y: params.y });
	const data = coerce(raw, [params.y]).filter((row) => typeof row[params.y] === 'number');
	const value = channel(params.y, 'quantitative', params.yTitle, { scale: { zero: false } });
	const encoding: Record<string, unknown> = params.horizontal ? { x: value } : { y: value };
	if (params.x) {
		const group = channel(params.x, 'nominal', params.xTitle, {
			sort: null,
			...(params.horizontal ? {} : { axis: { labelAngle: 0 } })
		});
		encoding[params.horizontal ? 'y' : 'x'] = group;
		encoding.color = channel(params.x, 'nominal', undefined, { legend: null });
	}
	return {
		spec: {
			data: { values: data },
			mark: {
				type: 'boxplot',
				extent: params.extent === 'min-max' ? 'min-max' : 1.5,
				size: 36,
				median: { color: '#ffffff' },
				tooltip: true
			},
			encoding
		},
		rows: data,
		problems,
		label: params.description || `Box plot of ${params.y}${params.x ? ` by ${params.x}` : ''}`
	};
}
