/**
 * What appeared in a pane while another was shown (narrow screens show one pane at a time):
 * the tab of the hidden pane counts the new items until it is opened.
 */

/** How recent an item must be to count as new: older ones were restored or loaded, not added. */
export const recentMs = 10_000;

/**
 * The unseen count after the pane's items became `items`: `count` plus the recent items not
 * in `known`, or 0 while the pane is shown. Returns the ids to pass as `known` next time.
 */
export function countUnseen(
	count: number,
	known: ReadonlySet<string>,
	items: ReadonlyArray<{ id: string; createdAt: number }>,
	shown: boolean,
	now = Date.now()
): { count: number; known: Set<string> } {
	const added = items.filter((item) => !known.has(item.id) && now - item.createdAt < recentMs).length;
	return { count: shown ? 0 : count + added, known: new Set(items.map((item) => item.id)) };
}
