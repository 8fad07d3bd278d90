/**
 * Which rows of a fixed-row-height list are rendered: the ones in the viewport plus a few
 * either side (overscan), so a short scroll shows rows that are already laid out while the
 * table catches up. Pure arithmetic, called once per scroll event.
 */

/** What the window depends on; all lengths in CSS pixels. */
export type WindowInput = {
	scrollTop: number;
	viewportHeight: number;
	rowHeight: number;
	count: number;
	overscan: number;
};

/** Positions [start, end) to render. */
export type RowWindow = { start: number; end: number };

/**
 * The rendered range: the rows in view plus `overscan` either side, always the same length
 * for a given viewport (clamped at both ends rather than shortened), so a row keyed by
 * `position % length` keeps its element while the window slides and the element is reused
 * for the row that enters on the other side.
 */
export function visibleWindow({ scrollTop, viewportHeight, rowHeight, count, overscan }: WindowInput): RowWindow {
	if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
	const top = Math.max(0, Number.isFinite(scrollTop) ? scrollTop : 0);
	const height = Math.max(0, Number.isFinite(viewportHeight) ? viewportHeight : 0);
	const length = Math.min(count, Math.ceil(height / rowHeight) + 1 + 2 * overscan);
	const start = Math.max(0, Math.min(count - length, Math.floor(top / rowHeight) - overscan));
	return { start, end: start + length };
}

/**
 * Most rows a window holds for this viewport: keying rows by `position % capacity` keeps
 * keys distinct for any window up to that length, with or without overscan.
 */
export function windowCapacity(viewportHeight: number, rowHeight: number, overscan: number): number {
	if (rowHeight <= 0) return 1;
	const height = Math.max(0, Number.isFinite(viewportHeight) ? viewportHeight : 0);
	return Math.ceil(height / rowHeight) + 1 + 2 * Math.max(0, overscan);
}

/**
 * The overscan for a scroll step: none when the step is longer than the window (dragging the
 * scroll thumb), because rows rendered around a position that is left at the next frame are
 * wasted work; the full overscan otherwise.
 */
export function stepOverscan(
	previousTop: number,
	nextTop: number,
	viewportHeight: number,
	rowHeight: number,
	overscan: number
): number {
	const span = Math.max(0, viewportHeight) + 2 * overscan * rowHeight;
	return Math.abs(nextTop - previousTop) > span ? 0 : overscan;
}

/** start, start + 1, …, end - 1: the keys of the rendered rows. */
export function windowPositions({ start, end }: RowWindow): number[] {
	const positions = new Array<number>(Math.max(0, end - start));
	for (let offset = 0; offset < positions.length; offset++) positions[offset] = start + offset;
	return positions;
}
