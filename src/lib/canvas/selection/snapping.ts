/**
 * Snapping a dragged frame to its neighbours' edges: when a moving rectangle's left, centre
 * or right (top, middle or bottom) comes within a few pixels of a neighbour's, it snaps
 * there and a guide line shows the alignment. Pure; the canvas view draws the guides.
 */
import type { Rect } from '../placement';

/** A guide line in canvas pixels: vertical at `x` (from y1 to y2) or horizontal at `y`. */
export type SnapGuide =
	{ axis: 'x'; at: number; from: number; to: number } | { axis: 'y'; at: number; from: number; to: number };

/** How close (canvas pixels) an edge must come to snap. */
export const snapDistance = 6;

function lines(start: number, size: number): number[] {
	return [start, start + size / 2, start + size];
}

/** The best shift along one axis and the neighbour line it snaps to. */
function bestShift(
	moving: number[],
	others: Array<{ at: number; rect: Rect }>,
	distance: number
): { shift: number; at: number; rects: Rect[] } | undefined {
	let best: { shift: number; at: number; rects: Rect[] } | undefined;
	for (const line of moving) {
		for (const other of others) {
			const shift = other.at - line;
			if (Math.abs(shift) > distance) continue;
			if (!best || Math.abs(shift) < Math.abs(best.shift)) best = { shift, at: other.at, rects: [other.rect] };
			else if (shift === best.shift && other.at === best.at) best.rects.push(other.rect);
		}
	}
	return best;
}

/**
 * Snaps `rect` (a frame being dragged) to `neighbours`: returns its snapped corner and the
 * guides to draw. Only the position changes, never the size.
 */
export function snapToNeighbours(
	rect: Rect,
	neighbours: readonly Rect[],
	distance = snapDistance
): { x: number; y: number; guides: SnapGuide[] } {
	const xs = neighbours.flatMap((other) => lines(other.x, other.w).map((at) => ({ at, rect: other })));
	const ys = neighbours.flatMap((other) => lines(other.y, other.h).map((at) => ({ at, rect: other })));
	const sx = bestShift(lines(rect.x, rect.w), xs, distance);
	const sy = bestShift(lines(rect.y, rect.h), ys, distance);
	const x = rect.x + (sx?.shift ?? 0);
	const y = rect.y + (sy?.shift ?? 0);
	const guides: SnapGuide[] = [];
	if (sx) {
		const tops = [y, ...sx.rects.map((other) => other.y)];
		const bottoms = [y + rect.h, ...sx.rects.map((other) => other.y + other.h)];
		guides.push({ axis: 'x', at: sx.at, from: Math.min(...tops), to: Math.max(...bottoms) });
	}
	if (sy) {
		const lefts = [x, ...sy.rects.map((other) => other.x)];
		const rights = [x + rect.w, ...sy.rects.map((other) => other.x + other.w)];
		guides.push({ axis: 'y', at: sy.at, from: Math.min(...lefts), to: Math.max(...rights) });
	}
	return { x, y, guides };
}
