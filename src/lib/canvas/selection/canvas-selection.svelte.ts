/**
 * The canvas view's selection wiring: what a click on a frame selects (Shift or select mode
 * add to the selection; a frame of a multiple selection keeps it, to drag it together), the
 * call a selected widget came from, a widget selected from the outline or from a call chosen
 * elsewhere (brought into view), and the background's share of the pointer: Shift+drag draws
 * a marquee, a press deselects. Snapping, group drags and the marquee (`SelectionGestures`)
 * load once the page has painted; until then a drag snaps to the grid and moves one frame.
 */
import type { Camera } from '../camera/camera.svelte';
import type { Point } from '../camera/pinch';
import type { CanvasStore } from '../canvas-store.svelte';
import type { WidgetRecord } from '../types';
import type { SelectionGestures } from './selection-gestures.svelte';

/** What the selection wiring works with. */
export interface CanvasSelectionOptions {
	/** The canvas' store (read at each use: the view may be handed another). */
	store: () => CanvasStore;
	camera: Camera;
	/** The widgets shown (not hidden). */
	visible: () => readonly WidgetRecord[];
	/** Runs a change, turning an error into a notice. */
	report: (action: () => void) => void;
	/** Focuses, in the console and the chat, the tool call that displayed a widget just selected. */
	onSelectCall?: () => ((callId: string) => void) | undefined;
}

/** The selection of one canvas view. */
export class CanvasSelection {
	#selectMode = $state(false);
	#gestures = $state.raw<SelectionGestures | undefined>(undefined);
	#options: CanvasSelectionOptions;

	constructor(options: CanvasSelectionOptions) {
		this.#options = options;
	}

	/** Select mode: taps add frames to the selection or take them out, with no keyboard (touch screens). */
	get selectMode(): boolean {
		return this.#selectMode;
	}

	toggleSelectMode(): void {
		this.#selectMode = !this.#selectMode;
	}

	/** Snapping, group drags and the marquee, once loaded. */
	get gestures(): SelectionGestures | undefined {
		return this.#gestures;
	}

	/** Loads the gestures (after the first paint: they are not needed for it). */
	async loadGestures(): Promise<void> {
		const { SelectionGestures } = await import('./selection-gestures.svelte');
		const { store, camera, visible, report } = this.#options;
		this.#gestures = new SelectionGestures(store(), () => camera.view, visible, report);
	}

	/** A click on a frame (`additive` with Shift). */
	select = (id: string, additive = false): void => {
		const store = this.#options.store();
		if (additive || this.#selectMode) {
			store.toggleSelected(id);
			return;
		}
		// A click on a frame of a multiple selection keeps the selection, so it can be dragged together.
		if (store.selectedIds.length > 1 && store.selectedIds.includes(id as never)) {
			store.bringToFront(id);
			return;
		}
		if (store.selectedId !== id) {
			store.select(id);
			const callId = store.widgets.find((record) => record.id === id)?.provenance.displayedBy;
			if (callId) this.#options.onSelectCall?.()?.(callId);
		}
		store.bringToFront(id);
	};

	/** Selects a widget from the outline and brings it into view (unless hidden). */
	reveal = (id: string): void => {
		const record = this.#options.store().get(id);
		if (!record) return;
		this.select(id);
		if (!record.hidden) this.#options.camera.reveal(record);
	};

	/** A call chosen elsewhere (a chat chip, the console): selects the widget it displayed, in view. */
	focusCall(callId: string): void {
		const { camera } = this.#options;
		const store = this.#options.store();
		const record = store.widgets.find((candidate) => candidate.provenance.displayedBy === callId);
		if (!record) return;
		if (store.selectedId !== record.id) store.select(record.id);
		camera.reveal(record);
	}

	/**
	 * The background was pressed at `point`: Shift with the primary button starts a marquee
	 * (true: the camera leaves this pointer alone); any other press deselects, unless in
	 * select mode.
	 */
	pressBackground(pointerId: number, point: Point, press: { shiftKey: boolean; button: number }): boolean {
		if (press.shiftKey && press.button === 0 && this.#gestures) {
			this.#gestures.startMarquee(pointerId, point.x, point.y);
			return true;
		}
		if (!this.#selectMode) this.#options.store().select(null);
		return false;
	}

	/** A pointer moved over the background: true when it draws the marquee. */
	dragBackground(pointerId: number, point: Point): boolean {
		return this.#gestures?.moveMarquee(pointerId, point.x, point.y) ?? false;
	}

	/** A pointer on the background went up: the marquee it drew selects what it touches. */
	releaseBackground(pointerId: number): void {
		this.#gestures?.endMarquee(pointerId);
	}
}
