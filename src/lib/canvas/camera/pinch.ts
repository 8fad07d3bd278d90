/**
 * Two-finger pinch on the canvas as plain math: the canvas point under the fingers' first
 * midpoint follows the midpoint, and the zoom follows the distance between the fingers.
 */
import { zoomAt, type Viewport } from './viewport';

/** A finger, in pixels relative to the canvas viewport. */
export interface Point {
	x: number;
	y: number;
}

const distance = ([a, b]: readonly [Point, Point]): number => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = ([a, b]: readonly [Point, Point]): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** The view after the fingers moved from `start` to `now`, from the view `from` at the start. */
export function pinchView(from: Viewport, start: readonly [Point, Point], now: readonly [Point, Point]): Viewport {
	const factor = distance(now) / Math.max(1, distance(start));
	const before = midpoint(start);
	const after = midpoint(now);
	const zoomed = zoomAt(from, factor, before.x, before.y);
	return { ...zoomed, panX: zoomed.panX + after.x - before.x, panY: zoomed.panY + after.y - before.y };
}
