import { describe, expect, it } from 'vitest';
import { selectionBarSpot, titleBarsOnScreen } from './bar-placement';

describe('selection bar placement', () => {
	const view = { width: 1000, height: 600 };
	const bar = { w: 400, h: 36 };

	it('sits at the top centre when no title bar is there', () => {
		expect(selectionBarSpot([], view, bar)).toEqual({ x: 300, y: 8 });
	});

	it('moves off the title bars of widgets at the top of the view', () => {
		const bars = titleBarsOnScreen(
			[
				{ x: 16, y: 16, w: 300, h: 200 },
				{ x: 332, y: 16, w: 300, h: 200 },
				{ x: 648, y: 16, w: 300, h: 200 }
			],
			{ zoom: 1, panX: 0, panY: 0 }
		);
		const spot = selectionBarSpot(bars, view, bar);
		expect(spot).toEqual({ x: 300, y: 556 });
		for (const title of bars) expect(spot.y >= title.y + title.h || spot.y + bar.h <= title.y).toBe(true);
	});

	it('uses a corner when the centre of both edges is taken', () => {
		const bars = [
			{ x: 420, y: 0, w: 160, h: 30 },
			{ x: 420, y: 570, w: 160, h: 30 }
		];
		expect(selectionBarSpot(bars, view, bar)).toEqual({ x: 8, y: 8 });
	});
});
