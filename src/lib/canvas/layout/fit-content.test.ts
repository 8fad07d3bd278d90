import { describe, expect, it } from 'vitest';
import { growthFor, overflowOf } from './fit-content';

describe('fitting a frame to its measured content', () => {
	it('measures overflow, ignoring sub-pixel rounding', () => {
		expect(overflowOf({ scrollWidth: 300, clientWidth: 300, scrollHeight: 481, clientHeight: 480 })).toEqual({
			w: 0,
			h: 0
		});
		expect(overflowOf({ scrollWidth: 340, clientWidth: 300, scrollHeight: 600, clientHeight: 480 })).toEqual({
			w: 40,
			h: 120
		});
	});

	it('grows by the overflow within the natural bounds, never when nothing overflows', () => {
		expect(growthFor({ w: 400, h: 300 }, { w: 0, h: 120 })).toEqual({ w: 0, h: 120 });
		expect(growthFor({ w: 400, h: 700 }, { w: 0, h: 120 })).toEqual({ w: 0, h: 20 });
		expect(growthFor({ w: 400, h: 800 }, { w: 0, h: 120 })).toBeUndefined();
		expect(growthFor({ w: 400, h: 300 }, { w: 0, h: 0 })).toBeUndefined();
	});
});
