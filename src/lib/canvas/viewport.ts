/**
 * Pan and zoom of the canvas view as plain math: screen = canvas × zoom + pan.
 */
import { boundingBox, type Rect } from './placement';

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
