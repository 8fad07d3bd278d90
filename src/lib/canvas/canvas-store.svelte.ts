/**
 * The canvas store: widget records and the selection, changed only through verb methods.
 * Records are plain immutable JSON (an update replaces the record), so undo/redo keeps
 * snapshots of the list, and persistence, export and share links serialise it as is.
 * Every change by the agent or the user goes through history (undo/redo), except selection,
 * bringing a widget to the front on click (not worth an undo step) and fitting a frame to
 * its measured content. The outline's verbs (rename, front/back, hide, duplicate) and the
 * selection's (move, align, delete together) and auto-arrange are one undo step each. It
 * composes `SnapshotHistory` (undo/redo, parked per conversation), `SelectionState` and
 * `NoticeList`; the record math lives in `record-edits.ts`.
 */
import { AutoUiError, type WidgetId } from '$lib/shared';
import { SnapshotHistory } from './history/snapshot-history.svelte';
import { NoticeList, type CanvasNotice } from './notices.svelte';
import { CanvasParams } from './params/canvas-params.svelte';
import { SourceTasks } from './live/source-tasks.svelte';
import { raiseRestored, sameRecord } from './record-changes';
import {
	changeRecords,
	clampPoint,
	clampSize,
	copiesOf,
	newRecord,
	placedBelow,
	topZ,
	unusedId,
	withOptional,
	type AddOptions
} from './record-edits';
import { SelectionState } from './selection/selection-state.svelte';
import type { Provenance, WidgetRecord, WidgetSource, WidgetStyle } from './types';

export type { CanvasNotice, NoticeAction, NoticeOptions } from './notices.svelte';
export { NOTICE_TTL_MS } from './notices.svelte';
export type { AddOptions } from './record-edits';

/** Size used for a type the catalog does not know. */
export const fallbackSize = { w: 320, h: 200 } as const;

/** Who changed a record. */
export type ChangeSource = Provenance['source'];

/** Options of the store. */
export interface CanvasStoreOptions {
	/** The frame size a widget opens at: its content's natural size for `params`, else its type's default. */
	sizeOf?: (type: string, params: Record<string, unknown>) => { w: number; h: number } | undefined;
	/** Width new widgets are laid out in (reading order wraps here). */
	placementWidth?: number;
	/** Called after every change of the records (not of the selection). */
	onChange?: (records: readonly WidgetRecord[]) => void;
	/** Undo steps kept. */
	historyLimit?: number;
	now?: () => number;
}

/** Reactive canvas state with verb methods. */
export class CanvasStore {
	#records = $state.raw<readonly WidgetRecord[]>([]);
	#history: SnapshotHistory<readonly WidgetRecord[]>;
	#selection = new SelectionState(() => this.#records);
	#notices = new NoticeList();
	#placementWidth: number | undefined;
	#options: CanvasStoreOptions;
	/** The canvas parameters (see `params/`): not undo steps, like the selection. */
	readonly params = new CanvasParams();
	/** The tasks live sources run as, while they run (see `live/source-tasks.svelte.ts`). */
	readonly sourceTasks = new SourceTasks();

	constructor(options: CanvasStoreOptions = {}) {
		this.#options = options;
		this.#history = new SnapshotHistory(options.historyLimit ?? 200);
	}

	/** Every widget, in insertion order (render order comes from `z`). */
	get widgets(): readonly WidgetRecord[] {
		return this.#records;
	}

	/** The primary selection (the last widget selected), which the inspector shows. */
	get selectedId(): WidgetId | null {
		return this.#selection.primaryId;
	}

	/** Every selected widget (shift-click and the marquee select several), the primary last. */
	get selectedIds(): readonly WidgetId[] {
		return this.#selection.ids;
	}

	get selected(): WidgetRecord | undefined {
		return this.#selection.primary;
	}

	get canUndo(): boolean {
		return this.#history.canUndo;
	}
	get canRedo(): boolean {
		return this.#history.canRedo;
	}
	/** The undo steps, which a conversation switch parks and takes back. */
	get undoSteps(): Pick<SnapshotHistory<readonly WidgetRecord[]>, 'park' | 'resume'> {
		return this.#history;
	}

	get notices(): readonly CanvasNotice[] {
		return this.#notices.list;
	}

	/** The record with `id`, if any. */
	get(id: string): WidgetRecord | undefined {
		return this.#records.find((record) => record.id === id);
	}

	/** Adds a widget, placed automatically unless x/y are given; returns its record. */
	add(type: string, params: Record<string, unknown>, options: AddOptions = {}): WidgetRecord {
		const record = newRecord(this.#records, type, params, options, {
			id: unusedId(this.#records),
			size: this.#options.sizeOf?.(type, params) ?? fallbackSize,
			width: this.#placementWidth ?? this.#options.placementWidth ?? 1200,
			createdAt: (this.#options.now ?? Date.now)()
		});
		this.#commit([...this.#records, record]);
		return record;
	}

	/**
	 * The width new widgets are laid out in, in canvas pixels: the canvas view sets it to what
	 * it shows, so a turn's widgets wrap where the view does.
	 */
	set placementWidth(width: number) {
		this.#placementWidth = Math.max(240, Math.round(width));
	}

	/**
	 * A live widget's data arrived (or failed): new params and source state in one undoable
	 * step; a failure keeps the params and records the error on the source.
	 */
	refreshed(id: string, change: { params?: Record<string, unknown>; source: WidgetSource }, { history = true } = {}) {
		// Data that follows the parameters (params/param-runs.ts) is not an undo step either.
		const params = change.params ? { params: change.params } : {};
		return this.#replace(id, (record) => ({ ...record, ...params, source: change.source }), history);
	}

	/**
	 * Replaces a widget's params (already validated by the caller) and optionally its title.
	 * A frame the user never resized follows its content: it takes the new params' natural size.
	 */
	update(id: string, params: Record<string, unknown>, source: ChangeSource = 'user', title?: string): WidgetRecord {
		return this.#replace(id, (record) => {
			const size = record.userSized ? undefined : this.#options.sizeOf?.(record.type, params);
			return {
				...record,
				params,
				...(title !== undefined ? { title } : {}),
				...(size ? { w: size.w, h: size.h } : {}),
				provenance: { ...record.provenance, source }
			};
		});
	}

	/** Moves a widget's top-left corner to (x, y); moved by the user, auto-arrange leaves it there. */
	move(id: string, x: number, y: number, source: ChangeSource = 'user'): WidgetRecord {
		return this.#replace(id, (record) => {
			const next = clampPoint(x, y);
			if (next.x === record.x && next.y === record.y) return record;
			return {
				...record,
				...next,
				...(source === 'user' ? { userPlaced: true as const } : {}),
				provenance: { ...record.provenance, source }
			};
		});
	}

	/** Resizes a widget (clamped to 40–10,000 px); resized by the user, its size wins from then on. */
	resize(id: string, w: number, h: number, source: ChangeSource = 'user'): WidgetRecord {
		return this.#replace(id, (record) => ({
			...record,
			...clampSize(w, h),
			...(source === 'user' ? { userSized: true as const } : {}),
			provenance: { ...record.provenance, source }
		}));
	}

	/**
	 * Grows a frame to the size its rendered content measured (never one the user resized).
	 * Not an undo step: it completes the display that added or updated the widget.
	 */
	fit(id: string, w: number, h: number): void {
		const record = this.get(id);
		if (!record || record.userSized) return;
		const next = { ...record, ...clampSize(w, h) };
		if (next.w !== record.w || next.h !== record.h) this.#replace(id, () => next, false);
	}

	/** Sets a widget's style (already sanitised by the caller); `{}` removes it. */
	style(id: string, style: WidgetStyle, source: ChangeSource = 'user'): WidgetRecord {
		return this.#replace(id, (record) => ({ ...record, style, provenance: { ...record.provenance, source } }));
	}

	/** Collapses a widget to its title bar, or expands it. */
	collapse(id: string, collapsed: boolean): WidgetRecord {
		return this.#replace(id, (record) => withOptional(record, 'collapsed', collapsed ? true : undefined));
	}

	/** Removes a widget. */
	remove(id: string): void {
		this.removeMany([id]);
	}

	/** Removes several widgets in one undo step (the selection's Delete). */
	removeMany(ids: readonly string[]): void {
		ids.forEach((id) => this.#require(id));
		const gone = new Set(ids);
		this.#selection.drop(gone);
		this.#commit(this.#records.filter((record) => !gone.has(record.id)));
	}

	/** Removes every widget (undoable). */
	clear(): void {
		if (this.#records.length === 0) return;
		this.#selection.set([]);
		this.#commit([]);
	}

	/** Renames a widget's frame (one undo step); an empty title removes it (the frame shows its type). */
	rename(id: string, title: string): WidgetRecord {
		const text = title.trim().slice(0, 200);
		return this.#replace(id, (record) => withOptional(record, 'title', text || undefined));
	}

	/** Brings a widget above all others (`front`) or below all others (`back`), as an undo step. */
	reorder(id: string, where: 'front' | 'back'): WidgetRecord {
		const zs = this.#records.map((record) => record.z);
		const z = where === 'front' ? Math.max(...zs) + 1 : Math.min(...zs) - 1;
		return this.#replace(id, (record) => ({ ...record, z }));
	}

	/** Hides widgets from the canvas, or shows them again (one undo step). */
	setHidden(ids: readonly string[], hidden: boolean): void {
		this.#changeMany(ids, (record) => withOptional(record, 'hidden', hidden ? true : undefined));
		if (hidden) this.#selection.drop(ids);
	}

	/** Copies widgets beside the originals (one undo step); the copies become the selection. */
	duplicate(ids: readonly string[]): WidgetRecord[] {
		const originals = ids.map((id) => this.#require(id));
		const copies = copiesOf(this.#records, originals, this.#options.now ?? Date.now);
		this.#commit([...this.#records, ...copies]);
		this.#selection.set(copies.map((copy) => copy.id));
		return copies;
	}

	/** Moves several widgets by (dx, dy) in one undo step (dragging the selection). */
	moveMany(ids: readonly string[], dx: number, dy: number): void {
		this.#changeMany(ids, (record) => ({
			...record,
			...clampPoint(record.x + dx, record.y + dy),
			userPlaced: true,
			provenance: { ...record.provenance, source: 'user' }
		}));
	}

	/**
	 * Lines several widgets up: new top-left corners by id, from `selection/align.ts`
	 * (`alignPositions`: an edge or centre of their bounding box), as one undo step.
	 */
	align(positions: ReadonlyMap<string, { x: number; y: number }>): void {
		this.#changeMany([...positions.keys()], (record) => ({
			...record,
			...positions.get(record.id)!,
			userPlaced: true
		}));
	}

	/**
	 * Applies an arrangement — new top-left corners by id, from `layout/arrange.ts`
	 * (`arrangePositions`: by turn, in reading order, keeping what the user moved) — as one
	 * undo step.
	 */
	arrange(positions: ReadonlyMap<string, { x: number; y: number }>): void {
		this.#changeMany([...positions.keys()], (record) => ({ ...record, ...positions.get(record.id)! }));
	}

	/** Replaces all records (import, share link, saved state). `undoable: false` for restores. */
	replaceAll(records: readonly WidgetRecord[], { undoable = true } = {}): void {
		this.#selection.set([]);
		if (undoable) this.#commit([...records]);
		else {
			this.#records = [...records];
			this.#history.clear();
			this.#options.onChange?.(this.#records);
		}
	}

	/**
	 * Adds outside records below everything already on the canvas (one undo step), giving
	 * fresh ids to those whose id is taken; returns the records as added.
	 */
	merge(records: readonly WidgetRecord[]): WidgetRecord[] {
		if (records.length === 0) return [];
		const added = placedBelow(this.#records, records);
		this.#commit([...this.#records, ...added]);
		return added;
	}

	/** Puts a widget above all others. Not an undo step. */
	bringToFront(id: string): void {
		const record = this.#require(id);
		const top = topZ(this.#records);
		if (record.z === top && this.#records.filter((other) => other.z === top).length === 1) return;
		this.#records = this.#records.map((other) => (other.id === id ? { ...other, z: top + 1 } : other));
		this.#options.onChange?.(this.#records);
	}

	/** Selects a widget (or nothing with `null`). */
	select(id: string | null): void {
		if (id !== null) this.#require(id);
		this.#selection.set(id === null ? [] : [id]);
	}

	/** Adds a widget to the selection, or takes it out when it is in (shift-click). */
	toggleSelected(id: string): void {
		this.#require(id);
		this.#selection.toggle(id);
	}

	/** Selects exactly `ids` (the marquee), the last one primary. */
	selectMany(ids: readonly string[]): void {
		ids.forEach((id) => this.#require(id));
		this.#selection.set(ids);
	}

	/** Reverts the last change. */
	undo(): void {
		const previous = this.#history.undo(this.#records);
		if (previous) this.#apply(raiseRestored(previous, this.#records));
	}

	/** Re-applies the last undone change. */
	redo(): void {
		const next = this.#history.redo(this.#records);
		if (next) this.#apply(raiseRestored(next, this.#records));
	}

	/**
	 * Shows a notice above the canvas; returns its id. Notices stack (the newest five);
	 * information and warnings without actions expire on their own (NOTICE_TTL_MS), errors
	 * and notices that offer an action stay until dismissed. A newer notice about the same
	 * subject (`options.subject`, default the message) replaces the older ones.
	 */
	notify(...notice: Parameters<NoticeList['notify']>): number {
		return this.#notices.notify(...notice);
	}

	/** Hides a notice. */
	dismissNotice(id: number): void {
		this.#notices.dismiss(id);
	}

	#apply(records: readonly WidgetRecord[]): void {
		this.#records = records;
		this.#selection.retain(records);
		this.#options.onChange?.(records);
	}

	/** Replaces the records `ids` through `change` in one undo step (none when nothing changes). */
	#changeMany(ids: readonly string[], change: (record: WidgetRecord) => WidgetRecord): void {
		ids.forEach((id) => this.#require(id));
		const next = changeRecords(this.#records, ids, change);
		if (next !== this.#records) this.#commit(next);
	}

	#commit(records: readonly WidgetRecord[]): void {
		this.#history.push(this.#records);
		this.#apply(records);
	}

	/** Replaces one record: an undo step, or (`history` false) not, like fitting a frame. */
	#replace(id: string, change: (record: WidgetRecord) => WidgetRecord, history = true): WidgetRecord {
		const record = this.#require(id);
		const next = change(record);
		if (sameRecord(next, record)) return record;
		const records = this.#records.map((other) => (other.id === id ? next : other));
		if (history) this.#commit(records);
		else this.#apply(records);
		return next;
	}

	#require(id: string): WidgetRecord {
		const record = this.get(id);
		if (record) return record;
		const ids = this.#records.map((other) => other.id);
		throw new AutoUiError(
			'not_found',
			ids.length
				? `Unknown widget "${id}"; ids on the canvas: ${ids.join(', ')}`
				: `Unknown widget "${id}"; the canvas is empty`
		);
	}
}
