/**
 * Wires one canvas together: the store, the UI callbacks the agent uses, IndexedDB
 * persistence, opening a share link, and the browser WebMCP registration. The page creates
 * one session and passes `store` and `validator` to `CanvasView`.
 */
import { errorMessage, openKeyValueStore, type KeyValueStore } from '$lib/shared';
import type { CanvasActionResult, UiCallbacks } from '$lib/agent/types';
import type { ModelContextLike, WebMcpServer, WidgetValidator } from '$lib/webmcp';
import { createCanvasCallbacks, loadTitles } from './callbacks';
import { CanvasStore } from './canvas-store.svelte';
import { createCanvasPersistence, type CanvasPersistence } from './persistence';
import type { ShowFromSourceRequest, SourceCaller } from './live/live-widgets';
import { lazyLiveWidgets } from './live/lazy-live-widgets';
import { hasShareValue, withoutShareValue } from './share-value';
import { lazyParameterCallbacks } from './params/lazy-param-callbacks';
import type { CanvasApart } from './incoming';

/** Options of {@link createCanvasSession}. */
export interface CanvasSessionOptions {
	/** The in-page server whose widgets the canvas shows (normally `autoui`). */
	server: WebMcpServer;
	/** Storage; defaults to the app's IndexedDB store. `null` disables persistence. */
	kv?: KeyValueStore | null;
	/** Width new widgets are laid out in. */
	placementWidth?: number;
	/** Register the server's tools with `document.modelContext` (default: when present). */
	modelContext?: ModelContextLike | null;
	/** The key the canvas is saved under (default `canvas.v1`); see `switchTo`. */
	storageKey?: string;
	/** Where a shared canvas opened "on its own" goes (a new conversation); see `incoming.ts`. */
	apart?: CanvasApart;
}

/** A started canvas. */
export interface CanvasSession {
	readonly store: CanvasStore;
	readonly validator: WidgetValidator;
	/** The callbacks the agent's dispatcher applies widget_display/canvas results through. */
	readonly callbacks: UiCallbacks;
	/**
	 * Restores the saved canvas from IndexedDB, then offers the shared canvas of `url`
	 * (`#hs=`, or `?hs=` in older links; removed from the address bar) without ever
	 * replacing the user's own (see `incoming.ts`). Resolves with the MCP server URLs a
	 * share link named (for the page to offer connecting them).
	 */
	start(url?: string): Promise<{ servers: string[] }>;
	/** Offers the shared canvas of a URL opened later in the same tab (a pasted `#hs=` link). */
	openSharedLink(url: string): Promise<{ servers: string[] }>;
	/** Saves pending changes now. */
	flush(): Promise<void>;
	/** Connects the agent session's direct-call path, which live widgets fetch through. */
	attachCaller(call: SourceCaller): void;
	/** Adds a live widget whose data comes from a tool ("Show on canvas"). */
	showFromSource(request: ShowFromSourceRequest): Promise<{ id: string } | { error: string }>;
	/** Re-runs a live widget's source and updates it in place (undoable). */
	refresh(id: string): Promise<{ ok: true } | { ok: false; error: string }>;
	/**
	 * Saves this canvas, then shows the one saved under `key` (empty when none): each
	 * conversation has its own canvas. The undo history starts afresh.
	 */
	switchTo(key: string): Promise<void>;
	dispose(): void;
}

/**
 * The frame a widget opens at: its definition's natural size for `params` (already bounded,
 * see `widgets/shared/natural-size.ts`), else its default size; an estimate that throws on
 * odd params never stops the widget from showing.
 */
function naturalSizeOf(
	validator: WidgetValidator,
	type: string,
	params: Record<string, unknown>
): { w: number; h: number } | undefined {
	try {
		const size = validator.definition(type)?.naturalSize?.(params);
		if (size && Number.isFinite(size.w) && Number.isFinite(size.h)) return size;
	} catch {
		// The default size stands in.
	}
	return validator.summary(type)?.defaultSize;
}

/** Creates the canvas session for `server`. */
export function createCanvasSession(options: CanvasSessionOptions): CanvasSession {
	const validator = options.server.validator;
	if (!validator) throw new Error(`WebMCP server "${options.server.name}" has no widgets to show on a canvas`);
	let persistence: CanvasPersistence | undefined;
	let started = false;
	// switchTo() before start() already restored the right canvas; start() must not restore again.
	let restored = false;
	let unregister: (() => void) | undefined;
	// Saves what the debounce still holds when the page goes away (reload, tab close).
	const flushOnHide = () => void persistence?.flush();
	const store = new CanvasStore({
		// The content's natural size once the definitions are loaded (every display awaits them).
		sizeOf: (type, params) => naturalSizeOf(validator, type, params),
		placementWidth: options.placementWidth,
		onChange: (records) => {
			if (started) persistence?.schedule(records);
			if (started) live.syncParams();
		}
	});
	// Parameters are saved with the canvas; the sources that bind them run again.
	store.params.listen(() => {
		if (started) persistence?.schedule(store.widgets);
		live.syncParams();
	});
	// Requested now, loaded long before the first display (and awaited before the tools are registered).
	const titlesReady = loadTitles().catch(() => undefined);
	const live = lazyLiveWidgets(store, validator);
	const parameterSide = lazyParameterCallbacks(createCanvasCallbacks(store, validator), store);
	const callbacks = {
		...parameterSide.callbacks,
		// The `canvas` action `refresh`: starts the fetch; the widget updates when the data arrives.
		onRefresh(id: string): CanvasActionResult {
			const record = store.get(id);
			if (!record) return { ok: false, error: `No widget ${id}; list widgets with action "list".` };
			if (!record.source)
				return { ok: false, error: `Widget ${id} has no source: only widgets displayed with a source can refresh.` };
			void live.refresh(id);
			return {
				ok: true,
				data: `Refreshing ${id} from ${record.source.tool}; the widget updates in place when the data arrives.`
			};
		}
	};
	let kv: KeyValueStore | null = null;
	try {
		kv = options.kv === undefined ? openKeyValueStore() : options.kv;
	} catch {
		kv = null;
	}
	const persistenceFor = (key: string | undefined) =>
		kv
			? createCanvasPersistence({
					kv,
					validator,
					...(key ? { key } : {}),
					parameters: () => store.params.values,
					onError: (message) => store.notify('error', message)
				})
			: undefined;
	persistence = persistenceFor(options.storageKey);
	let currentKey = options.storageKey ?? 'canvas.v1';

	async function openShared(url: string): Promise<string[]> {
		if (!hasShareValue(url)) return [];
		globalThis.history?.replaceState(globalThis.history.state, '', withoutShareValue(url));
		try {
			await validator!.load();
			const { readShareLink } = await import('./share-link');
			const shared = await readShareLink(url, validator!);
			if (!shared) return [];
			const { offerSharedCanvas } = await import('./incoming');
			await offerSharedCanvas(store, shared, { kv, ...(options.apart ? { apart: options.apart } : {}) });
			return shared.servers;
		} catch (error) {
			store.notify('error', `The shared canvas could not be opened (your canvas is unchanged): ${errorMessage(error)}`);
			return [];
		}
	}

	/** A saved canvas that still holds a shared canvas's sources asks again (the code loads only then). */
	async function offerHeldSources(): Promise<void> {
		if (!store.widgets.some((record) => record.source?.held)) return;
		const { offerLiveConsent } = await import('./live/link-consent');
		offerLiveConsent(store);
	}

	async function restore(url: string | undefined): Promise<string[]> {
		const outcome = restored ? undefined : await persistence?.restore();
		if (outcome) {
			store.params.replace(outcome.parameters ?? {}, { quiet: true });
			store.replaceAll(outcome.records, { undoable: false });
			if (outcome.notice) store.notify('warning', outcome.notice);
			await offerHeldSources();
		}
		// `?dashboard=<url>` asks before fetching anything (see dashboard/dashboard-link.ts).
		if (url && /[?&]dashboard=/.test(url)) {
			const replaceUrl = (next: string) => globalThis.history?.replaceState(globalThis.history.state, '', next);
			void import('./dashboard/dashboard-link')
				.then(({ offerDashboardLink }) => offerDashboardLink(store, url, validator!, { replaceUrl }))
				.catch(() => undefined);
		}
		if (url && hasShareValue(url)) return openShared(url);
		// The offer of the previous canvas (incoming.ts) loads after the canvas is back.
		const saved = kv;
		if (saved)
			await import('./incoming')
				.then(({ offerPreviousCanvas }) => offerPreviousCanvas(store, saved, validator!))
				.catch(() => undefined);
		return [];
	}

	return {
		store,
		validator,
		callbacks,
		async start(url = globalThis.location?.href) {
			started = true;
			live.start();
			globalThis.addEventListener?.('pagehide', flushOnHide);
			const servers = await restore(url);
			await Promise.all([titlesReady, parameterSide.ready]);
			if (options.modelContext !== null) {
				// The registration code loads after the canvas is back, not with the page.
				const { registerWithModelContext } = await import('$lib/webmcp/model-context');
				unregister = await registerWithModelContext(options.server, {
					callbacks,
					...(options.modelContext ? { modelContext: options.modelContext } : {}),
					onError: (message) => store.notify('warning', message)
				});
			}
			return { servers };
		},
		openSharedLink: async (url) => ({ servers: await openShared(url) }),
		async switchTo(key) {
			await persistence?.flush();
			persistence?.dispose();
			// Undo belongs to a conversation: its steps wait for it while another one is open.
			store.undoSteps.park(currentKey);
			currentKey = key;
			// Nothing is saved while the other canvas loads, so the empty canvas never lands under its key.
			started = false;
			persistence = persistenceFor(key);
			store.replaceAll([], { undoable: false });
			store.params.replace({}, { quiet: true });
			const outcome = await persistence?.restore();
			if (outcome) {
				store.params.replace(outcome.parameters ?? {}, { quiet: true });
				store.replaceAll(outcome.records, { undoable: false });
				if (outcome.notice) store.notify('warning', outcome.notice);
				await offerHeldSources();
			}
			store.undoSteps.resume(key);
			restored = true;
			started = true;
			live.syncParams();
		},
		flush: () => persistence?.flush() ?? Promise.resolve(),
		attachCaller: (call) => live.attach(call),
		showFromSource: (request) => live.showFromSource(request),
		refresh: (id) => live.refresh(id),
		dispose() {
			live.dispose();
			globalThis.removeEventListener?.('pagehide', flushOnHide);
			unregister?.();
			void persistence?.flush();
			persistence?.dispose();
		}
	};
}
