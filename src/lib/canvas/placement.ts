/**
 * Automatic placement of new widgets: the first free spot in reading order (left to right,
 * then top to bottom) within the canvas width, on the 8 px grid, never overlapping what is
 * already there. One agent turn's widgets share a band: the first opens a band below
 * everything, the next ones fill it in the order the answer gave them.
 */

/** A rectangle in canvas pixels. */
export interface Rect {
	x: number;
	y: number;
	w: number;
	h: number;
}

/** Grid step for snapping, in canvas pixels. */
export const gridSize = 8;
/** Space kept between placed widgets and from the canvas edge. */
export const placementGap = 16;

/** Rounds to the nearest grid line. */
export function snap(value: number, grid = gridSize): number {
	return Math.round(value / grid) * grid;
}

function overlaps(a: Rect, b: Rect, gap: number): boolean {
	return a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
}

/**
 * Finds where a widget of `size` goes. Candidate corners are the canvas origin and the
 * right and bottom edges of existing widgets; the first in reading order that fits within
 * `width` (or starts a row) without overlapping wins.
 */
export function placeWidget(
	existing: readonly Rect[],
	size: { w: number; h: number },
	width = 1200,
	accept: (x: number, y: number) => boolean = () => true
): { x: number; y: number } {
	const gap = placementGap;
	const xs = new Set([gap]);
	const ys = new Set([gap]);
	for (const rect of existing) {
		xs.add(snap(rect.x + rect.w + gap));
		ys.add(snap(rect.y + rect.h + gap));
	}
	const columns = [...xs].filter((x) => x >= gap).sort((a, b) => a - b);
	const rows = [...ys].filter((y) => y >= gap).sort((a, b) => a - b);
	for (const y of rows) {
		for (const x of columns) {
			if (x !== gap && x + size.w > width) break;
			if (!accept(x, y)) continue;
			const candidate = { x, y, w: size.w, h: size.h };
			if (!existing.some((rect) => overlaps(candidate, rect, gap - 1))) return { x, y };
		}
	}
	const bottom = existing.reduce((max, rect) => Math.max(max, rect.y + rect.h), 0);
	return { x: gap, y: snap(bottom + gap) };
}

/** The bounding box of rectangles, or undefined when there are none. */
export function boundingBox(rects: readonly Rect[]): Rect | undefined {
	if (rects.length === 0) return undefined;
	let left = Infinity;
	let top = Infinity;
	let right = -Infinity;
	let bottom = -Infinity;
	for (const rect of rects) {
		left = Math.min(left, rect.x);
		top = Math.min(top, rect.y);
		right = Math.max(right, rect.x + rect.w);
		bottom = Math.max(bottom, rect.y + rect.h);
	}
	return { x: left, y: top, w: right - left, h: bottom - top };
}

/** The lowest edge of `rects` (0 when there are none). */
export function bottomOf(rects: readonly Rect[]): number {
	return rects.reduce((max, rect) => Math.max(max, rect.y + rect.h), 0);
}

/**
 * The first free spot at or below `top` in reading order: like {@link placeWidget}, with
 * the rows above `top` left alone (a turn's band never fills holes of earlier turns) and,
 * given `after` (the band's previous widget), never before it in reading order, so the
 * band reads in the order of the answer.
 */
export function placeInBand(
	existing: readonly Rect[],
	size: { w: number; h: number },
	width: number,
	top: number,
	after?: { x: number; y: number }
): { x: number; y: number } {
	const shift = top - placementGap;
	const below = existing.filter((rect) => rect.y + rect.h > top).map((rect) => ({ ...rect, y: rect.y - shift }));
	const accept = after
		? (x: number, y: number) => y + shift > after.y || (y + shift === after.y && x > after.x)
		: undefined;
	const spot = placeWidget(below, size, width, accept);
	return { x: spot.x, y: spot.y + shift };
}

/** Where a new band starts: one gap below everything (at the origin on an empty canvas). */
export function newBandTop(existing: readonly Rect[]): number {
	return existing.length ? snap(bottomOf(existing) + 2 * placementGap) : placementGap;
}
