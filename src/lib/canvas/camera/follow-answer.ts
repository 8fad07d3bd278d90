/**
 * Which part of the canvas an answer needs in view: the widgets a turn just added, and the
 * band of that turn (all its shown widgets), so a later widget never pushes the first one
 * out of view; a new widget linked to one already there (see `layout/linked.ts`) together
 * with that one.
 */
import { linkedRecord } from '../layout/linked';
import { boundingBox, type Rect } from '../placement';
import type { WidgetRecord } from '../types';

/** How long after it was added a widget still counts as new. */
const freshForMs = 10_000;

/** The shown widgets of a turn in `records` that `known` did not hold, added in the last 10 s. */
export function newTurnWidgets(
	records: readonly WidgetRecord[],
	known: ReadonlySet<string>,
	now: number
): WidgetRecord[] {
	return records.filter(
		(record) => !known.has(record.id) && record.turn && !record.hidden && now - record.createdAt < freshForMs
	);
}

/** The bounding box of the shown widgets of `first`'s turn (`first` itself when it has none). */
export function turnBand(records: readonly WidgetRecord[], first: WidgetRecord): Rect {
	return boundingBox(records.filter((record) => record.turn === first.turn && !record.hidden)) ?? first;
}

/**
 * The box of the newest widget `known` did not hold (added in the last 10 s, by the model or
 * by hand) and the widget it is linked to, when it is linked to one.
 */
export function linkedPair(
	records: readonly WidgetRecord[],
	known: ReadonlySet<string>,
	now: number
): Rect | undefined {
	const added = records.filter(
		(record) => !known.has(record.id) && !record.hidden && now - record.createdAt < freshForMs
	);
	const last = added.at(-1);
	if (!last || known.size === 0) return undefined;
	const anchor = linkedRecord(
		records.filter((record) => record !== last),
		last
	);
	return anchor ? boundingBox([anchor, last]) : undefined;
}
