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
 * The smallest zoom at which widgets stay readable: the app's body text (13 px) shows at
 * about 10 px, the smallest size comfortable to read on screen.
 */
export const readableZoom = 0.75;

/**
 * "Fit all" that keeps things readable: the whole canvas when it fits at `readableZoom` or
 * more; otherwise the readable zoom, showing the top of the canvas (centred when its width
 * fits), to scroll from. Auto-arrange packs widgets to the view's readable width first.
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

/** The canvas width that fills a view `width` screen pixels wide at the readable zoom. */
export function readableWidth(width: number, padding = 24): number {
	return Math.max(400, Math.floor((width - 2 * padding) / readableZoom));
}

/**
 * The canvas width new widgets wrap at in a view `width` screen pixels wide at `zoom`: what
 * the view shows, at the readable zoom when zoomed out further, at most 3,000 px.
 */
export function placementWidth(width: number, zoom: number, padding = 24): number {
	return Math.min(3000, (width - 2 * padding) / Math.max(zoom, readableZoom));
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
