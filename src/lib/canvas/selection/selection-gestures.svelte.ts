/**
 * The canvas view's gestures on several widgets, as runes state: snapping a dragged frame to
 * its neighbours (with guides) while the rest of the selection follows it, committing the
 * move as one undo step, and the Shift+drag marquee that selects what it touches.
 */
import { snap } from '../placement';
import type { CanvasStore } from '../canvas-store.svelte';
import type { WidgetRecord } from '../types';
import type { Viewport } from '../camera/viewport';
import { idsInside } from './align';
import { snapToNeighbours, type SnapGuide } from './snapping';

/** A marquee being drawn, in pixels of the viewport. */
export interface Marquee {
	pointerId: number;
	x0: number;
	y0: number;
	x1: number;
	y1: number;
}

/** Snap distance in screen pixels (divided by the zoom on the canvas). */
const snapScreenPixels = 6;

/** Gestures over the selection of one canvas view. */
export class SelectionGestures {
	#guides = $state.raw<SnapGuide[]>([]);
	#groupDrag = $state.raw<{ id: string; dx: number; dy: number } | undefined>(undefined);
	#marquee = $state.raw<Marquee | undefined>(undefined);
	#store: CanvasStore;
	#view: () => Viewport;
	#visible: () => readonly WidgetRecord[];
	#report: (action: () => void) => void;

	constructor(
		store: CanvasStore,
		view: () => Viewport,
		visible: () => readonly WidgetRecord[],
		report: (action: () => void) => void
	) {
		this.#store = store;
		this.#view = view;
		this.#visible = visible;
		this.#report = report;
	}

	/** The guides the dragged frame snapped to (canvas pixels). */
	get guides(): readonly SnapGuide[] {
		return this.#guides;
	}

	get marquee(): Marquee | undefined {
		return this.#marquee;
	}

	/** How far a selected frame is shifted while another selected frame is dragged. */
	offsetOf(id: string): { dx: number; dy: number } | undefined {
		const drag = this.#groupDrag;
		return drag && drag.id !== id && this.#store.selectedIds.includes(id as never) ? drag : undefined;
	}

	/** Where a dragged frame goes: its neighbours' edges within 6 screen pixels, else the grid. */
	snapMove = (id: string, rect: { x: number; y: number; w: number; h: number }): { x: number; y: number } => {
		const store = this.#store;
		const moving = new Set<string>(store.selectedIds.includes(id as never) ? store.selectedIds : [id]);
		const snapped = snapToNeighbours(
			rect,
			this.#visible().filter((record) => !moving.has(record.id)),
			snapScreenPixels / this.#view().zoom
		);
		this.#guides = snapped.guides;
		const x = snapped.guides.some((guide) => guide.axis === 'x') ? snapped.x : snap(rect.x);
		const y = snapped.guides.some((guide) => guide.axis === 'y') ? snapped.y : snap(rect.y);
		const record = store.get(id);
		this.#groupDrag = moving.size > 1 && record ? { id, dx: x - record.x, dy: y - record.y } : undefined;
		return { x, y };
	};

	/** Commits a drag: the whole selection moves when the frame is part of it (one undo step). */
	moveWidget = (id: string, x: number, y: number): void => {
		const store = this.#store;
		const record = store.get(id);
		const ids = store.selectedIds;
		if (record && ids.length > 1 && ids.includes(id as never))
			this.#report(() => store.moveMany(ids, x - record.x, y - record.y));
		else this.#report(() => store.move(id, x, y));
		this.endDrag();
	};

	/** Forgets the guides and the group shift (the pointer is up). */
	endDrag = (): void => {
		this.#guides = [];
		this.#groupDrag = undefined;
	};

	startMarquee(pointerId: number, x: number, y: number): void {
		this.#marquee = { pointerId, x0: x, y0: y, x1: x, y1: y };
	}

	/** Follows the pointer; false when this pointer draws no marquee. */
	moveMarquee(pointerId: number, x: number, y: number): boolean {
		if (!this.#marquee || this.#marquee.pointerId !== pointerId) return false;
		this.#marquee = { ...this.#marquee, x1: x, y1: y };
		return true;
	}

	/** Adds the widgets the marquee touches to the selection; false when this pointer drew none. */
	endMarquee(pointerId: number): boolean {
		const marquee = this.#marquee;
		if (!marquee || marquee.pointerId !== pointerId) return false;
		this.#marquee = undefined;
		const view = this.#view();
		const { x0, y0, x1, y1 } = marquee;
		const area = {
			x: (Math.min(x0, x1) - view.panX) / view.zoom,
			y: (Math.min(y0, y1) - view.panY) / view.zoom,
			w: Math.abs(x1 - x0) / view.zoom,
			h: Math.abs(y1 - y0) / view.zoom
		};
		const inside = idsInside(this.#visible(), area);
		if (inside.length)
			this.#store.selectMany([...this.#store.selectedIds.filter((id) => !inside.includes(id)), ...inside]);
		return true;
	}
}
