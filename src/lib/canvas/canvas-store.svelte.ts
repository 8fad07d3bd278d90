/**
 * The canvas store: widget records and the selection, changed only through verb methods.
 * Records are plain immutable JSON (an update replaces the record), so undo/redo keeps
 * snapshots of the list, and persistence, export and share links serialise it as is.
 *
 * Every change by the agent or the user goes through history (undo/redo), except selection
 * and z-order (bringing a widget to the front on click is not worth an undo step).
 */
import { AutoUiError, widgetId, type WidgetId } from '$lib/shared';
import { placeWidget, placementGap } from './placement';
import { clampRound, recordLimits } from './records';
import type { Provenance, WidgetRecord, WidgetSource, WidgetStyle } from './types';

/** Size used for a type the catalog does not know. */
export const fallbackSize = { w: 320, h: 200 } as const;

/** A button on a notice (e.g. the choices offered when a share link opens). */
export interface NoticeAction {
	/** Stable id, used as the button's `data-testid`. */
	id: string;
	label: string;
	run: () => void | Promise<void>;
}

/** A message shown above the canvas (restore problems, import reports, choices). */
export interface CanvasNotice {
	id: number;
	kind: 'info' | 'warning' | 'error';
	message: string;
	actions?: readonly NoticeAction[];
}

/** How long notices without actions stay, by kind; errors stay until dismissed. */
export const NOTICE_TTL_MS: Readonly<Record<CanvasNotice['kind'], number | undefined>> = { info: 8_000, warning: 12_000, error: undefined };

/** Who changed a record. */
export type ChangeSource = Provenance['source'];

/** Options of the store. */
export interface CanvasStoreOptions {
	/** Default frame size of a widget type. */
	sizeOf?: (type: string) => { w: number; h: number } | undefined;
	/** Width new widgets are laid out in (reading order wraps here). */
	placementWidth?: number;
	/** Called after every change of the records (not of the selection). */
	onChange?: (records: readonly WidgetRecord[]) => void;
	/** Undo steps kept. */
	historyLimit?: number;
	now?: () => number;
}

/** What `add` may set besides type and params. */
export interface AddOptions {
	title?: string;
	x?: number;
	y?: number;
	w?: number;
	h?: number;
	style?: WidgetStyle;
	provenance?: Partial<Provenance>;
	source?: WidgetSource;
}

/** True when a change changed nothing (params compared by reference: they may be large). */
function sameRecord(a: WidgetRecord, b: WidgetRecord): boolean {
	const keys = Object.keys(a) as Array<keyof WidgetRecord>;
	if (keys.length !== Object.keys(b).length) return false;
	return keys.every((key) =>
		key === 'style' || key === 'provenance' ? JSON.stringify(a[key]) === JSON.stringify(b[key]) : a[key] === b[key]
	);
}

/** Reactive canvas state with verb methods. */
export class CanvasStore {
	#records = $state.raw<readonly WidgetRecord[]>([]);
	#selectedId = $state.raw<WidgetId | null>(null);
	#past = $state.raw<ReadonlyArray<readonly WidgetRecord[]>>([]);
	#future = $state.raw<ReadonlyArray<readonly WidgetRecord[]>>([]);
	#notices = $state.raw<readonly CanvasNotice[]>([]);
	#noticeCount = 0;
	#options: CanvasStoreOptions;
	#selected = $derived(this.#records.find((record) => record.id === this.#selectedId));

	constructor(options: CanvasStoreOptions = {}) {
		this.#options = options;
	}

	/** Every widget, in insertion order (render order comes from `z`). */
	get widgets(): readonly WidgetRecord[] {
		return this.#records;
	}

	get selectedId(): WidgetId | null {
		return this.#selectedId;
	}

	get selected(): WidgetRecord | undefined {
		return this.#selected;
	}

	get canUndo(): boolean {
		return this.#past.length > 0;
	}

	get canRedo(): boolean {
		return this.#future.length > 0;
	}

	get notices(): readonly CanvasNotice[] {
		return this.#notices;
	}

	/** The record with `id`, if any. */
	get(id: string): WidgetRecord | undefined {
		return this.#records.find((record) => record.id === id);
	}

	/** Adds a widget, placed automatically unless x/y are given; returns its record. */
	add(type: string, params: Record<string, unknown>, options: AddOptions = {}): WidgetRecord {
		const size = this.#options.sizeOf?.(type) ?? fallbackSize;
		const w = clampRound(options.w ?? size.w, recordLimits.minSize, recordLimits.maxSize);
		const h = clampRound(options.h ?? size.h, recordLimits.minSize, recordLimits.maxSize);
		const position =
			options.x !== undefined && options.y !== undefined
				? { x: options.x, y: options.y }
				: placeWidget(this.#records, { w, h }, this.#options.placementWidth);
		const record: WidgetRecord = {
			id: this.#freshId(),
			type,
			params,
			...(options.title ? { title: options.title } : {}),
			x: clampRound(position.x, -recordLimits.coordinate, recordLimits.coordinate),
			y: clampRound(position.y, -recordLimits.coordinate, recordLimits.coordinate),
			w,
			h,
			z: this.#topZ() + 1,
			style: options.style ?? {},
			provenance: { dataFrom: [], source: 'user', ...options.provenance },
			createdAt: (this.#options.now ?? Date.now)(),
			...(options.source ? { source: options.source } : {})
		};
		this.#commit([...this.#records, record]);
		return record;
	}

	/**
	 * A live widget's data arrived (or failed): new params and source state in one undoable
	 * step; a failure keeps the params and records the error on the source.
	 */
	refreshed(id: string, change: { params?: Record<string, unknown>; source: WidgetSource }): WidgetRecord {
		return this.#replace(id, (record) => ({ ...record, ...(change.params ? { params: change.params } : {}), source: change.source }));
	}

	/** Replaces a widget's params (already validated by the caller) and optionally its title. */
	update(id: string, params: Record<string, unknown>, source: ChangeSource = 'user', title?: string): WidgetRecord {
		return this.#replace(id, (record) => ({
			...record,
			params,
			...(title !== undefined ? { title } : {}),
			provenance: { ...record.provenance, source }
		}));
	}

	/** Moves a widget's top-left corner to (x, y). */
	move(id: string, x: number, y: number, source: ChangeSource = 'user'): WidgetRecord {
		const { coordinate } = recordLimits;
		return this.#replace(id, (record) => ({
			...record,
			x: clampRound(x, -coordinate, coordinate),
			y: clampRound(y, -coordinate, coordinate),
			provenance: { ...record.provenance, source }
		}));
	}

	/** Resizes a widget (clamped to 40–10,000 px). */
	resize(id: string, w: number, h: number, source: ChangeSource = 'user'): WidgetRecord {
		const { minSize, maxSize } = recordLimits;
		return this.#replace(id, (record) => ({
			...record,
			w: clampRound(w, minSize, maxSize),
			h: clampRound(h, minSize, maxSize),
			provenance: { ...record.provenance, source }
		}));
	}

	/** Sets a widget's style (already sanitised by the caller); `{}` removes it. */
	style(id: string, style: WidgetStyle, source: ChangeSource = 'user'): WidgetRecord {
		return this.#replace(id, (record) => ({ ...record, style, provenance: { ...record.provenance, source } }));
	}

	/** Collapses a widget to its title bar, or expands it. */
	collapse(id: string, collapsed: boolean): WidgetRecord {
		return this.#replace(id, (record) => {
			const { collapsed: _previous, ...rest } = record;
			return collapsed ? { ...rest, collapsed: true } : rest;
		});
	}

	/** Removes a widget. */
	remove(id: string): void {
		this.#require(id);
		if (this.#selectedId === id) this.#selectedId = null;
		this.#commit(this.#records.filter((record) => record.id !== id));
	}

	/** Removes every widget (undoable). */
	clear(): void {
		if (this.#records.length === 0) return;
		this.#selectedId = null;
		this.#commit([]);
	}

	/** Replaces all records (import, share link, saved state). `undoable: false` for restores. */
	replaceAll(records: readonly WidgetRecord[], { undoable = true } = {}): void {
		this.#selectedId = null;
		if (undoable) this.#commit([...records]);
		else {
			this.#records = [...records];
			this.#past = [];
			this.#future = [];
			this.#options.onChange?.(this.#records);
		}
	}

	/**
	 * Adds outside records below everything already on the canvas (one undo step), giving
	 * fresh ids to those whose id is taken; returns the records as added.
	 */
	merge(records: readonly WidgetRecord[]): WidgetRecord[] {
		if (records.length === 0) return [];
		const bottom = this.#records.reduce((max, record) => Math.max(max, record.y + record.h), 0);
		const top = records.reduce((min, record) => Math.min(min, record.y), Infinity);
		const shift = this.#records.length ? bottom + placementGap - top : 0;
		const zBase = this.#topZ();
		const taken = new Set<string>(this.#records.map((record) => record.id));
		const added = records.map((record) => {
			let id = record.id;
			while (taken.has(id)) id = widgetId();
			taken.add(id);
			return { ...record, id, y: clampRound(record.y + shift, -recordLimits.coordinate, recordLimits.coordinate), z: zBase + record.z };
		});
		this.#commit([...this.#records, ...added]);
		return added;
	}

	/** Puts a widget above all others. Not an undo step. */
	bringToFront(id: string): void {
		const record = this.#require(id);
		const top = this.#topZ();
		if (record.z === top && this.#records.filter((other) => other.z === top).length === 1) return;
		this.#records = this.#records.map((other) => (other.id === id ? { ...other, z: top + 1 } : other));
		this.#options.onChange?.(this.#records);
	}

	/** Selects a widget (or nothing with `null`). */
	select(id: string | null): void {
		if (id !== null) this.#require(id);
		this.#selectedId = id as WidgetId | null;
	}

	/** Reverts the last change. */
	undo(): void {
		const previous = this.#past.at(-1);
		if (!previous) return;
		this.#past = this.#past.slice(0, -1);
		this.#future = [...this.#future, this.#records];
		this.#apply(previous);
	}

	/** Re-applies the last undone change. */
	redo(): void {
		const next = this.#future.at(-1);
		if (!next) return;
		this.#future = this.#future.slice(0, -1);
		this.#past = [...this.#past, this.#records];
		this.#apply(next);
	}

	/**
	 * Shows a notice above the canvas; returns its id. Notices stack (the newest five);
	 * information and warnings without actions expire on their own (NOTICE_TTL_MS), errors
	 * and notices that offer an action stay until dismissed.
	 */
	notify(kind: CanvasNotice['kind'], message: string, actions?: readonly NoticeAction[]): number {
		const id = ++this.#noticeCount;
		this.#notices = [...this.#notices, { id, kind, message, ...(actions?.length ? { actions } : {}) }].slice(-5);
		const ttl = actions?.length ? undefined : NOTICE_TTL_MS[kind];
		if (ttl) setTimeout(() => this.dismissNotice(id), ttl);
		return id;
	}

	/** Hides a notice. */
	dismissNotice(id: number): void {
		this.#notices = this.#notices.filter((notice) => notice.id !== id);
	}

	#apply(records: readonly WidgetRecord[]): void {
		this.#records = records;
		if (this.#selectedId && !records.some((record) => record.id === this.#selectedId)) this.#selectedId = null;
		this.#options.onChange?.(records);
	}

	#commit(records: readonly WidgetRecord[]): void {
		const limit = this.#options.historyLimit ?? 200;
		this.#past = [...this.#past, this.#records].slice(-limit);
		this.#future = [];
		this.#apply(records);
	}

	#replace(id: string, change: (record: WidgetRecord) => WidgetRecord): WidgetRecord {
		const record = this.#require(id);
		const next = change(record);
		if (sameRecord(next, record)) return record;
		this.#commit(this.#records.map((other) => (other.id === id ? next : other)));
		return next;
	}

	#require(id: string): WidgetRecord {
		const record = this.get(id);
		if (record) return record;
		const ids = this.#records.map((other) => other.id);
		throw new AutoUiError(
			'not_found',
			ids.length ? `Unknown widget "${id}"; ids on the canvas: ${ids.join(', ')}` : `Unknown widget "${id}"; the canvas is empty`
		);
	}

	#topZ(): number {
		return this.#records.reduce((max, record) => Math.max(max, record.z), 0);
	}

	#freshId(): WidgetId {
		let id = widgetId();
		while (this.get(id)) id = widgetId();
		return id;
	}
}
