/**
 * The outline's rows: every widget with its title, type and the turn that made it, grouped
 * by turn in the order the turns happened (widgets added outside any turn come last), the
 * widgets of a group in reading order. Pure.
 */
import type { WidgetRecord } from '../types';

/** One row of the outline. */
export interface OutlineRow {
	record: WidgetRecord;
	title: string;
	/** "Turn 2", or "Added outside a turn". */
	turnLabel: string;
	/** 1-based turn number on this canvas; 0 outside any turn. */
	turn: number;
}

/** The outline rows of `records`; `typeTitle` names a type ("Bar chart") for untitled widgets. */
export function outlineRows(records: readonly WidgetRecord[], typeTitle: (type: string) => string): OutlineRow[] {
	const turns = new Map<string, number>();
	for (const record of [...records].sort((a, b) => a.createdAt - b.createdAt)) {
		if (record.turn && !turns.has(record.turn)) turns.set(record.turn, turns.size + 1);
	}
	return records
		.map((record) => {
			const turn = record.turn ? turns.get(record.turn)! : 0;
			return {
				record,
				title: record.title ?? typeTitle(record.type),
				turn,
				turnLabel: turn ? `Turn ${turn}` : 'Added outside a turn'
			};
		})
		.sort((a, b) => (a.turn || Infinity) - (b.turn || Infinity) || a.record.y - b.record.y || a.record.x - b.record.x);
}
