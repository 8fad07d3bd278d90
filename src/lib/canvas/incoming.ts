/**
 * Canvases that arrive from outside — an imported file or a share link — never destroy
 * the user's own: an import that yields nothing changes nothing and says why, a partial
 * import is one undo step, and a share link opened over a non-empty canvas asks first
 * (open it on its own, add it to mine, keep mine). Opening it on its own starts a new
 * conversation for it when the page has conversations ({@link CanvasApart}): the user's
 * conversation and canvas stay as they were, one click away. Without them it replaces the
 * canvas, keeping the user's one Undo away and in storage under {@link previousCanvasKey}.
 */
import { errorMessage, type KeyValueStore } from '$lib/shared';
import type { WidgetValidator } from '$lib/webmcp';
import type { CanvasReading } from './canvas-document';
import { createCanvasDocument, readCanvasDocument } from './canvas-document';
import type { CanvasStore } from './canvas-store.svelte';
import { canvasStorageKey } from './persistence';
import type { WidgetRecord } from './types';
import { holdSources, offerLiveConsent } from './live/link-consent';

/** Where the canvas a shared one replaced is kept. */
export const previousCanvasKey = `${canvasStorageKey}.previous`;

const problemPreview = 5;

function listProblems(problems: readonly string[]): string {
	const shown = problems.slice(0, problemPreview).join('; ');
	return problems.length > problemPreview ? `${shown}; and ${problems.length - problemPreview} more` : shown;
}

function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * Applies an imported file: replaces the canvas (one undo step) when it holds at least one
 * valid widget, its live sources held until the user allows them (one prompt listing the
 * tools); otherwise leaves the canvas unchanged and reports every problem.
 */
export function applyImport(store: CanvasStore, reading: CanvasReading, fileName: string): { imported: number } {
	if (reading.records.length === 0) {
		const why = reading.problems.length ? `: ${listProblems(reading.problems)}` : ': the file has no widgets';
		store.notify('error', `Nothing imported from ${fileName}; your canvas is unchanged${why}.`, undefined, {
			subject: 'import'
		});
		return { imported: 0 };
	}
	const had = store.widgets.length;
	const previous = { records: store.widgets, parameters: store.params.values };
	// A file is a document anyone may have sent: its live widgets wait for the user's consent,
	// their timed refreshes paused, as a shared canvas's do.
	store.replaceAll(holdSources(reading.records));
	store.params.replace(reading.parameters ?? {});
	// Undo brings the widgets back; the action brings back the parameters with them.
	const restore =
		had && Object.keys({ ...previous.parameters, ...store.params.values }).length
			? [{ id: 'import-restore', label: 'Back to my canvas', run: () => restoreCanvas(store, previous) }]
			: undefined;
	store.notify(
		'info',
		`Imported ${reading.records.length} widget(s) from ${fileName}.${had ? ' Undo brings back your previous canvas.' : ''}`,
		restore,
		{ subject: 'import' }
	);
	if (reading.problems.length) {
		store.notify('warning', `Skipped ${reading.problems.length} invalid widget(s): ${listProblems(reading.problems)}`);
	}
	offerLiveConsent(store, `The imported file ${fileName}`);
	return { imported: reading.records.length };
}

/** Puts a canvas back as it was, widgets (one undo step) and parameters. */
function restoreCanvas(store: CanvasStore, canvas: { records: readonly WidgetRecord[]; parameters: unknown }): void {
	store.replaceAll(canvas.records);
	store.params.replace(canvas.parameters);
}

/** Opens a canvas apart from the current one: the page's conversations. */
export interface CanvasApart {
	/**
	 * Moves the page to a new, empty conversation (with its own canvas) named `title`; rejects
	 * when it could not. Resolves with the title of the conversation it left and the way back.
	 */
	open(title: string): Promise<{ left: string; back(): Promise<void> }>;
}

/** Options of {@link offerSharedCanvas}. */
export interface SharedCanvasOptions {
	/** Where the replaced canvas is kept; `null` keeps it in the undo history only. */
	kv: KeyValueStore | null;
	/** Where "Open it on its own" opens it; without it, it replaces this canvas (undoable). */
	apart?: CanvasApart;
}

function reportSkipped(store: CanvasStore, reading: CanvasReading): void {
	if (reading.problems.length)
		store.notify('warning', `Some shared widgets were skipped: ${listProblems(reading.problems)}`);
}

/** Opens the shared canvas in a new conversation; the user's stays as it is. */
async function openApart(store: CanvasStore, reading: CanvasReading, apart: CanvasApart): Promise<void> {
	const { left, back } = await apart.open('Shared canvas');
	store.replaceAll(reading.records, { undoable: false });
	store.params.replace(reading.parameters ?? {});
	store.notify(
		'info',
		`Opened the shared canvas (${plural(reading.records.length, 'widget')}) as a new conversation; “${left}” is unchanged in your conversations.`,
		[{ id: 'share-restore', label: `Back to “${left}”`, run: back }],
		{ subject: 'shared-canvas', choice: true }
	);
	reportSkipped(store, reading);
}

async function openOnItsOwn(store: CanvasStore, reading: CanvasReading, options: SharedCanvasOptions): Promise<void> {
	const previous: readonly WidgetRecord[] = store.widgets;
	const previousParameters = store.params.values;
	let kept = 'Undo brings it back';
	if (options.kv) {
		try {
			await options.kv.set(previousCanvasKey, createCanvasDocument(previous, [], previousParameters));
			kept = 'Undo brings it back, and a copy stays in this browser';
		} catch (error) {
			kept = `Undo brings it back (a copy could not be stored: ${errorMessage(error)})`;
		}
	}
	store.replaceAll(reading.records);
	store.params.replace(reading.parameters ?? {});
	store.notify(
		'info',
		`Opened the shared canvas (${plural(reading.records.length, 'widget')}). Your previous canvas (${plural(previous.length, 'widget')}) is kept: ${kept}.`,
		[
			{
				id: 'share-restore',
				label: 'Back to my canvas',
				run: () => restoreCanvas(store, { records: previous, parameters: previousParameters })
			},
			{ id: 'share-merge-previous', label: 'Add mine to this one', run: () => void store.merge(previous) }
		],
		{ choice: true }
	);
	reportSkipped(store, reading);
}

/**
 * Offers a shared canvas. On an empty canvas it opens at once; otherwise the canvas stays
 * as it is and a notice offers: open it on its own (`share-open`), add it below mine
 * (`share-merge`), or keep mine (`share-keep`). Every choice is undoable.
 */
export async function offerSharedCanvas(
	store: CanvasStore,
	reading: CanvasReading,
	options: SharedCanvasOptions
): Promise<void> {
	if (reading.records.length === 0) {
		store.notify(
			'error',
			`The shared canvas has no widget that can be shown${reading.problems.length ? `: ${listProblems(reading.problems)}` : ''}. Your canvas is unchanged.`
		);
		return;
	}
	// Its live widgets' sources wait for the user's consent (they would call the user's tools).
	reading = { ...reading, records: holdSources(reading.records) };
	if (store.widgets.length === 0) {
		store.replaceAll(reading.records, { undoable: false });
		store.params.replace(reading.parameters ?? {});
		store.notify('info', `Opened a shared canvas with ${plural(reading.records.length, 'widget')}.`);
		reportSkipped(store, reading);
		offerLiveConsent(store);
		return;
	}
	const dismiss = () => store.dismissNotice(noticeId);
	const noticeId = store.notify(
		'info',
		`This link holds a shared canvas with ${plural(reading.records.length, 'widget')}; your canvas has ${store.widgets.length}. What should happen?`,
		[
			{
				id: 'share-open',
				label: 'Open it on its own',
				run: async () => {
					dismiss();
					try {
						if (options.apart) await openApart(store, reading, options.apart);
						else await openOnItsOwn(store, reading, options);
					} catch (error) {
						store.notify('error', `The shared canvas could not be opened on its own: ${errorMessage(error)}`);
						return;
					}
					offerLiveConsent(store);
				}
			},
			{
				id: 'share-merge',
				label: 'Add it to my canvas',
				run: () => {
					dismiss();
					const added = store.merge(reading.records);
					// The shared parameters join mine where mine are unset.
					store.params.setMany(
						Object.fromEntries(
							Object.entries(reading.parameters ?? {}).filter(([name]) => store.params.get(name) === null)
						)
					);
					store.notify('info', `Added ${plural(added.length, 'shared widget')} below yours (Undo removes them).`);
					reportSkipped(store, reading);
					offerLiveConsent(store);
				}
			},
			{ id: 'share-keep', label: 'Keep mine', run: dismiss }
		],
		{ choice: true }
	);
}

/**
 * After a reload, offers the canvas a shared one replaced (kept under
 * {@link previousCanvasKey}) until the user brings it back (`share-previous-restore`, one
 * undo step) or lets it go (`share-previous-forget`). Does nothing when none is kept.
 */
export async function offerPreviousCanvas(
	store: CanvasStore,
	kv: KeyValueStore,
	validator: WidgetValidator
): Promise<void> {
	let saved: unknown;
	try {
		saved = await kv.get(previousCanvasKey);
	} catch {
		return;
	}
	if (saved === undefined) return;
	let reading: CanvasReading;
	try {
		await validator.load();
		reading = readCanvasDocument(saved, validator);
	} catch {
		return;
	}
	if (reading.records.length === 0) return;
	const forget = () => kv.delete(previousCanvasKey).catch(() => undefined);
	const noticeId = store.notify(
		'info',
		`Your canvas from before you opened a shared link (${plural(reading.records.length, 'widget')}) is kept in this browser.`,
		[
			{
				id: 'share-previous-restore',
				label: 'Bring it back',
				run: async () => {
					store.dismissNotice(noticeId);
					restoreCanvas(store, { records: reading.records, parameters: reading.parameters });
					await forget();
					store.notify('info', 'Your previous canvas is back (Undo returns to the shared one).');
				}
			},
			{
				id: 'share-previous-forget',
				label: 'Forget it',
				run: async () => {
					store.dismissNotice(noticeId);
					await forget();
				}
			}
		],
		{ choice: true }
	);
}
