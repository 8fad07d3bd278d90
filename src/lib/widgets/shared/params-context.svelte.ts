/**
 * How a widget reaches the canvas parameters: the canvas provides a port through a Svelte
 * context (`provideParams`), widgets read it (`useParams`) to show what is selected and to set
 * a parameter from a click, a row or a filter control (`selection.svelte.ts`). Outside a canvas
 * (the gallery) there is no port: selections and filters then render without effect. Kept tiny:
 * the canvas view imports it on the first route.
 */
import { getContext, setContext } from 'svelte';
import type { ParamScalar, ParamValue } from '$lib/shared';

/** The canvas parameters as a widget sees them (the canvas' `CanvasParams` is one). */
export interface ParamPort {
	get(name: string): ParamValue;
	set(name: string, value: unknown): { ok: true; changed: boolean } | { ok: false; error: string };
	pick(
		name: string,
		value: ParamScalar,
		additive?: boolean
	): { ok: true; changed: boolean } | { ok: false; error: string };
}

const key = Symbol('autoui-canvas-params');

/** Makes `port` the parameters of every widget below the calling component. */
export function provideParams(port: ParamPort): void {
	setContext(key, port);
}

/** The canvas parameters, when the widget is on a canvas. */
export function useParams(): ParamPort | undefined {
	return getContext<ParamPort | undefined>(key);
}
