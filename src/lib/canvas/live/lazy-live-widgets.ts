/**
 * The live-widget verbs with their code loaded beside the page instead of in it: the loading
 * starts at once, `attach` and `start` given before it ends are applied when it does, and
 * `refresh` / `showFromSource` wait for it. Keeps the refresh timer and the source binding
 * out of the first route's JavaScript.
 */
import type { WidgetValidator } from '$lib/webmcp';
import type { CanvasStore } from '../canvas-store.svelte';
import type { LiveWidgets, SourceCaller } from './live-widgets';

/** Same contract as `createLiveWidgets`, loading it on creation. */
export function lazyLiveWidgets(store: CanvasStore, validator: WidgetValidator): LiveWidgets {
	let caller: SourceCaller | undefined;
	let started = false;
	let disposed = false;
	let live: LiveWidgets | undefined;
	const loaded = import('./live-widgets').then(({ createLiveWidgets }) => {
		live = createLiveWidgets(store, validator);
		if (caller) live.attach(caller);
		if (disposed) live.dispose();
		else if (started) live.start();
		return live;
	});
	return {
		attach(call) {
			caller = call;
			live?.attach(call);
		},
		showFromSource: async (request) => (await loaded).showFromSource(request),
		refresh: async (id) => (await loaded).refresh(id),
		start() {
			started = true;
			live?.start();
		},
		syncParams() {
			void loaded.then((loadedLive) => loadedLive.syncParams());
		},
		dispose() {
			disposed = true;
			live?.dispose();
		}
	};
}
