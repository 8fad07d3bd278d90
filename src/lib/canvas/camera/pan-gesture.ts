/**
 * Panning and pinching the canvas background as plain state: one pointer drags the view; a
 * second finger turns the drag into a pinch (zoom around the fingers, `pinch.ts`). Points
 * are pixels relative to the viewport.
 */
import { pinchView, type Point } from './pinch';
import type { Viewport } from './viewport';

/** The pointers on the background and what they started. */
export class PanGesture {
	#pan: { pointerId: number; start: Point; from: Viewport } | undefined;
	#fingers = new Map<number, Point>();
	#pinch: { from: Viewport; start: [Point, Point] } | undefined;

	/** A pointer went down on the background while the view was `view`. */
	press(pointerId: number, point: Point, isPrimary: boolean, view: Viewport): void {
		// A primary pointer starts a new gesture: fingers left from a lost one do not count.
		if (isPrimary) this.#fingers.clear();
		this.#fingers.set(pointerId, point);
		if (this.#fingers.size === 2) {
			this.#pan = undefined;
			this.#pinch = { from: view, start: [...this.#fingers.values()] as [Point, Point] };
			return;
		}
		this.#pan = { pointerId, start: point, from: view };
	}

	/** The view after `pointerId` moved to `point`; undefined when the move changes nothing. */
	move(pointerId: number, point: Point): Viewport | undefined {
		if (this.#pinch && this.#fingers.has(pointerId)) {
			this.#fingers.set(pointerId, point);
			if (this.#fingers.size !== 2) return undefined;
			return pinchView(this.#pinch.from, this.#pinch.start, [...this.#fingers.values()] as [Point, Point]);
		}
		const pan = this.#pan;
		if (!pan || pointerId !== pan.pointerId) return undefined;
		return { ...pan.from, panX: pan.from.panX + point.x - pan.start.x, panY: pan.from.panY + point.y - pan.start.y };
	}

	/** A pointer went up or was cancelled. */
	release(pointerId: number): void {
		this.#fingers.delete(pointerId);
		if (this.#fingers.size < 2) this.#pinch = undefined;
		if (this.#pan && pointerId === this.#pan.pointerId) this.#pan = undefined;
	}
}
