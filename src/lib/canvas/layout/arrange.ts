/**
 * Auto-arrange: packs the canvas again in reading order within a width (the view's), in
 * rows, keeping every widget the user moved where it is (the others flow around it). Pure:
 * it returns the new positions and the store applies them as one undo step.
 */
import { boundingBox, placeInBand, placementGap, type Rect } from '../placement';
import type { WidgetRecord } from '../types';

/** The readable width to pack in when none is known (canvas pixels). */
export const defaultArrangeWidth = 1200;

/** The group a widget is arranged with: its turn, or the widgets added outside any turn together. */
function groupKey(record: WidgetRecord): string {
	return record.turn ? `turn:${record.turn}` : 'other';
}

/**
 * The records that move, in the order they are packed: groups (turns) by their first
 * widget's creation, widgets inside a group by creation (the order the answer gave them).
 */
export function arrangeOrder(records: readonly WidgetRecord[]): WidgetRecord[] {
	const groups = new Map<string, WidgetRecord[]>();
	for (const record of [...records].sort((a, b) => a.createdAt - b.createdAt)) {
		if (record.userPlaced || record.hidden) continue;
		const key = groupKey(record);
		groups.set(key, [...(groups.get(key) ?? []), record]);
	}
	return [...groups.values()].flat();
}

/**
 * New positions for the records that move (user-moved and hidden widgets stay). They flow
 * left to right in {@link arrangeOrder}, wrapping to a new row at `width`, each one the
 * first free spot after the one before it in reading order (no overlaps).
 */
export function arrangePositions(
	records: readonly WidgetRecord[],
	width = defaultArrangeWidth
): Map<string, { x: number; y: number }> {
	const placed: Rect[] = records.filter((record) => record.userPlaced || record.hidden);
	const positions = new Map<string, { x: number; y: number }>();
	let previous: { x: number; y: number } | undefined;
	for (const record of arrangeOrder(records)) {
		const size = { w: record.w, h: record.h };
		const spot = placeInBand(placed, size, Math.max(width, record.w + 2 * placementGap), placementGap, previous);
		previous = spot;
		placed.push({ ...spot, ...size });
		if (spot.x !== record.x || spot.y !== record.y) positions.set(record.id, spot);
	}
	return positions;
}

/** Zooms auto-arrange tries, from 100 % down to the lowest "Fit all" goes to. */
const arrangeZooms = [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4];

/**
 * Auto-arrange for a view `width` × `height` screen pixels: packs into the width the view
 * shows at each of a few zooms and keeps the packing that "Fit all" then shows largest (the
 * narrowest one on a tie), so the widgets use the view's width and height alike.
 */
export function arrangeForView(
	records: readonly WidgetRecord[],
	width: number,
	height: number,
	padding = 24
): Map<string, { x: number; y: number }> {
	let best: { positions: Map<string, { x: number; y: number }>; zoom: number } | undefined;
	for (const zoom of arrangeZooms) {
		const positions = arrangePositions(records, Math.max(400, (width - 2 * padding) / zoom));
		const rects = records
			.filter((record) => !record.hidden)
			.map((record) => ({ ...record, ...positions.get(record.id) }));
		const box = boundingBox(rects);
		const shown = box ? Math.min(1, (width - 2 * padding) / box.w, (height - 2 * padding) / box.h) : 1;
		if (!best || shown > best.zoom + 0.001) best = { positions, zoom: shown };
	}
	return best?.positions ?? new Map();
}
