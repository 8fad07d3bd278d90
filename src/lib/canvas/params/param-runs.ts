/**
 * Keeps bound widgets in step with the parameters, without the model. A live widget whose
 * `source.args` bind parameters records the values its data was fetched with
 * (`source.paramValues`); whenever the parameters or the records change (a click, a filter,
 * the model's `set_param`, a reload, an import, an undo), every widget whose recorded values
 * differ from the current ones runs its source again.
 *
 * - Coalesced: changes within `delayMs` (at most `maxDelayMs` in a steady stream) make one
 *   pass, so a burst runs each source once.
 * - Ordered: each run has a number; only the newest run of a widget applies its answer, and an
 *   answer for values that changed meanwhile is dropped, so a stale answer never overwrites a
 *   newer one.
 * - Finite: a run that failed for some values is not retried for the same values (the error
 *   stays on the frame), so nothing loops; the runs are not undo steps (they follow the
 *   parameters, which are not either).
 */
import { errorMessage, type ParamValues } from '$lib/shared';
import type { CanvasStore } from '../canvas-store.svelte';
import type { WidgetRecord } from '../types';
import { boundValues, paramNamesIn, valuesSignature } from './bindings';

/** What running a source gave: new params for the widget, or why not. */
export type SourceRun = { ok: true; params: Record<string, unknown> } | { ok: false; error: string };

/** Options of {@link createParamRuns}. */
export interface ParamRunsOptions {
	store: CanvasStore;
	/** Runs a widget's source with `values` bound and checks the result against the widget. */
	run(record: WidgetRecord, values: ParamValues): Promise<SourceRun>;
	/** Quiet time that ends a burst of changes (default 16 ms). */
	delayMs?: number;
	/** Longest wait while changes keep coming (default 120 ms). */
	maxDelayMs?: number;
	now?: () => number;
}

/** The runs of one canvas. */
export interface ParamRuns {
	/** Looks for widgets whose data no longer match the parameters (soon, coalesced). */
	sync(): void;
	dispose(): void;
}

/** Creates the parameter runs of `store`. */
export function createParamRuns(options: ParamRunsOptions): ParamRuns {
	const { store } = options;
	const now = options.now ?? Date.now;
	const delay = options.delayMs ?? 16;
	const maxDelay = options.maxDelayMs ?? 120;
	const names = new WeakMap<object, string[]>();
	const running = new Map<string, { run: number; signature: string }>();
	const failed = new Map<string, string>();
	let counter = 0;
	let timer: ReturnType<typeof setTimeout> | undefined;
	let burstStart: number | undefined;
	let disposed = false;

	function namesOf(args: Record<string, unknown>): string[] {
		let found = names.get(args);
		if (!found) names.set(args, (found = paramNamesIn(args)));
		return found;
	}

	function stale(): Array<{ record: WidgetRecord; signature: string }> {
		const values = store.params.values;
		const out: Array<{ record: WidgetRecord; signature: string }> = [];
		for (const record of store.widgets) {
			const source = record.source;
			// A shared canvas's sources wait for the user's consent (live/link-consent.ts).
			if (!source || source.held) continue;
			const used = namesOf(source.args);
			if (!used.length) continue;
			const signature = valuesSignature(values, used);
			if (signature === valuesSignature(source.paramValues ?? {}, used)) {
				failed.delete(record.id);
				continue;
			}
			if (running.get(record.id)?.signature === signature || failed.get(record.id) === signature) continue;
			out.push({ record, signature });
		}
		return out;
	}

	async function runOne(record: WidgetRecord, signature: string): Promise<void> {
		const id = record.id;
		const args = record.source!.args;
		const mine = ++counter;
		running.set(id, { run: mine, signature });
		store.params.setBusy(id, true);
		const values = store.params.values;
		let outcome: SourceRun;
		try {
			outcome = await options.run(record, values);
		} catch (error) {
			outcome = { ok: false, error: errorMessage(error) };
		}
		// A newer run owns the widget: this answer is stale.
		if (running.get(id)?.run !== mine || disposed) return;
		running.delete(id);
		store.params.setBusy(id, false);
		const current = store.get(id);
		// Removed, given another source, or the values moved on while this ran: the next pass runs it.
		if (
			!current?.source ||
			current.source.args !== args ||
			valuesSignature(store.params.values, namesOf(args)) !== signature
		) {
			sync();
			return;
		}
		if (outcome.ok) {
			failed.delete(id);
			const { error: _error, rowsLeftOut: _leftOut, ...rest } = current.source;
			store.refreshed(
				id,
				{ params: outcome.params, source: { ...rest, fetchedAt: now(), paramValues: boundValues(args, values) } },
				{ history: false }
			);
		} else {
			failed.set(id, signature);
			store.refreshed(id, { source: { ...current.source, error: outcome.error } }, { history: false });
		}
	}

	function flush(): void {
		timer = undefined;
		burstStart = undefined;
		if (disposed) return;
		for (const { record, signature } of stale()) void runOne(record, signature);
	}

	function sync(): void {
		if (disposed) return;
		const time = now();
		burstStart ??= time;
		if (timer !== undefined) clearTimeout(timer);
		timer = setTimeout(flush, Math.max(0, Math.min(delay, burstStart + maxDelay - time)));
	}

	return {
		sync,
		dispose() {
			disposed = true;
			if (timer !== undefined) clearTimeout(timer);
			timer = undefined;
			for (const id of running.keys()) store.params.setBusy(id, false);
			running.clear();
		}
	};
}
