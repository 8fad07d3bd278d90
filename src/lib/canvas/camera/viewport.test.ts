import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boundingBox } from '../placement';
import { memoryStorage } from '$lib/shared/testing';
import {
	fitAll,
	fitReadable,
	initialViewport,
	loadViewport,
	readableWidth,
	readableZoom,
	reveal,
	revealClear,
	saveViewport,
	zoomAt
} from './viewport';

describe('viewport', () => {
	it('zooms around the pointer, clamped', () => {
		const view = zoomAt(initialViewport, 2, 100, 50);
		expect(view).toEqual({ zoom: 2, panX: -100, panY: -50 });
		expect(zoomAt(view, 100, 0, 0).zoom).toBe(3);
		expect(zoomAt(view, 0.0001, 0, 0).zoom).toBe(0.1);
	});

	it('fits all widgets in the view, centred, never above 100%', () => {
		const rects = [
			{ x: 0, y: 0, w: 1000, h: 500 },
			{ x: 1000, y: 500, w: 1000, h: 500 }
		];
		const view = fitAll(rects, 1048, 1000);
		expect(view.zoom).toBeCloseTo(0.5);
		const box = boundingBox(rects)!;
		expect(box.x * view.zoom + view.panX).toBeCloseTo(24);
		expect(fitAll([{ x: 100, y: 100, w: 10, h: 10 }], 500, 500).zoom).toBe(1);
		expect(fitAll([], 500, 500)).toEqual(initialViewport);
	});

	it('reveals a widget with the smallest pan, and leaves a visible one alone', () => {
		const view = { zoom: 1, panX: 0, panY: 0 };
		expect(reveal(view, { x: 100, y: 100, w: 200, h: 100 }, 800, 600)).toBe(view);
		expect(reveal(view, { x: 900, y: 100, w: 200, h: 100 }, 800, 600)).toEqual({ zoom: 1, panX: -324, panY: 0 });
		expect(reveal(view, { x: -300, y: -50, w: 200, h: 100 }, 800, 600)).toEqual({ zoom: 1, panX: 324, panY: 74 });
		// Larger than the view: its top-left corner comes into view.
		expect(reveal({ zoom: 2, panX: 0, panY: 0 }, { x: 500, y: 0, w: 600, h: 100 }, 800, 600)).toEqual({
			zoom: 2,
			panX: -976,
			panY: 24
		});
	});

	it('keeps zoom and pan across visits, ignoring damaged values', () => {
		const storage = memoryStorage();
		expect(loadViewport(storage)).toEqual(initialViewport);
		saveViewport({ zoom: 0.75, panX: -120.4, panY: 33.6 }, storage);
		expect(loadViewport(storage)).toEqual({ zoom: 0.75, panX: -120.4, panY: 33.6 });
		storage.setItem('autoui.canvas.view', '{"zoom":"big"}');
		expect(loadViewport(storage)).toEqual(initialViewport);
		storage.setItem('autoui.canvas.view', '{"zoom":50,"panX":0,"panY":0}');
		expect(loadViewport(storage).zoom).toBe(3);
	});

	it('fits all at a readable zoom at least, showing the top of a canvas too large for it', () => {
		const small = [{ x: 0, y: 0, w: 600, h: 400 }];
		expect(fitReadable(small, 1048, 1000)).toEqual(fitAll(small, 1048, 1000));
		const tall = [
			{ x: 16, y: 16, w: 900, h: 400 },
			{ x: 16, y: 3000, w: 900, h: 400 }
		];
		const view = fitReadable(tall, 1048, 800);
		expect(view.zoom).toBe(readableZoom);
		expect(16 * view.zoom + view.panY).toBe(24);
		expect(readableWidth(1048)).toBe(1333);
	});

	it('Fit all goes as low as the canvas page of the docs says', () => {
		const readme = readFileSync('docs/canvas.md', 'utf8').replace(/\s+/g, ' ');
		const floor = /\*\*Fit all\*\* shows everything down to (\d+) %/.exec(readme)?.[1];
		expect(Number(floor)).toBe(Math.round(readableZoom * 100));
	});

	it('a reveal never leaves a frame cut under the toolbar: both shown when they fit, else the cut one out of sight', () => {
		const chart = { x: 16, y: 16, w: 400, h: 300 };
		const table = { x: 16, y: 332, w: 400, h: 200 };
		const view = { panX: 0, panY: 0, zoom: 1 };
		// The plain reveal pans the least: the chart's title bar ends above the view.
		expect(reveal(view, table, 800, 400).panY).toBe(-156);
		const shown = revealClear(view, table, [chart, table], 800, 400);
		expect(shown.panY).toBe(-316);
		const tall = { x: 16, y: 332, w: 400, h: 500 };
		const clear = revealClear(view, tall, [chart, tall], 800, 600);
		const chartBottom = (chart.y + chart.h) * clear.zoom + clear.panY;
		const chartTop = chart.y * clear.zoom + clear.panY;
		expect(chartBottom <= 0 || chartTop >= 0).toBe(true);
		expect(tall.y * clear.zoom + clear.panY).toBeGreaterThanOrEqual(0);
		const fits = revealClear(view, table, [chart, table], 800, 700);
		expect(chart.y * fits.zoom + fits.panY).toBeGreaterThanOrEqual(0);
	});
});
