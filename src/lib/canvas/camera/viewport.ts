/**
 * Pan and zoom of the canvas view as plain math: screen = canvas × zoom + pan.
 */
import { boundingBox, type Rect } from '../placement';

/** The view transform. */
export interface Viewport {
	panX: number;
	panY: number;
	zoom: number;
}

/** Zoom bounds. */
export const zoomLimits = { min: 0.1, max: 3 } as const;

/** The identity view. */
export const initialViewport: Viewport = { panX: 0, panY: 0, zoom: 1 };

function clampZoom(zoom: number): number {
	return Math.min(zoomLimits.max, Math.max(zoomLimits.min, zoom));
}

/** Zooms by `factor` keeping the canvas point under (screenX, screenY) still. */
export function zoomAt(view: Viewport, factor: number, screenX: number, screenY: number): Viewport {
	const zoom = clampZoom(view.zoom * factor);
	const canvasX = (screenX - view.panX) / view.zoom;
	const canvasY = (screenY - view.panY) / view.zoom;
	return { zoom, panX: screenX - canvasX * zoom, panY: screenY - canvasY * zoom };
}

/** The view that shows every rect inside a `width` × `height` area (never zooming past 100%). */
export function fitAll(rects: readonly Rect[], width: number, height: number, padding = 24): Viewport {
	const box = boundingBox(rects);
	if (!box || width <= 0 || height <= 0) return initialViewport;
	const zoom = clampZoom(Math.min(1, (width - 2 * padding) / box.w, (height - 2 * padding) / box.h));
	return {
		zoom,
		panX: (width - box.w * zoom) / 2 - box.x * zoom,
		panY: (height - box.h * zoom) / 2 - box.y * zoom
	};
}

/**
 * The zoom new widgets and auto-arrange are laid out for: the app's body text (13 px) shows
 * at about 10 px, comfortable to read on screen.
 */
export const comfortableZoom = 0.75;

/**
 * The lowest zoom "Fit all" goes to: 13 px text shows at about 5 px, enough to tell the
 * widgets apart and read their titles; a canvas larger than that is shown from its top and
 * scrolled.
 */
export const readableZoom = 0.4;

/**
 * "Fit all": the whole canvas when it fits at `readableZoom` or more; otherwise the
 * readable zoom, showing the top of the canvas (centred when its width fits), to scroll from.
 */
export function fitReadable(rects: readonly Rect[], width: number, height: number, padding = 24): Viewport {
	const view = fitAll(rects, width, height, padding);
	const box = boundingBox(rects);
	if (!box || view.zoom >= readableZoom) return view;
	const zoom = readableZoom;
	const fitsAcross = box.w * zoom <= width - 2 * padding;
	return {
		zoom,
		panX: fitsAcross ? (width - box.w * zoom) / 2 - box.x * zoom : padding - box.x * zoom,
		panY: padding - box.y * zoom
	};
}

/** The canvas width that fills a view `width` screen pixels wide at the comfortable zoom. */
export function readableWidth(width: number, padding = 24): number {
	return Math.max(400, Math.floor((width - 2 * padding) / comfortableZoom));
}

/**
 * The canvas width new widgets wrap at (and auto-arrange packs into) in a view `width`
 * screen pixels wide at `zoom`: what the view shows, at the comfortable zoom when zoomed out
 * further, at most 3,000 px.
 */
export function placementWidth(width: number, zoom: number, padding = 24): number {
	return Math.min(3000, (width - 2 * padding) / Math.max(zoom, comfortableZoom));
}

/** A wheel turn: `zoom` (Ctrl/Cmd held) zooms around `point`, otherwise it scrolls the view. */
export function wheelView(
	view: Viewport,
	wheel: { deltaX: number; deltaY: number; zoom: boolean },
	point: { x: number; y: number }
): Viewport {
	if (wheel.zoom) return zoomAt(view, Math.exp(-wheel.deltaY / 300), point.x, point.y);
	return { ...view, panX: view.panX - wheel.deltaX, panY: view.panY - wheel.deltaY };
}

/**
 * The smallest pan that brings `rect` (canvas units) fully into a `width` × `height` view at
 * the current zoom; the view itself when it is already visible. A rect larger than the view
 * is aligned to its top-left corner.
 */
export function reveal(view: Viewport, rect: Rect, width: number, height: number, padding = 24): Viewport {
	const left = rect.x * view.zoom + view.panX;
	const top = rect.y * view.zoom + view.panY;
	const right = left + rect.w * view.zoom;
	const bottom = top + rect.h * view.zoom;
	const shift = (start: number, end: number, size: number): number => {
		if (start >= padding && end <= size - padding) return 0;
		if (end - start > size - 2 * padding || start < padding) return padding - start;
		return size - padding - end;
	};
	const dx = shift(left, right, width);
	const dy = shift(top, bottom, height);
	return dx === 0 && dy === 0 ? view : { ...view, panX: view.panX + dx, panY: view.panY + dy };
}

/**
 * Like {@link reveal} (nothing when `rect` is in view), never leaving another frame cut at the top of the view (its title bar,
 * with its menus, hidden under the toolbar while its body shows): the view shows the frame
 * whole with `rect` when both fit, else pans on until the cut frame is out of sight above.
 */
export function revealClear(
	view: Viewport,
	rect: Rect,
	frames: readonly Rect[],
	width: number,
	height: number,
	padding = 24
): Viewport {
	const next = reveal(view, rect, width, height, padding);
	if (next === view) return view;
	const cut = frames.filter((frame) => {
		const top = frame.y * next.zoom + next.panY;
		const bottom = top + frame.h * next.zoom;
		const left = frame.x * next.zoom + next.panX;
		return top < 0 && bottom > 0 && left < width && left + frame.w * next.zoom > 0;
	});
	if (!cut.length) return next;
	const both = boundingBox([rect, ...cut])!;
	if (both.h * next.zoom <= height - 2 * padding) return reveal(next, both, width, height, padding);
	const bottom = Math.max(...cut.map((frame) => (frame.y + frame.h) * next.zoom + next.panY));
	const top = rect.y * next.zoom + next.panY;
	return top - bottom >= 0 ? { ...next, panY: next.panY - bottom } : next;
}

/** True when some part of one of `rects` (canvas units) is in a `width` × `height` view. */
export function showsAny(view: Viewport, rects: readonly Rect[], width: number, height: number): boolean {
	return rects.some((rect) => {
		const left = rect.x * view.zoom + view.panX;
		const top = rect.y * view.zoom + view.panY;
		return left < width && top < height && left + rect.w * view.zoom > 0 && top + rect.h * view.zoom > 0;
	});
}

/** Where the view (zoom and pan) is kept between visits. */
export const viewportStorageKey = 'autoui.canvas.view';

/** The saved view, or the identity view when none (or a damaged one) is saved. */
export function loadViewport(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Viewport {
	try {
		const saved = JSON.parse(storage?.getItem(viewportStorageKey) ?? 'null') as Partial<Viewport> | null;
		const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
		if (saved && finite(saved.panX) && finite(saved.panY) && finite(saved.zoom)) {
			return { panX: saved.panX, panY: saved.panY, zoom: clampZoom(saved.zoom) };
		}
	} catch {
		// A damaged value is ignored: the canvas opens at the identity view.
	}
	return initialViewport;
}

/** Keeps the view for the next visit (best effort: private modes may refuse storage). */
export function saveViewport(
	view: Viewport,
	storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage
): void {
	try {
		storage?.setItem(viewportStorageKey, JSON.stringify({ panX: view.panX, panY: view.panY, zoom: view.zoom }));
	} catch {
		// Not kept; the view still works for this visit.
	}
}
