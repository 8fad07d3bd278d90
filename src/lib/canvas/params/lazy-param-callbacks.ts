/**
 * The parameter side of the canvas callbacks (`param-callbacks.ts`) with its code loaded
 * beside the page instead of in it: requested at once, ready long before the first turn (the
 * canvas session awaits it before registering its tools). Until then the callbacks are the
 * plain canvas ones, and what needs the parameters says so.
 */
import type { UiCallbacks } from '$lib/agent/types';
import type { CanvasStore } from '../canvas-store.svelte';

/** `base` with the parameter callbacks, which load now; `ready` resolves when they have. */
export function lazyParameterCallbacks(
	base: UiCallbacks,
	store: CanvasStore
): { callbacks: UiCallbacks; ready: Promise<void> } {
	let loaded: UiCallbacks | undefined;
	const ready = import('./param-callbacks')
		.then(({ withParameterCallbacks }) => {
			loaded = withParameterCallbacks(base, store);
		})
		.catch(() => undefined);
	const loading = 'The canvas parameters are still loading; try again in a moment.';
	return {
		ready,
		callbacks: {
			...base,
			onWidget: (type, params, meta) =>
				(loaded ?? base).onWidget
					? (loaded ?? base).onWidget!(type, params, meta)
					: { error: 'No canvas is attached.' },
			onList: () => (loaded ?? base).onList?.() ?? { ok: true, data: [] },
			onParams: (action, params) => loaded?.onParams?.(action, params) ?? { ok: false, error: loading },
			bindSourceArgs: (args) =>
				loaded?.bindSourceArgs?.(args) ??
				(JSON.stringify(args).includes('"$param"') ? { ok: false, error: loading } : { ok: true, args })
		}
	};
}
