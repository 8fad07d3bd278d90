/**
 * Comparing record lists for the store's history: whether a change changed anything, and
 * which records an undo or redo brought back.
 */
import type { WidgetRecord } from './types';

/** True when a change changed nothing (params compared by reference: they may be large). */
export function sameRecord(a: WidgetRecord, b: WidgetRecord): boolean {
	const keys = Object.keys(a) as Array<keyof WidgetRecord>;
	if (keys.length !== Object.keys(b).length) return false;
	return keys.every((key) =>
		key === 'style' || key === 'provenance' ? JSON.stringify(a[key]) === JSON.stringify(b[key]) : a[key] === b[key]
	);
}

function intersects(a: WidgetRecord, b: WidgetRecord): boolean {
	return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * The records an undo or redo brings back or changes go to the front (in their order) when
 * another widget above them overlaps them, so a restored widget never sits under one that
 * was raised since: z-order is not in the history.
 */
export function raiseRestored(
	records: readonly WidgetRecord[],
	before: readonly WidgetRecord[]
): readonly WidgetRecord[] {
	const previous = new Map(before.map((record) => [record.id, record]));
	const restored = records.filter((record) => {
		const old = previous.get(record.id);
		const changed = !old || (old !== record && !sameRecord(record, old));
		return (
			changed &&
			records.some((other) => other !== record && !other.hidden && other.z >= record.z && intersects(other, record))
		);
	});
	if (restored.length === 0) return records;
	let top = records.reduce((max, record) => Math.max(max, record.z), 0);
	const raised = new Map(restored.sort((a, b) => a.z - b.z).map((record) => [record.id, ++top]));
	return records.map((record) => (raised.has(record.id) ? { ...record, z: raised.get(record.id)! } : record));
}
