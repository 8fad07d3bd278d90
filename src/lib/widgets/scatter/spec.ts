/** Vega-Lite spec of the `scatter` widget. */
import { channel, coerce, inferType, missingFields, rowsOf } from '../charts/prepare';
import type { ScatterParams } from './definition';

/** The spec, the rows for the table view and any problems with the params. */
export function scatterSpec(params: ScatterParams) {
	const raw = rowsOf(params.data);
	const problems = missingFields(raw, {
		x: params.x,
		y: params.y,
		color: params.color,
		size: params.size,
		label: params.label
	});
	const xType =
		params.xType && params.xType !== 'nominal'
			? params.xType
			: inferType(raw, params.x) === 'temporal'
				? 'temporal'
				: 'quantitative';
	const numeric = [params.y, ...(xType === 'quantitative' ? [params.x] : []), ...(params.size ? [params.size] : [])];
	const data = coerce(raw, numeric, xType === 'temporal' ? [params.x] : []);
	const encoding: Record<string, unknown> = {
		x: channel(params.x, xType, params.xTitle, { scale: { zero: false } }),
		y: channel(params.y, 'quantitative', params.yTitle, { scale: { zero: false } }),
		tooltip: [
			...(params.label ? [channel(params.label, 'nominal')] : []),
			channel(params.x, xType, params.xTitle),
			channel(params.y, 'quantitative', params.yTitle),
			...(params.color ? [channel(params.color, 'nominal')] : []),
			...(params.size ? [channel(params.size, 'quantitative')] : [])
		]
	};
	if (params.color) encoding.color = channel(params.color, 'nominal');
	if (params.color) encoding.shape = channel(params.color, 'nominal');
	if (params.size) encoding.size = channel(params.size, 'quantitative', undefined, { scale: { range: [30, 1400] } });
	const points = { mark: { type: 'point', filled: true, opacity: params.size ? 0.6 : 0.85, tooltip: true }, encoding };
	const layer: Record<string, unknown>[] = [points];
	if (params.label && data.length <= 60) {
		layer.push({
			mark: { type: 'text', align: 'left', dx: 7, dy: -6, fontSize: 10 },
			encoding: { x: encoding.x, y: encoding.y, text: channel(params.label, 'nominal') }
		});
	}
	if (params.trendline) {
		layer.push({
			mark: { type: 'line', strokeDash: [4, 3], opacity: 0.7 },
			transform: [{ regression: params.y, on: params.x }],
			encoding: { x: encoding.x, y: encoding.y }
		});
	}
	return {
		spec: { data: { values: data }, layer },
		rows: data,
		problems,
		label: params.description || `Scatter plot of ${params.y} against ${params.x}`
	};
}
