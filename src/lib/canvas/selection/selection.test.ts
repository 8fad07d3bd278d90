import { describe, expect, it } from 'vitest';
import { alignPositions, idsInside } from './align';
import { snapToNeighbours } from './snapping';

const rects = [
	{ id: 'a', x: 0, y: 0, w: 100, h: 50 },
	{ id: 'b', x: 200, y: 30, w: 50, h: 80 }
];

describe('aligning and the marquee', () => {
	it('lines rects up on an edge of their bounding box', () => {
		expect([...alignPositions(rects, 'left')]).toEqual([['b', { x: 0, y: 30 }]]);
		expect([...alignPositions(rects, 'bottom')]).toEqual([['a', { x: 0, y: 60 }]]);
		expect([...alignPositions(rects, 'center')]).toEqual([
			['a', { x: 75, y: 0 }],
			['b', { x: 100, y: 30 }]
		]);
		expect(alignPositions(rects.slice(0, 1), 'left').size).toBe(0);
	});

	it('selects what the marquee touches', () => {
		expect(idsInside(rects, { x: 90, y: 40, w: 20, h: 20 })).toEqual(['a']);
		expect(idsInside(rects, { x: -10, y: -10, w: 400, h: 400 })).toEqual(['a', 'b']);
		expect(idsInside(rects, { x: 120, y: 0, w: 10, h: 10 })).toEqual([]);
	});
});

describe('snapToNeighbours', () => {
	it('snaps an edge within the distance and reports a guide', () => {
		const snapped = snapToNeighbours({ x: 203, y: 300, w: 60, h: 40 }, rects);
		expect(snapped.x).toBe(200);
		expect(snapped.y).toBe(300);
		expect(snapped.guides).toEqual([{ axis: 'x', at: 200, from: 30, to: 340 }]);
	});

	it('leaves a rect far from every edge alone', () => {
		expect(snapToNeighbours({ x: 500, y: 500, w: 10, h: 10 }, rects)).toEqual({ x: 500, y: 500, guides: [] });
	});
});
