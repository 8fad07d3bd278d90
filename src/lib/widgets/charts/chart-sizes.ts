/**
 * Natural sizes of the typed charts other than bar and pie: room for the plot, the axis
 * labels and a legend, estimated from the rows and the fields the params name. Each
 * estimate stays close to the chart's default size and grows only with what the data needs
 * (many categories, many series, long labels).
 */
import { charWidth, frameFor, longestText } from '../shared/natural-size';
import { rowsOf, type Row } from './prepare';

/** The distinct values of `field` across `rows` (none for a missing field). */
export function distinctOf(rows: readonly Row[], field: unknown): unknown[] {
	if (typeof field !== 'string' || !field) return [];
	return [
		...new Set(rows.map((row) => row[field]).filter((value) => value !== undefined && value !== null && value !== ''))
	];
}

/** Width of a legend listing `labels` (none for fewer than two), in pixels. */
export function legendWidth(labels: readonly unknown[]): number {
	if (labels.length < 2) return 0;
	return Math.min(220, longestText(labels) * charWidth + 48);
}

/** Height a legend of `count` entries needs, one line each, in pixels. */
function legendHeight(count: number): number {
	return count < 2 ? 0 : count * 20 + 48;
}

/** Width a vertical axis needs for `labels`, in pixels. */
function axisLabelWidth(labels: readonly unknown[]): number {
	return Math.min(200, longestText(labels) * charWidth + 40);
}

type XY = { data?: unknown; x?: unknown; y?: unknown; color?: unknown };

/** The series an x/y chart draws: the `y` fields when several, else the colour field's values. */
function seriesOf(params: XY, rows: readonly Row[]): unknown[] {
	if (Array.isArray(params.y) && params.y.length > 1) return params.y;
	return distinctOf(rows, params.color);
}

/** Line, area and scatter charts: wider for long x ranges, a legend column for several series. */
export function xySize(params: XY, base: { w: number; h: number }): { w: number; h: number } {
	const rows = rowsOf(params.data);
	const series = seriesOf(params, rows);
	const points = distinctOf(rows, params.x).length;
	const width = Math.max(base.w, Math.min(880, points * 6 + 160)) + legendWidth(series);
	return frameFor(width, Math.max(base.h - 32, legendHeight(series.length)));
}

/** A histogram: a bar per bin, the default of about 20 bins fitting its default width. */
export function histogramSize(params: { bins?: unknown; data?: unknown; color?: unknown }): { w: number; h: number } {
	const bins = typeof params.bins === 'number' && Number.isFinite(params.bins) ? params.bins : 20;
	const color = distinctOf(rowsOf(params.data), params.color);
	return frameFor(Math.max(520, Math.min(880, bins * 16 + 160)) + legendWidth(color), 288);
}

/** A heatmap: a column per x value, a row per y value, y labels on the left, a colour legend on the right. */
export function heatmapSize(params: { data?: unknown; x?: unknown; y?: unknown }): { w: number; h: number } {
	const rows = rowsOf(params.data);
	const xs = distinctOf(rows, params.x);
	const ys = distinctOf(rows, params.y);
	const cell = Math.max(24, Math.min(64, longestText(xs) * charWidth + 8));
	return frameFor(axisLabelWidth(ys) + xs.length * cell + 120, ys.length * 24 + 110);
}

/** A box plot: a box per group side by side, or one under another when horizontal. */
export function boxplotSize(params: { data?: unknown; x?: unknown; horizontal?: unknown }): { w: number; h: number } {
	const groups = distinctOf(rowsOf(params.data), params.x);
	const count = Math.max(1, groups.length);
	if (params.horizontal) return frameFor(axisLabelWidth(groups) + 420, Math.max(240, count * 40 + 96));
	return frameFor(Math.max(480, count * 64 + 120), 308);
}

/** A Vega-Lite chart: its own width and height when set, wider with a colour legend, else the default. */
export function specSize(params: { spec?: unknown }): { w: number; h: number } {
	const spec = (params.spec && typeof params.spec === 'object' ? params.spec : {}) as Record<string, unknown>;
	const encoding = (spec.encoding && typeof spec.encoding === 'object' ? spec.encoding : {}) as Record<string, unknown>;
	const data = (spec.data && typeof spec.data === 'object' ? spec.data : {}) as Record<string, unknown>;
	const color =
		encoding.color && typeof encoding.color === 'object'
			? (encoding.color as Record<string, unknown>).field
			: undefined;
	const legend = legendWidth(distinctOf(rowsOf(data.values), color));
	const facet =
		spec.facet || encoding.row || encoding.column || spec.repeat || spec.concat || spec.hconcat || spec.vconcat;
	const width = typeof spec.width === 'number' ? spec.width + 120 : facet ? 760 : 600;
	const height = typeof spec.height === 'number' ? spec.height + 90 : facet ? 488 : 328;
	return frameFor(width + legend, height);
}
