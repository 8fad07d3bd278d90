/**
 * The canvas view's camera: pan and zoom as runes state over the pure math of `viewport.ts`
 * (zoom, fit, reveal, wheel), `pan-gesture.ts` (drag and pinch) and `follow-answer.ts`. It
 * knows the viewport only by its size and takes points relative to it, so it needs no DOM.
 */
import type { Rect } from '../placement';
import type { WidgetRecord } from '../types';
import { linkedPair, newTurnWidgets, turnBand } from './follow-answer';
import { PanGesture } from './pan-gesture';
import type { Point } from './pinch';
import * as viewport from './viewport';
import type { Viewport } from './viewport';

/** The viewport's size on screen, in pixels. */
export interface ViewSize {
	width: number;
	height: number;
}

/** Pan and zoom of one canvas view. */
export class Camera {
	#view = $state.raw<Viewport>(viewport.initialViewport);
	#size: () => ViewSize | undefined;
	#gesture = new PanGesture();
	#known = new Set<string>();
	#frames: () => readonly Rect[];

	/**
	 * `size`: the viewport's size, undefined while it is not mounted; `view`: where to start;
	 * `frames`: the frames shown, which a reveal never leaves cut at the top.
	 */
	constructor(
		size: () => ViewSize | undefined,
		view: Viewport = viewport.initialViewport,
		frames: () => readonly Rect[] = () => []
	) {
		this.#size = size;
		this.#view = view;
		this.#frames = frames;
	}

	/** The current transform: screen = canvas × zoom + pan. */
	get view(): Viewport {
		return this.#view;
	}

	/**
	 * Keeps the view for the next visit `delay` ms after it last changed. Run it in an effect:
	 * the effect's cleanup (what it returns) cancels a save the next change makes stale.
	 */
	saveWhenSettled(delay = 250, storage?: Pick<Storage, 'setItem'>): () => void {
		const current = this.#view;
		const timer = setTimeout(() => viewport.saveViewport(current, storage), delay);
		return () => clearTimeout(timer);
	}

	/** Zooms by `factor` around the middle of the view (the toolbar's buttons). */
	zoomBy(factor: number): void {
		const size = this.#size();
		if (size) this.#view = viewport.zoomAt(this.#view, factor, size.width / 2, size.height / 2);
	}

	/** Shows every rect, at the readable zoom at least ("Fit all"). */
	fit(rects: readonly Rect[]): void {
		const size = this.#size();
		if (size) this.#view = viewport.fitReadable(rects, size.width, size.height);
	}

	/**
	 * Fits the view to `rects` when none of them shows (a saved pan restored onto another
	 * canvas, or one that left every widget off screen); false when the view is not mounted.
	 */
	showSome(rects: readonly Rect[]): boolean {
		const size = this.#size();
		if (!size || size.width <= 0 || size.height <= 0) return false;
		if (rects.length && !viewport.showsAny(this.#view, rects, size.width, size.height)) this.fit(rects);
		return true;
	}

	/** Pans the least that brings `rect` (canvas pixels) into view; nothing when it is in view. */
	reveal(rect: Rect): void {
		const size = this.#size();
		if (size) this.#view = viewport.revealClear(this.#view, rect, this.#frames(), size.width, size.height);
	}

	/** True when `rect` is wholly in view (or the view is not mounted: nothing to move). */
	shows(rect: Rect): boolean {
		const size = this.#size();
		return !size || viewport.reveal(this.#view, rect, size.width, size.height, 0) === this.#view;
	}

	/** The canvas width that fills the view at the readable zoom (auto-arrange packs into it). */
	readableWidth(): number {
		return viewport.readableWidth(this.#size()?.width ?? 0);
	}

	/** The canvas width new widgets wrap at when the view is `width` screen pixels wide. */
	placementWidth(width: number): number {
		return viewport.placementWidth(width, this.#view.zoom);
	}

	/**
	 * Brings a turn's new widgets into view when none of them is visible: the whole band of the
	 * turn (its top when taller than the view). Call it with each new list of records.
	 */
	follow(records: readonly WidgetRecord[], now = Date.now()): void {
		const fresh = newTurnWidgets(records, this.#known, now);
		const pair = linkedPair(records, this.#known, now);
		this.#known = new Set(records.map((record) => record.id));
		if (!this.#size()) return;
		// A widget linked to one already there: both in view (it was placed beside it).
		if (pair) {
			if (!this.shows(pair)) this.reveal(pair);
			return;
		}
		if (!fresh.length || fresh.some((record) => this.shows(record))) return;
		this.reveal(turnBand(records, fresh[0]));
	}

	/** A pointer went down on the background: it pans, or pinches with a second finger. */
	press(pointerId: number, point: Point, isPrimary: boolean): void {
		this.#gesture.press(pointerId, point, isPrimary, this.#view);
	}

	/** A pointer on the background moved. */
	drag(pointerId: number, point: Point): void {
		const next = this.#gesture.move(pointerId, point);
		if (next) this.#view = next;
	}

	/** A pointer on the background went up or was cancelled. */
	release(pointerId: number): void {
		this.#gesture.release(pointerId);
	}

	/** A wheel turn at `point`: Ctrl/Cmd zooms around it, otherwise the view scrolls. */
	wheel(wheel: { deltaX: number; deltaY: number; ctrlKey: boolean; metaKey: boolean }, point: Point): void {
		this.#view = viewport.wheelView(
			this.#view,
			{ deltaX: wheel.deltaX, deltaY: wheel.deltaY, zoom: wheel.ctrlKey || wheel.metaKey },
			point
		);
	}
}
