/** Vega-Lite spec of the `bar` widget. */
import { describe, prepareXY } from '../charts/prepare';
import type { BarParams } from './definition';

/** Above this many categories, stacked bars have square ends (see the stack below). */
const manyStacks = 60;

/** The spec, the rows for the table view and any problems with the params. */
export function barSpec(params: BarParams) {
	const prepared = prepareXY(params);
	const layout = params.layout ?? 'stacked';
	const categoryAxis: Record<string, unknown> = { ...prepared.x };
	const categories = new Set(prepared.data.map((row) => row[params.x])).size;
	if (prepared.xType === 'nominal' || prepared.xType === 'ordinal') {
		if (params.sort === 'none') categoryAxis.sort = null;
		const many = categories > 150;
		// Hundreds of category labels are unreadable and costly to lay out; the tooltip and table carry them.
		if (many) categoryAxis.axis = { labels: false, ticks: false };
		else if (!params.horizontal) categoryAxis.axis = { labelAngle: 0, labelOverlap: true, labelLimit: 90 };
		if (params.sort === '-y' || params.sort === 'y')
			categoryAxis.sort = {
				field: prepared.yField,
				op: 'sum',
				order: params.sort === '-y' ? 'descending' : 'ascending'
			};
	}
	// One bar per category needs no stacking; Vega-Lite draws the rounded ends of stacked bars
	// with one group per category, so charts with many categories stack with square ends.
	const single = !prepared.colorField && categories === prepared.data.length;
	const stack = layout === 'normalized' ? 'normalize' : layout === 'grouped' || single ? null : 'zero';
	const valueAxis: Record<string, unknown> = { ...prepared.y, stack };
	if (layout === 'normalized') valueAxis.axis = { format: '%' };
	const encoding: Record<string, unknown> = params.horizontal
		? { y: categoryAxis, x: valueAxis }
		: { x: categoryAxis, y: valueAxis };
	if (prepared.color) {
		encoding.color = prepared.color;
		if (layout === 'grouped') encoding[params.horizontal ? 'yOffset' : 'xOffset'] = { field: prepared.colorField };
	}
	encoding.tooltip = prepared.tooltip;
	return {
		spec: {
			data: { values: prepared.data },
			mark: { type: 'bar', tooltip: true, ...(stack && categories > manyStacks ? { cornerRadiusEnd: 0 } : {}) },
			encoding
		},
		rows: prepared.data,
		problems: prepared.problems,
		label: describe('Bar chart', params, params.y, params.x)
	};
}
