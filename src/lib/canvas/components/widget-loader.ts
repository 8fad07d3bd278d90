/**
 * Loads widget components once per type and remembers them, so a type already on the
 * canvas renders synchronously next time (no flash, no extra microtask per frame).
 */
import type { Component } from 'svelte';
import { widgetComponentLoader } from '$lib/widgets/components';
import type { WidgetProps } from '$lib/widgets/types';

/** A loaded widget component. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each widget takes its own params type
export type WidgetComponent = Component<WidgetProps<any>>;

const loaded = new Map<string, WidgetComponent>();
const loading = new Map<string, Promise<WidgetComponent>>();

/** The component of `type` if it is already loaded. */
export function loadedWidget(type: string): WidgetComponent | undefined {
	return loaded.get(type);
}

/** Loads the component of `type`; rejects for a type without a component. */
export function loadWidget(type: string): Promise<WidgetComponent> {
	const existing = loading.get(type);
	if (existing) return existing;
	const loader = widgetComponentLoader(type);
	if (!loader) return Promise.reject(new Error(`No component for widget type "${type}"`));
	const promise = loader().then((module) => {
		loaded.set(type, module.default);
		return module.default;
	});
	promise.catch(() => loading.delete(type));
	loading.set(type, promise);
	return promise;
}
