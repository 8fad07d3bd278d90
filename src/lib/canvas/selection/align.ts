/**
 * Aligning several widgets: pure math over rectangles, applied by the store as one undo step.
 */
import type { Rect } from '../placement';

/** Which edge (or centre line) the selection lines up on. */
export type AlignEdge = 'left' | 'right' | 'top' | 'bottom' | 'center' | 'middle';

/** Every edge {@link alignPositions} accepts. */
export const alignEdges: readonly AlignEdge[] = ['left', 'center', 'right', 'top', 'middle', 'bottom'];

/**
 * The new top-left corners that line `rects` up on `edge` of their bounding box (left: the
 * leftmost left edge, center: the box's vertical centre line, …). Rects already there are
 * left out of the result.
 */
export function alignPositions<T extends Rect & { id: string }>(
	rects: readonly T[],
	edge: AlignEdge
): Map<string, { x: number; y: number }> {
	const result = new Map<string, { x: number; y: number }>();
	if (rects.length < 2) return result;
	const left = Math.min(...rects.map((rect) => rect.x));
	const right = Math.max(...rects.map((rect) => rect.x + rect.w));
	const top = Math.min(...rects.map((rect) => rect.y));
	const bottom = Math.max(...rects.map((rect) => rect.y + rect.h));
	for (const rect of rects) {
		const x =
			edge === 'left'
				? left
				: edge === 'right'
					? right - rect.w
					: edge === 'center'
						? Math.round((left + right - rect.w) / 2)
						: rect.x;
		const y =
			edge === 'top'
				? top
				: edge === 'bottom'
					? bottom - rect.h
					: edge === 'middle'
						? Math.round((top + bottom - rect.h) / 2)
						: rect.y;
		if (x !== rect.x || y !== rect.y) result.set(rect.id, { x, y });
	}
	return result;
}

/** The ids of `rects` that intersect `area` (a marquee drawn on the canvas). */
export function idsInside<T extends Rect & { id: string }>(rects: readonly T[], area: Rect): string[] {
	return rects
		.filter(
			(rect) =>
				rect.x < area.x + area.w && area.x < rect.x + rect.w && rect.y < area.y + area.h && area.y < rect.y + rect.h
		)
		.map((rect) => rect.id);
}
