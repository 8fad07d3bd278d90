/**
 * Auto-arrange: packs the canvas again by turn, in reading order, within a width, keeping
 * every widget the user moved where it is (the others flow around it). Pure: it returns the
 * new positions and the store applies them as one undo step.
 */
import { newBandTop, placeInBand, placementGap, type Rect } from '../placement';
import type { WidgetRecord } from '../types';

/** The readable width to pack in when none is known (canvas pixels). */
export const defaultArrangeWidth = 1200;

/** The group a widget is arranged with: its turn, or the widgets added outside any turn together. */
function groupKey(record: WidgetRecord): string {
	return record.turn ? `turn:${record.turn}` : 'other';
}

/**
 * New positions for the records that move (user-moved and hidden widgets stay). Groups are
 * ordered by their first widget's creation, widgets inside a group by creation (the order
 * the answer gave them); each group starts a band below the groups before it.
 */
export function arrangePositions(
	records: readonly WidgetRecord[],
	width = defaultArrangeWidth
): Map<string, { x: number; y: number }> {
	const fixed = records.filter((record) => record.userPlaced || record.hidden);
	const groups = new Map<string, WidgetRecord[]>();
	for (const record of [...records].sort((a, b) => a.createdAt - b.createdAt)) {
		if (record.userPlaced || record.hidden) continue;
		const key = groupKey(record);
		groups.set(key, [...(groups.get(key) ?? []), record]);
	}
	const placed: Rect[] = [...fixed];
	const flowed: Rect[] = [];
	const positions = new Map<string, { x: number; y: number }>();
	for (const group of groups.values()) {
		const top = flowed.length ? newBandTop(flowed) : placementGap;
		let previous: { x: number; y: number } | undefined;
		for (const record of group) {
			const spot = placeInBand(
				placed,
				{ w: record.w, h: record.h },
				Math.max(width, record.w + 2 * placementGap),
				top,
				previous
			);
			previous = spot;
			const rect = { x: spot.x, y: spot.y, w: record.w, h: record.h };
			placed.push(rect);
			flowed.push(rect);
			if (spot.x !== record.x || spot.y !== record.y) positions.set(record.id, spot);
		}
	}
	return positions;
}
