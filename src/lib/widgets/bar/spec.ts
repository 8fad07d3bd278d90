/** Vega-Lite spec of the `bar` widget. */
import { describe, prepareXY } from '../charts/prepare';
import type { BarParams } from './definition';

/** The spec, the rows for the table view and any problems with the params. */
export function barSpec(params: BarParams) {
	const prepared = prepareXY(params);
	const layout = params.layout ?? 'stacked';
	const categoryAxis: Record<string, unknown> = { ...prepared.x };
	if (prepared.xType === 'nominal' || prepared.xType === 'ordinal') {
		if (params.sort === 'none') categoryAxis.sort = null;
		const many = new Set(prepared.data.map((row) => row[params.x])).size > 150;
		// Hundreds of category labels are unreadable and costly to lay out; the tooltip and table carry them.
		if (many) categoryAxis.axis = { labels: false, ticks: false };
		else if (!params.horizontal) categoryAxis.axis = { labelAngle: 0, labelOverlap: true, labelLimit: 90 };
		if (params.sort === '-y' || params.sort === 'y') categoryAxis.sort = { field: prepared.yField, op: 'sum', order: params.sort === '-y' ? 'descending' : 'ascending' };
	}
	const valueAxis: Record<string, unknown> = { ...prepared.y, stack: layout === 'normalized' ? 'normalize' : layout === 'grouped' ? null : 'zero' };
	if (layout === 'normalized') valueAxis.axis = { format: '%' };
	const encoding: Record<string, unknown> = params.horizontal ? { y: categoryAxis, x: valueAxis } : { x: categoryAxis, y: valueAxis };
	if (prepared.color) {
		encoding.color = prepared.color;
		if (layout === 'grouped') encoding[params.horizontal ? 'yOffset' : 'xOffset'] = { field: prepared.colorField };
	}
	encoding.tooltip = prepared.tooltip;
	return {
		spec: { data: { values: prepared.data }, mark: { type: 'bar', tooltip: true }, encoding },
		rows: prepared.data,
		problems: prepared.problems,
		label: describe('Bar chart', params, params.y, params.x)
	};
}
