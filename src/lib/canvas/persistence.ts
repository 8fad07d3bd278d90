/**
 * Saves the canvas to IndexedDB, debounced (at most `delayMs`, default 300 ms, behind the
 * last change), and restores it on reload. A saved state that cannot be read (corrupt, or
 * from another version) is reported, kept aside under `<key>.unreadable` so nothing is
 * lost, and skipped — it never stops the app.
 */
import { errorMessage, type KeyValueStore, type ParamValues } from '$lib/shared';
import type { WidgetValidator } from '$lib/webmcp';
import { createCanvasDocument, readCanvasDocument, type CanvasReading } from './canvas-document';
import type { WidgetRecord } from './types';

/** Where the canvas is saved. */
export const canvasStorageKey = 'canvas.v1';

/** What restoring found: the records and, when something was wrong, a notice to show. */
export interface RestoreOutcome extends Pick<CanvasReading, 'records' | 'problems'> {
	notice?: string;
	/** The saved parameters (checked when applied). */
	parameters?: Record<string, unknown>;
}

/** Debounced saving plus restore. */
export interface CanvasPersistence {
	restore(): Promise<RestoreOutcome>;
	/** Schedules a save of `records`. */
	schedule(records: readonly WidgetRecord[]): void;
	/** Saves a pending change now. */
	flush(): Promise<void>;
	/** Stops timers (saves nothing more). */
	dispose(): void;
}

/** Options of {@link createCanvasPersistence}. */
export interface CanvasPersistenceOptions {
	kv: KeyValueStore;
	validator: WidgetValidator;
	key?: string;
	delayMs?: number;
	/** Reports a failed save (the page shows it). */
	onError?: (message: string) => void;
	/** The canvas parameters, saved with the records. */
	parameters?: () => ParamValues;
}

/** Creates the canvas' persistence. */
export function createCanvasPersistence(options: CanvasPersistenceOptions): CanvasPersistence {
	const key = options.key ?? canvasStorageKey;
	const delay = Math.min(options.delayMs ?? 300, 500);
	let timer: ReturnType<typeof setTimeout> | undefined;
	let pending: readonly WidgetRecord[] | undefined;
	let writing: Promise<void> = Promise.resolve();

	function save(): Promise<void> {
		timer = undefined;
		const records = pending;
		pending = undefined;
		if (!records) return writing;
		writing = writing
			.then(() => options.kv.set(key, createCanvasDocument(records, [], options.parameters?.())))
			.catch((error: unknown) => options.onError?.(`The canvas could not be saved: ${errorMessage(error)}`));
		return writing;
	}

	return {
		async restore() {
			let saved: unknown;
			try {
				saved = await options.kv.get(key);
			} catch (error) {
				return { records: [], problems: [], notice: `The saved canvas could not be loaded: ${errorMessage(error)}` };
			}
			if (saved === undefined) return { records: [], problems: [] };
			try {
				// Validators load on demand (they are a separate chunk); only a saved canvas needs them.
				await options.validator.load();
			} catch (error) {
				return { records: [], problems: [], notice: `The saved canvas could not be checked: ${errorMessage(error)}` };
			}
			try {
				const reading = readCanvasDocument(saved, options.validator);
				const notice = reading.problems.length
					? `${reading.problems.length} saved widget(s) could not be restored: ${reading.problems.join('; ')}`
					: undefined;
				return {
					records: reading.records,
					problems: reading.problems,
					parameters: reading.parameters,
					...(notice ? { notice } : {})
				};
			} catch (error) {
				await options.kv.set(`${key}.unreadable`, saved).catch(() => undefined);
				return {
					records: [],
					problems: [],
					notice: `The saved canvas could not be read and was skipped (${errorMessage(error)}). A copy is kept in this browser's storage.`
				};
			}
		},
		schedule(records) {
			pending = records;
			if (timer === undefined) timer = setTimeout(save, delay);
		},
		flush() {
			if (timer !== undefined) clearTimeout(timer);
			return save();
		},
		dispose() {
			if (timer !== undefined) clearTimeout(timer);
			timer = undefined;
			pending = undefined;
		}
	};
}
