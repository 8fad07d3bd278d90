/**
 * Saved calls: a tool, its arguments and a name, grouped in collections per server, kept in
 * IndexedDB through the app's key-value store and exchanged as a JSON file. Plain records and
 * pure functions; `saved-calls-store.svelte.ts` is the reactive skin.
 */
import { AutoUiError, isPlainObject, randomId, type KeyValueStore } from '$lib/shared';

/** One saved call. */
export interface SavedCall {
	id: string;
	server: string;
	/** Collection name; calls without one are in "Saved". */
	collection: string;
	name: string;
	tool: string;
	args: Record<string, unknown>;
	createdAt: number;
}

/** The exported file. */
export interface SavedCallsFile {
	format: 'autoui-saved-calls';
	version: 1;
	calls: SavedCall[];
}

/** The key under which the calls are stored. */
export const SAVED_CALLS_KEY = 'workbench.saved-calls.v1';

/** Reads every saved call; missing or damaged data reads as none. */
export async function loadSavedCalls(kv: KeyValueStore): Promise<SavedCall[]> {
	const stored = await kv.get<unknown>(SAVED_CALLS_KEY);
	return Array.isArray(stored) ? stored.filter(isSavedCall) : [];
}

/** Writes every saved call. */
export function storeSavedCalls(kv: KeyValueStore, calls: readonly SavedCall[]): Promise<void> {
	return kv.set(SAVED_CALLS_KEY, plainCopy(calls));
}

function plainCopy(calls: readonly SavedCall[]): SavedCall[] {
	return JSON.parse(JSON.stringify(calls)) as SavedCall[];
}

function isSavedCall(value: unknown): value is SavedCall {
	return (
		isPlainObject(value) &&
		typeof value.id === 'string' &&
		typeof value.server === 'string' &&
		typeof value.name === 'string' &&
		typeof value.tool === 'string' &&
		typeof value.collection === 'string' &&
		isPlainObject(value.args)
	);
}

/** A new saved call. */
export function newSavedCall(
	input: Omit<SavedCall, 'id' | 'createdAt' | 'collection'> & { collection?: string }
): SavedCall {
	return { ...input, collection: input.collection?.trim() || 'Saved', id: randomId('saved_'), createdAt: Date.now() };
}

/** The export file for some calls. */
export function exportSavedCalls(calls: readonly SavedCall[]): string {
	const file: SavedCallsFile = { format: 'autoui-saved-calls', version: 1, calls: plainCopy(calls) };
	return JSON.stringify(file, null, 2);
}

/**
 * Reads an exported file. Imported calls get fresh ids (importing twice duplicates rather than
 * overwrites); `server` replaces each call's server when given (importing into this server).
 */
export function parseSavedCalls(text: string, server?: string): SavedCall[] {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		throw new AutoUiError('invalid_argument', 'That file is not JSON. Choose a file exported with "Export".');
	}
	const calls =
		isPlainObject(parsed) && parsed.format === 'autoui-saved-calls' && Array.isArray(parsed.calls)
			? parsed.calls
			: undefined;
	if (!calls)
		throw new AutoUiError(
			'invalid_argument',
			'That JSON is not a saved-calls export (expected {"format": "autoui-saved-calls", "calls": [...]}).'
		);
	const valid = calls.filter(isSavedCall);
	if (!valid.length && calls.length)
		throw new AutoUiError(
			'invalid_argument',
			'None of the calls in that file is complete (each needs server, name, tool and args).'
		);
	return valid.map((call) => ({
		...call,
		server: server ?? call.server,
		id: randomId('saved_'),
		createdAt: Date.now()
	}));
}
