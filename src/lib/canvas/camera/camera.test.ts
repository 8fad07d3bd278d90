import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '$lib/shared/testing';
import { testRecord } from '../testing';
import { Camera } from './camera.svelte';
import { loadViewport } from './viewport';

const size = { width: 800, height: 600 };

describe('Camera', () => {
	it('zooms around the middle of the view, fits and reveals', () => {
		const camera = new Camera(() => size);
		camera.zoomBy(2);
		expect(camera.view).toEqual({ zoom: 2, panX: -400, panY: -300 });
		camera.fit([{ x: 0, y: 0, w: 400, h: 300 }]);
		expect(camera.view.zoom).toBe(1);
		expect(camera.shows({ x: 900, y: 0, w: 100, h: 100 })).toBe(false);
		camera.reveal({ x: 900, y: 0, w: 100, h: 100 });
		expect(camera.shows({ x: 900, y: 0, w: 100, h: 100 })).toBe(true);
	});

	it('leaves the view alone while the viewport is not mounted', () => {
		const camera = new Camera(() => undefined, { zoom: 1.5, panX: 3, panY: 4 });
		camera.zoomBy(2);
		camera.fit([{ x: 0, y: 0, w: 4000, h: 3000 }]);
		camera.reveal({ x: 9000, y: 0, w: 10, h: 10 });
		expect(camera.view).toEqual({ zoom: 1.5, panX: 3, panY: 4 });
	});

	it('pans with a pointer on the background and zooms or scrolls with the wheel', () => {
		const camera = new Camera(() => size);
		camera.press(1, { x: 10, y: 10 }, true);
		camera.drag(1, { x: 60, y: 30 });
		camera.release(1);
		camera.drag(1, { x: 500, y: 500 });
		expect(camera.view).toEqual({ zoom: 1, panX: 50, panY: 20 });
		camera.wheel({ deltaX: 5, deltaY: 10, ctrlKey: false, metaKey: false }, { x: 0, y: 0 });
		expect(camera.view).toEqual({ zoom: 1, panX: 45, panY: 10 });
		camera.wheel({ deltaX: 0, deltaY: -300, ctrlKey: true, metaKey: false }, { x: 45, y: 10 });
		expect(camera.view.zoom).toBeCloseTo(Math.E);
		expect([camera.view.panX, camera.view.panY]).toEqual([45, 10]);
	});

	it('wraps new widgets at the width the view shows, at the readable zoom when zoomed out further', () => {
		const camera = new Camera(() => size, { zoom: 0.5, panX: 0, panY: 0 });
		expect(camera.placementWidth(848)).toBeCloseTo(1066.7, 1);
		expect(camera.readableWidth()).toBe(1002);
	});

	it('brings the band of a turn into view when none of its new widgets shows, once', () => {
		const camera = new Camera(() => size);
		const old = testRecord('w_old', { w: 100, h: 100 });
		camera.follow([old], 1000);
		const first = testRecord('w_a', { turn: 't1', x: 100, y: 2000, w: 300, h: 200, createdAt: 900 });
		const second = testRecord('w_b', { turn: 't1', x: 500, y: 2000, w: 300, h: 300, createdAt: 950 });
		camera.follow([old, first, second], 1000);
		expect(camera.shows(first) && camera.shows(second)).toBe(true);
		const view = camera.view;
		camera.follow([old, first, second], 1000);
		expect(camera.view).toBe(view);
		// Added long ago (a restored canvas) or without a turn: the view stays.
		camera.follow([old, first, second, testRecord('w_c', { turn: 't2', y: 9000, createdAt: 0 })], 20_000);
		expect(camera.view).toBe(view);
	});

	it('saves the view once it settled, and a newer change cancels the older save', () => {
		vi.useFakeTimers();
		try {
			const storage = memoryStorage();
			const camera = new Camera(() => size);
			const cancel = camera.saveWhenSettled(250, storage);
			camera.zoomBy(2);
			cancel();
			camera.saveWhenSettled(250, storage);
			vi.advanceTimersByTime(250);
			expect(loadViewport(storage)).toEqual({ zoom: 2, panX: -400, panY: -300 });
		} finally {
			vi.useRealTimers();
		}
	});
});
