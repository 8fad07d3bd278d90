/**
 * Pure edits of the canvas' record list that the store's verbs apply: a new record and where
 * it goes, copies beside their originals, outside records added below everything, bounds,
 * and optional fields set or left out. Each returns new values; none changes its input.
 */
import { widgetId, type WidgetId } from '$lib/shared';
import { newBandTop, placeBeside, placeInBand, placeWidget, placementGap, snap } from './placement';
import { linkedRecord, placeNextTo } from './layout/linked';
import { sameRecord } from './record-changes';
import { clampRound, recordLimits } from './records';
import type { Provenance, WidgetRecord, WidgetSource, WidgetStyle } from './types';

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
	/** The agent turn displaying it: placed in that turn's band, in the order of the answer. */
	turn?: string;
	/**
	 * The widget it was made from (a filter on a chart's column): placed beside it. Without
	 * it, a widget linked to one on the canvas (same parameter, same source) goes beside that.
	 */
	near?: string;
}

/** A top-left corner rounded and kept within the canvas (±100,000 px). */
export function clampPoint(x: number, y: number): { x: number; y: number } {
	const { coordinate } = recordLimits;
	return { x: clampRound(x, -coordinate, coordinate), y: clampRound(y, -coordinate, coordinate) };
}

/** A frame size rounded and kept within 40–10,000 px. */
export function clampSize(w: number, h: number): { w: number; h: number } {
	const { minSize, maxSize } = recordLimits;
	return { w: clampRound(w, minSize, maxSize), h: clampRound(h, minSize, maxSize) };
}

/** The highest `z` on the canvas (0 when it is empty). */
export function topZ(records: readonly WidgetRecord[]): number {
	return records.reduce((max, record) => Math.max(max, record.z), 0);
}

/** A widget id that no record in `taken` has yet (and is then taken). */
function freshId(taken: Set<string>, preferred?: string): WidgetId {
	let id = preferred ?? widgetId();
	while (taken.has(id)) id = widgetId();
	taken.add(id);
	return id as WidgetId;
}

/** A widget id no record has. */
export function unusedId(records: readonly WidgetRecord[]): WidgetId {
	return freshId(new Set(records.map((record) => record.id)));
}

/**
 * A new widget above all others: at `options`' x/y when both are given, else after its
 * turn's widgets (`placeInTurn`), else in the first free spot in reading order within `width`.
 */
export function newRecord(
	records: readonly WidgetRecord[],
	type: string,
	params: Record<string, unknown>,
	options: AddOptions,
	context: { id: WidgetId; size: { w: number; h: number }; width: number; createdAt: number }
): WidgetRecord {
	const { w, h } = clampSize(options.w ?? context.size.w, options.h ?? context.size.h);
	const anchor =
		(options.near ? records.find((record) => record.id === options.near) : undefined) ??
		linkedRecord(records, { params, source: options.source });
	const position =
		options.x !== undefined && options.y !== undefined
			? { x: options.x, y: options.y }
			: ((anchor && placeNextTo(records, { w, h }, context.width, anchor)) ??
				(options.turn
					? placeInTurn(records, options.turn, { w, h }, context.width)
					: placeWidget(records, { w, h }, context.width)));
	return {
		id: context.id,
		type,
		params,
		...(options.title ? { title: options.title } : {}),
		...clampPoint(position.x, position.y),
		w,
		h,
		z: topZ(records) + 1,
		style: options.style ?? {},
		provenance: { dataFrom: [], source: 'user', ...options.provenance },
		createdAt: context.createdAt,
		...(options.source ? { source: options.source } : {}),
		...(options.turn ? { turn: options.turn } : {})
	};
}

/**
 * Where a widget of `turn` goes: after the turn's last widget in reading order, in the
 * band its widgets started. A turn's first widget goes beside the last widget placed (of
 * any turn) when its row has room, else it opens a band below everything: short turns
 * fill the width in rows instead of stacking in one column.
 */
export function placeInTurn(
	records: readonly WidgetRecord[],
	turn: string,
	size: { w: number; h: number },
	width: number
): { x: number; y: number } {
	const mates = records.filter((record) => record.turn === turn && !record.userPlaced);
	if (mates.length === 0) {
		const flowed = records.filter((record) => !record.userPlaced && !record.hidden);
		const end = flowed.length
			? flowed.reduce((latest, record) => (record.createdAt >= latest.createdAt ? record : latest))
			: undefined;
		const beside = end && placeBeside(records, size, width, end);
		return beside ?? placeInBand(records, size, width, newBandTop(records));
	}
	const last = mates.reduce((latest, record) => (record.createdAt >= latest.createdAt ? record : latest));
	return placeInBand(records, size, width, Math.min(...mates.map((record) => record.y)), last);
}

/**
 * Copies of `originals` 24 px below and right of them (on the grid), shown, above every
 * widget, with fresh ids, marked as placed by the user.
 */
export function copiesOf(
	records: readonly WidgetRecord[],
	originals: readonly WidgetRecord[],
	now: () => number
): WidgetRecord[] {
	let z = topZ(records);
	const taken = new Set<string>(records.map((record) => record.id));
	return originals.map((record) => {
		const id = freshId(taken);
		const { hidden: _hidden, ...rest } = record;
		return {
			...structuredClone(rest),
			id,
			x: snap(record.x + 24),
			y: snap(record.y + 24),
			z: ++z,
			createdAt: now(),
			userPlaced: true as const
		};
	});
}

/**
 * Outside records moved below everything on the canvas and above it in z, keeping their
 * layout; those whose id is taken get a fresh one.
 */
export function placedBelow(records: readonly WidgetRecord[], incoming: readonly WidgetRecord[]): WidgetRecord[] {
	const bottom = records.reduce((max, record) => Math.max(max, record.y + record.h), 0);
	const top = incoming.reduce((min, record) => Math.min(min, record.y), Infinity);
	const shift = records.length ? bottom + placementGap - top : 0;
	const zBase = topZ(records);
	const taken = new Set<string>(records.map((record) => record.id));
	return incoming.map((record) => {
		const id = freshId(taken, record.id);
		return { ...record, id, y: clampPoint(0, record.y + shift).y, z: zBase + record.z };
	});
}

/** `record` with an optional field set to `value`, or without it when `value` is undefined. */
export function withOptional<K extends 'title' | 'collapsed' | 'hidden'>(
	record: WidgetRecord,
	key: K,
	value: WidgetRecord[K] | undefined
): WidgetRecord {
	const { [key]: _previous, ...rest } = record;
	return (value === undefined ? rest : { ...rest, [key]: value }) as WidgetRecord;
}

/**
 * The records `ids` replaced through `change`, keeping the others; `records` itself when no
 * record changed (so a no-op is not an undo step).
 */
export function changeRecords(
	records: readonly WidgetRecord[],
	ids: readonly string[],
	change: (record: WidgetRecord) => WidgetRecord
): readonly WidgetRecord[] {
	const targets = new Set(ids);
	let changed = false;
	const next = records.map((record) => {
		if (!targets.has(record.id)) return record;
		const updated = change(record);
		if (sameRecord(updated, record)) return record;
		changed = true;
		return updated;
	});
	return changed ? next : records;
}
