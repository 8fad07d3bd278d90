/**
 * Where the selection bar goes: a spot along the top or bottom edge of the view (centre,
 * then the corners) that covers no widget's title bar, so every frame stays draggable and
 * its buttons reachable; the spot covering the fewest when none is free.
 */
import type { Viewport } from '../camera/viewport';
import type { Rect } from '../placement';

/** The height of a frame's title bar, in canvas pixels. */
export const titleBarHeight = 30;

function overlaps(a: Rect, b: Rect): boolean {
	return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The title bars of `rects` on screen, in the view's pixels. */
export function titleBarsOnScreen(rects: readonly Rect[], view: Viewport): Rect[] {
	return rects.map((rect) => ({
		x: rect.x * view.zoom + view.panX,
		y: rect.y * view.zoom + view.panY,
		w: rect.w * view.zoom,
		h: titleBarHeight * view.zoom
	}));
}

/**
 * The top-left corner of a `bar`-sized bar in a `view`-sized area that covers none of
 * `titleBars` (screen pixels), or covers the fewest.
 */
export function selectionBarSpot(
	titleBars: readonly Rect[],
	view: { width: number; height: number },
	bar: { w: number; h: number },
	margin = 8
): { x: number; y: number } {
	const xs = [(view.width - bar.w) / 2, margin, view.width - bar.w - margin];
	const ys = [margin, view.height - bar.h - margin];
	let best: { x: number; y: number; covered: number } | undefined;
	for (const y of ys)
		for (const x of xs) {
			const spot = { x: Math.max(0, x), y: Math.max(0, y), w: bar.w, h: bar.h };
			const covered = titleBars.filter((title) => overlaps(spot, title)).length;
			if (covered === 0) return { x: spot.x, y: spot.y };
			if (!best || covered < best.covered) best = { x: spot.x, y: spot.y, covered };
		}
	return { x: best!.x, y: best!.y };
}
