import { describe, expect, it } from 'vitest';
import { pinchView, type Point } from './pinch';
import { zoomLimits } from './viewport';

/** Two fingers on the line at `y`, at `x1` and `x2`. */
const fingers = (x1: number, x2: number, y: number): [Point, Point] => [
	{ x: x1, y },
	{ x: x2, y }
];

describe('pinchView', () => {
	const from = { panX: 10, panY: 20, zoom: 1 };

	it('spreading the fingers zooms in around their midpoint', () => {
		const view = pinchView(from, fingers(100, 200, 100), fingers(50, 250, 100));
		expect(view.zoom).toBeCloseTo(2);
		// The canvas point under the midpoint (150, 100) stays under it.
		expect((150 - view.panX) / view.zoom).toBeCloseTo((150 - from.panX) / from.zoom);
		expect((100 - view.panY) / view.zoom).toBeCloseTo((100 - from.panY) / from.zoom);
	});

	it('moving both fingers together pans without zooming', () => {
		const view = pinchView(from, fingers(100, 200, 100), fingers(130, 230, 60));
		expect(view).toEqual({ panX: 40, panY: -20, zoom: 1 });
	});

	it('keeps the zoom within its limits', () => {
		const view = pinchView(from, fingers(0, 300, 0), fingers(149, 150, 0));
		expect(view.zoom).toBe(zoomLimits.min);
	});
});
