/**
 * A shared canvas's live widgets call the recipient's tools — their sources run on the
 * recipient's servers, with the recipient's credentials. So widgets that arrive by a link
 * come with their sources held: nothing runs until the user allows the canvas's live data,
 * in one prompt that lists the tools they would call. Refresh timers from a link start
 * paused even then; the frame offers to resume them. Holds are part of the record, so a
 * reload, an export and import, a conversation switch or a later visit does not run them
 * either (the prompt comes back). An imported file (dashboard or canvas) is held the same
 * way: a file is a document anyone may have sent.
 */
import type { CanvasStore } from '../canvas-store.svelte';
import type { WidgetRecord } from '../types';

/** The records with their sources held (and refresh timers paused) until the user allows them. */
export function holdSources(records: readonly WidgetRecord[]): WidgetRecord[] {
	return records.map((record) =>
		record.source
			? {
					...record,
					source: { ...record.source, held: true, ...(record.source.refreshSeconds ? { paused: true } : {}) }
				}
			: record
	);
}

/** The tools the held widgets of the canvas would call, each once, in canvas order. */
export function heldTools(records: readonly WidgetRecord[]): string[] {
	return [...new Set(records.flatMap((record) => (record.source?.held ? [record.source.tool] : [])))];
}

/** Releases every held source (their timers stay paused until resumed on the frame). */
export function allowHeldSources(store: CanvasStore): number {
	let released = 0;
	for (const record of store.widgets) {
		if (!record.source?.held) continue;
		const { held: _held, ...source } = record.source;
		store.refreshed(record.id, { source });
		released++;
	}
	return released;
}

/** Resumes a widget's paused refresh timer. */
export function resumeRefresh(store: CanvasStore, id: string): void {
	const source = store.get(id)?.source;
	if (!source?.paused) return;
	const { paused: _paused, ...rest } = source;
	store.refreshed(id, { source: rest });
}

/**
 * Offers, once, to allow the held sources of the canvas; does nothing when none is held.
 * `what` names where they came from ("This shared canvas", "The imported file").
 */
export function offerLiveConsent(store: CanvasStore, what = 'This shared canvas'): void {
	const tools = heldTools(store.widgets);
	if (!tools.length) return;
	const count = store.widgets.filter((record) => record.source?.held).length;
	const shown = tools.slice(0, 8).join(', ') + (tools.length > 8 ? ` and ${tools.length - 8} more` : '');
	const id = store.notify(
		'info',
		`${what} has ${count} live widget${count === 1 ? '' : 's'} that would call your tools: ${shown}. Their data is not fetched until you allow it.`,
		[
			{
				id: 'share-live-allow',
				label: 'Allow live data',
				run: () => {
					store.dismissNotice(id);
					const released = allowHeldSources(store);
					store.notify(
						'info',
						`Live data allowed for ${released} widget${released === 1 ? '' : 's'}; timed refreshes stay paused until you resume them on a widget.`
					);
				}
			},
			{ id: 'share-live-deny', label: 'Not now', run: () => store.dismissNotice(id) }
		],
		{ choice: true }
	);
}
