import { describe, expect, it } from 'vitest';
import { stepOverscan, visibleWindow, windowCapacity, windowPositions } from './virtual-window';

const base = { rowHeight: 32, overscan: 5, viewportHeight: 320 };

describe('virtual window', () => {
	it('renders the rows in view plus the overscan', () => {
		expect(visibleWindow({ ...base, scrollTop: 3200, count: 1000 })).toEqual({ start: 95, end: 116 });
		expect(visibleWindow({ ...base, scrollTop: 3210, count: 1000 })).toEqual({ start: 95, end: 116 });
		const { start, end } = visibleWindow({ ...base, scrollTop: 3210, count: 1000 });
		expect(start * 32).toBeLessThanOrEqual(3210 - 5 * 32);
		expect(end * 32).toBeGreaterThanOrEqual(3210 + 320 + 5 * 32);
	});

	it('keeps the same length while scrolling, clamped at both ends', () => {
		const lengths = new Set<number>();
		for (let scrollTop = 0; scrollTop <= 32_000; scrollTop += 37) {
			const { start, end } = visibleWindow({ ...base, scrollTop, count: 1000 });
			expect(start).toBeGreaterThanOrEqual(0);
			expect(end).toBeLessThanOrEqual(1000);
			lengths.add(end - start);
		}
		expect([...lengths]).toEqual([21]);
		expect(visibleWindow({ ...base, scrollTop: 0, count: 1000 })).toEqual({ start: 0, end: 21 });
		expect(visibleWindow({ ...base, scrollTop: 999_999, count: 1000 })).toEqual({ start: 979, end: 1000 });
	});

	it('renders every row when there are fewer than a window', () => {
		expect(visibleWindow({ ...base, scrollTop: 0, count: 3 })).toEqual({ start: 0, end: 3 });
		expect(visibleWindow({ ...base, scrollTop: 500, count: 3 })).toEqual({ start: 0, end: 3 });
		expect(visibleWindow({ ...base, scrollTop: 500, count: 0 })).toEqual({ start: 0, end: 0 });
	});

	it('survives odd inputs (negative scroll from overscroll, zero or NaN heights)', () => {
		expect(visibleWindow({ ...base, scrollTop: -40, count: 100 })).toEqual({ start: 0, end: 21 });
		expect(visibleWindow({ ...base, scrollTop: Number.NaN, viewportHeight: 0, count: 100 })).toEqual({
			start: 0,
			end: 11
		});
		expect(visibleWindow({ ...base, rowHeight: 0, scrollTop: 0, count: 100 })).toEqual({ start: 0, end: 0 });
	});

	it('lists the positions of the window', () => {
		expect(windowPositions({ start: 4, end: 8 })).toEqual([4, 5, 6, 7]);
		expect(windowPositions({ start: 3, end: 3 })).toEqual([]);
	});

	it('drops the overscan for steps longer than the window, and keys stay distinct either way', () => {
		expect(stepOverscan(0, 170, 320, 32, 5)).toBe(5);
		expect(stepOverscan(4000, 3500, 320, 32, 5)).toBe(5);
		expect(stepOverscan(0, 4000, 320, 32, 5)).toBe(0);
		expect(stepOverscan(8000, 4000, 320, 32, 5)).toBe(0);
		const capacity = windowCapacity(320, 32, 5);
		expect(capacity).toBe(21);
		for (const overscan of [0, 5]) {
			for (const scrollTop of [0, 1234, 31_000]) {
				const keys = windowPositions(visibleWindow({ ...base, overscan, scrollTop, count: 1000 })).map(
					(position) => position % capacity
				);
				expect(new Set(keys).size).toBe(keys.length);
				expect(keys.length).toBeLessThanOrEqual(capacity);
			}
		}
	});
});
