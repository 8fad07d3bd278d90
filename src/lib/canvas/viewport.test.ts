import { describe, expect, it } from 'vitest';
import { boundingBox } from './placement';
import { fitAll, initialViewport, zoomAt } from './viewport';

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
});
