/** Vega-Lite spec of the `heatmap` widget. */
import { channel, coerce, missingFields, rowsOf } from '../charts/prepare';
import type { HeatmapParams } from './definition';

/** The spec, the rows for the table view and any problems with the params. */
export function heatmapSpec(params: HeatmapParams) {
	const raw = rowsOf(params.data);
	const problems = missingFields(raw, { x: params.x, y: params.y, value: params.value });
	const data = coerce(raw, [params.value]);
	const showValues = params.showValues ?? data.length <= 120;
	const numbers = data.map((row) => row[params.value]).filter((value): value is number => typeof value === 'number');
	// Viridis is dark at the low end and light at the high end in both themes, so text flips at the middle.
	const middle = numbers.length ? (Math.min(...numbers) + Math.max(...numbers)) / 2 : 0;
	const x = channel(params.x, 'ordinal', params.xTitle, { sort: null, axis: { labelAngle: 0, labelOverlap: true } });
	const y = channel(params.y, 'ordinal', params.yTitle, { sort: null });
	const layer: Record<string, unknown>[] = [
		{
			mark: { type: 'rect', tooltip: true },
			encoding: {
				x,
				y,
				color: channel(params.value, 'quantitative', params.valueTitle ?? null, {
					scale: { scheme: 'viridis' },
					legend: { orient: 'right', gradientLength: 120 }
				}),
				tooltip: [
					channel(params.y, 'ordinal', params.yTitle),
					channel(params.x, 'ordinal', params.xTitle),
					channel(params.value, 'quantitative', params.valueTitle, { format: ',.4~g' })
				]
			}
		}
	];
	if (showValues) {
		layer.push({
			mark: { type: 'text', fontSize: 11 },
			encoding: {
				x,
				y,
				text: channel(params.value, 'quantitative', undefined, { format: ',.3~s' }),
				color: { condition: { test: { field: params.value, gt: middle }, value: '#1a1d23' }, value: '#ffffff' }
			}
		});
	}
	return {
		spec: { data: { values: data }, layer, config: { axis: { grid: false, domain: false, ticks: false } } },
		rows: data,
		problems,
		label: params.description || `Heatmap of ${params.value} by ${params.x} and ${params.y}`
	};
}
