import { describe, expect, it } from 'vitest';
import { PanGesture } from './pan-gesture';

const view = { panX: 10, panY: 20, zoom: 1 };

/** A gesture whose primary pointer (1) has pressed at (100, 100). */
function firstFingerDown(): PanGesture {
	const gesture = new PanGesture();
	gesture.press(1, { x: 100, y: 100 }, true, view);
	return gesture;
}

describe('PanGesture', () => {
	it('drags the view with the pointer that pressed, ignoring others, until it is released', () => {
		const gesture = firstFingerDown();
		expect(gesture.move(1, { x: 130, y: 90 })).toEqual({ panX: 40, panY: 10, zoom: 1 });
		expect(gesture.move(7, { x: 0, y: 0 })).toBeUndefined();
		gesture.release(1);
		expect(gesture.move(1, { x: 200, y: 200 })).toBeUndefined();
	});

	it('turns into a pinch when a second finger goes down', () => {
		const gesture = firstFingerDown();
		gesture.press(2, { x: 200, y: 100 }, false, view);
		const pinched = gesture.move(2, { x: 300, y: 100 })!;
		expect(pinched.zoom).toBeCloseTo(2);
		// Lifting one finger ends the pinch; the other no longer pans either.
		gesture.release(2);
		expect(gesture.move(1, { x: 120, y: 100 })).toBeUndefined();
	});

	it('forgets fingers of a lost gesture when a new primary pointer presses', () => {
		const gesture = firstFingerDown();
		gesture.press(3, { x: 50, y: 50 }, true, view);
		expect(gesture.move(3, { x: 60, y: 50 })).toEqual({ panX: 20, panY: 20, zoom: 1 });
	});
});
