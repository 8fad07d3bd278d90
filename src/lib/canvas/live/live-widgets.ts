/**
 * Live widgets: a widget whose data comes from a tool (its `source`) can be refreshed
 * without the model — by its frame's Refresh button, the `canvas` action `refresh`, or every
 * `refreshSeconds` while the page is visible. Each fetch goes through the agent's direct-call
 * path (console entry, policy, approval for tools not marked read-only), its result binds the
 * params template's `{"$ref": "source#/…"}`, the widget's schema checks the real data, and
 * the record is updated in one undoable step. A failed refresh keeps the last data and puts
 * the error on the source, where the frame shows it.
 */
import { errorMessage, type ToolTaskUpdate } from '$lib/shared';
import type { WidgetValidator } from '$lib/webmcp';
import { widgetTitle } from '../callbacks';
import type { CanvasStore } from '../canvas-store.svelte';
import type { WidgetSource } from '../types';
import { bindParams, bindingProblems, boundValues } from '../params/bindings';
import { createParamRuns } from '../params/param-runs';

/** The direct-call port (the agent session's `callTool`). */
export type SourceCaller = (request: {
	tool: string;
	args: Record<string, unknown>;
	origin: 'manual' | 'refresh';
	confirm?: 'unless-read-only';
	/** Each state change when the source's server runs the call as an MCP task. */
	onTask?(task: ToolTaskUpdate): void;
}) => Promise<{ ok: boolean; value?: unknown; error?: string; code?: string; callId: string }>;

/** What "Show on canvas" asks for. */
export interface ShowFromSourceRequest {
	widget: string;
	/** Params with `{"$ref": "source"}` / `{"$ref": "source#/rows"}` where the data goes. */
	params: Record<string, unknown>;
	source: { tool: string; args: Record<string, unknown>; refreshSeconds?: number };
	title?: string;
}

/** The live-widget verbs of a canvas. */
export interface LiveWidgets {
	/** Connects the caller (the agent session); until then sources cannot run. */
	attach(call: SourceCaller): void;
	showFromSource(request: ShowFromSourceRequest): Promise<{ id: string } | { error: string }>;
	/** Re-runs a widget's source and updates it in place; resolves with an error message on failure. */
	refresh(id: string): Promise<{ ok: true } | { ok: false; error: string }>;
	/** Starts the timer of `refreshSeconds` widgets (paused while the page is hidden). */
	start(): void;
	/** Runs again, soon and coalesced, the sources whose bound parameters changed (see params/param-runs.ts). */
	syncParams(): void;
	dispose(): void;
}

/** The smallest refresh period. */
export const MIN_REFRESH_SECONDS = 5;

/** Binds the source's value into a params template (the reference code loads with the first fetch). */
async function bind(
	template: Record<string, unknown>,
	value: unknown
): Promise<{ ok: true; params: Record<string, unknown> } | { ok: false; error: string }> {
	const { resolveReferences } = await import('$lib/agent/references');
	const resolved = resolveReferences(template, {
		value: (id) => (id === 'source' ? value : undefined),
		ids: () => ['source']
	});
	if (!resolved.ok)
		return { ok: false, error: resolved.errors.map((error) => `${error.path || '/'}: ${error.message}`).join('; ') };
	return { ok: true, params: resolved.value as Record<string, unknown> };
}

/** The bound values to record on a source (none when its arguments bind no parameter). */
function withValues(paramValues: WidgetSource['paramValues']): Pick<WidgetSource, 'paramValues'> {
	return paramValues && Object.keys(paramValues).length ? { paramValues } : {};
}

/** Creates the live-widget verbs for `store`. */
export function createLiveWidgets(
	store: CanvasStore,
	validator: WidgetValidator,
	options: { now?: () => number } = {}
): LiveWidgets {
	let caller: SourceCaller | undefined;
	const running = new Map<string, Promise<{ ok: true } | { ok: false; error: string }>>();
	let timer: ReturnType<typeof setInterval> | undefined;
	const now = options.now ?? Date.now;
	const notAttached = 'Live data cannot be fetched yet: the app is still starting.';
	const heldMessage =
		"This widget came with a shared canvas or an imported file: its live data is fetched once you allow it (the notice 'Allow live data').";

	async function fetchSource(
		source: Pick<WidgetSource, 'tool' | 'args' | 'params' | 'held'>,
		widget: string,
		origin: 'manual' | 'refresh',
		id?: string
	) {
		if (!caller) return { ok: false as const, error: notAttached };
		// A shared canvas's source runs only once the user allowed its live data.
		if (source.held) return { ok: false as const, error: heldMessage };
		// `{"$param": name}` in the arguments stands for the parameter's current value — never
		// for SQL text (a parameter is bound as data, not spliced into a query).
		const problems = bindingProblems(source.args);
		if (problems.length)
			return { ok: false as const, error: `The source's parameters cannot be bound: ${problems[0]}` };
		const values = store.params.values;
		const paramValues = boundValues(source.args, values);
		const args = Object.keys(paramValues).length ? bindParams(source.args, values) : source.args;
		const outcome = await caller({
			tool: source.tool,
			args,
			origin,
			...(origin === 'refresh' ? { confirm: 'unless-read-only' as const } : {}),
			// A source that runs as a task shows its progress in the widget's frame until the data arrives.
			...(id ? { onTask: (task: ToolTaskUpdate) => store.sourceTasks.set(id, task) } : {})
		});
		if (!outcome.ok && outcome.code === 'unknown_tool' && source.tool.startsWith('files_webmcp_')) {
			// A table made from a file on another device (or removed here): name the file to add.
			const tables = [...String(source.args.sql ?? '').matchAll(/\b(?:from|join)\s+"?([A-Za-z_]\w*)/gi)].map(
				(m) => m[1]
			);
			const named = tables.length ? `the table ${[...new Set(tables)].join(', ')}` : 'a table';
			return {
				ok: false as const,
				error: `This widget reads ${named} made from one of your files, which is not in this browser: add that file with Add data (a file named like ${tables[0] ?? 'data'}.csv becomes that table), then press Refresh.`
			};
		}
		if (!outcome.ok && outcome.code === 'unknown_tool') {
			// Typically a shared canvas opened without the server its data comes from.
			return {
				ok: false as const,
				error: `${source.tool} is not available: connect the server that provides it (the one this canvas came with), then press Refresh.`
			};
		}
		if (!outcome.ok) return { ok: false as const, error: outcome.error ?? `${source.tool} failed.` };
		const bound = await bind(source.params, outcome.value);
		if (!bound.ok)
			return { ok: false as const, error: `The result of ${source.tool} does not fit the widget: ${bound.error}` };
		await validator.load();
		const checked = validator.check(widget, bound.params, { draw: true });
		if (!checked.ok) {
			const details = checked.details.map((detail) => `${detail.path} ${detail.message}`).join('; ');
			return {
				ok: false as const,
				error: `The data of ${source.tool} does not fit a ${widget}: ${checked.error}${details ? ` — ${details}` : ''}`
			};
		}
		return { ok: true as const, params: checked.value, callId: outcome.callId, paramValues };
	}

	const paramRuns = createParamRuns({ store, run: (record) => fetchSource(record.source!, record.type, 'refresh') });

	/**
	 * Re-runs a widget's source. A refresh asked for (the frame's button, the canvas action)
	 * also resumes a paused timer; the timer's own fetches (`resume` false) do not.
	 */
	function refresh(id: string, resume = true): Promise<{ ok: true } | { ok: false; error: string }> {
		const pending = running.get(id);
		if (pending) return pending;
		const task = (async () => {
			const record = store.get(id);
			if (!record?.source) return { ok: false as const, error: `Widget ${id} has no source to refresh.` };
			const source = record.source;
			let fetched: Awaited<ReturnType<typeof fetchSource>>;
			try {
				fetched = await fetchSource(source, record.type, 'refresh', id);
			} catch (error) {
				fetched = { ok: false, error: errorMessage(error) };
			} finally {
				store.sourceTasks.clear(id);
			}
			if (!store.get(id)) return { ok: false as const, error: `Widget ${id} was removed.` };
			if (!fetched.ok) {
				store.refreshed(id, { source: { ...source, error: fetched.error } });
				return { ok: false as const, error: fetched.error };
			}
			const { error: _previous, rowsLeftOut: _leftOut, paused, ...rest } = source;
			const keepPaused = paused && !resume ? { paused } : {};
			store.refreshed(id, {
				params: fetched.params,
				source: { ...rest, ...keepPaused, fetchedAt: now(), ...withValues(fetched.paramValues) }
			});
			return { ok: true as const };
		})().finally(() => running.delete(id));
		running.set(id, task);
		return task;
	}

	/** When each widget whose rows were left out (a large share link) last tried to fetch them. */
	const leftOutTries = new Map<string, number>();

	function tick(): void {
		if (globalThis.document?.visibilityState === 'hidden') return;
		const time = now();
		for (const record of store.widgets) {
			if (record.source?.held) continue;
			if (record.source?.rowsLeftOut && caller && !running.has(record.id) && !store.params.isBusy(record.id)) {
				// Fetch at once when opened; while the server is missing, try again every 10 s.
				if (time - (leftOutTries.get(record.id) ?? 0) >= 10_000) {
					leftOutTries.set(record.id, time);
					void refresh(record.id, false);
				}
				continue;
			}
			const seconds = record.source?.refreshSeconds;
			if (!seconds || record.source?.paused || running.has(record.id)) continue;
			if (time - (record.source?.fetchedAt ?? 0) >= seconds * 1000) void refresh(record.id, false);
		}
	}

	return {
		attach(call) {
			caller = call;
		},
		async showFromSource(request) {
			const seconds = request.source.refreshSeconds;
			if (seconds !== undefined && !(Number.isFinite(seconds) && seconds >= MIN_REFRESH_SECONDS)) {
				return { error: `refreshSeconds must be at least ${MIN_REFRESH_SECONDS}.` };
			}
			const fetched = await fetchSource(
				{ tool: request.source.tool, args: request.source.args, params: request.params },
				request.widget,
				'manual'
			);
			if (!fetched.ok) return { error: fetched.error };
			const record = store.add(request.widget, fetched.params, {
				title: request.title?.trim() || widgetTitle(validator, request.widget, fetched.params, request.source),
				provenance: { dataFrom: [fetched.callId], source: 'user' },
				source: {
					tool: request.source.tool,
					args: request.source.args,
					params: request.params,
					...(seconds ? { refreshSeconds: Math.round(seconds) } : {}),
					fetchedAt: now(),
					...withValues(fetched.paramValues)
				}
			});
			return { id: record.id };
		},
		refresh,
		start() {
			timer ??= setInterval(tick, 1000);
		},
		syncParams: () => paramRuns.sync(),
		dispose() {
			if (timer) clearInterval(timer);
			timer = undefined;
			paramRuns.dispose();
		}
	};
}
