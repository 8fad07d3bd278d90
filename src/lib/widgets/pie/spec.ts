/** Vega-Lite spec of the `pie` and `donut` widgets. */
import { channel, coerce, missingFields, rowsOf, type Row } from '../charts/prepare';
import type { PieParams } from './definition';

/** The spec, the rows for the table view and any problems with the params. */
export function pieSpec(params: PieParams, donut = false) {
	const category = params.category ?? params.x ?? '';
	const value = params.value ?? params.y ?? '';
	const raw = rowsOf(params.data);
	const problems = missingFields(raw, { category, value });
	if (!category || !value) problems.push('name the slice field in `category` and the number field in `value`');
	const data = coerce(raw, [value]).filter((row) => typeof row[value] === 'number' && (row[value] as number) > 0);
	const total = data.reduce((sum, row) => sum + (row[value] as number), 0);
	const rows: Row[] = data
		.map((row): Row => ({ ...row, share: total ? (row[value] as number) / total : 0 }))
		.sort((a, b) => (b[value] as number) - (a[value] as number));
	const ring = donut || params.donut === true;
	const theta = channel(value, 'quantitative', undefined, { stack: true });
	const order = { field: value, type: 'quantitative', sort: 'descending' };
	const color = channel(category, 'nominal', null, { sort: { field: value, order: 'descending' } });
	const layer: Record<string, unknown>[] = [
		{
			mark: {
				type: 'arc',
				innerRadius: ring ? { expr: 'min(width, height) * 0.22' } : 0,
				padAngle: ring ? 0.01 : 0,
				tooltip: true
			},
			encoding: {
				theta,
				color,
				order,
				tooltip: [
					channel(category, 'nominal'),
					channel(value, 'quantitative', undefined, { format: ',.4~g' }),
					{ field: 'share', type: 'quantitative', title: 'Share', format: '.1%' }
				]
			}
		}
	];
	if (ring && params.centerLabel) {
		layer.push({
			data: { values: [{ label: params.centerLabel }] },
			mark: { type: 'text', fontSize: 18, fontWeight: 600 },
			encoding: { text: { field: 'label' } }
		});
	}
	return {
		spec: { data: { values: rows }, layer, view: { stroke: null } },
		rows,
		problems,
		label: params.description || `${ring ? 'Donut' : 'Pie'} chart of ${value} by ${category}`,
		fields: [category, value, 'share']
	};
}
