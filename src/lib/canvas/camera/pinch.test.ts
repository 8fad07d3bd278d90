import { describe, expect, it } from 'vitest';
import { pinchView } from './pinch';
import { zoomLimits } from './viewport';

describe('pinchView', () => {
	const from = { panX: 10, panY: 20, zoom: 1 };

	it('spreading the fingers zooms in around their midpoint', () => {
		const view = pinchView(
			from,
			[
				{ x: 100, y: 100 },
				{ x: 200, y: 100 }
			],
			[
				{ x: 50, y: 100 },
				{ x: 250, y: 100 }
			]
		);
		expect(view.zoom).toBeCloseTo(2);
		// The canvas point under the midpoint (150, 100) stays under it.
		expect((150 - view.panX) / view.zoom).toBeCloseTo((150 - from.panX) / from.zoom);
		expect((100 - view.panY) / view.zoom).toBeCloseTo((100 - from.panY) / from.zoom);
	});

	it('moving both fingers together pans without zooming', () => {
		const view = pinchView(
			from,
			[
				{ x: 100, y: 100 },
				{ x: 200, y: 100 }
			],
			[
				{ x: 130, y: 60 },
				{ x: 230, y: 60 }
			]
		);
		expect(view).toEqual({ panX: 40, panY: -20, zoom: 1 });
	});

	it('keeps the zoom within its limits', () => {
		const view = pinchView(
			from,
			[
				{ x: 0, y: 0 },
				{ x: 300, y: 0 }
			],
			[
				{ x: 149, y: 0 },
				{ x: 150, y: 0 }
			]
		);
		expect(view.zoom).toBe(zoomLimits.min);
	});
});
