/**
 * How a widget reaches the canvas parameters: the canvas provides a port through a Svelte
 * context (`provideParams`), widgets read it (`useParams`) to show what is selected and to set
 * a parameter from a click, a row or a filter control. Outside a canvas (the gallery) there is
 * no port: selections and filters then render without effect.
 */
import { getContext, setContext } from 'svelte';
import { paramItems, type ParamScalar, type ParamValue } from '$lib/shared';
import { pickRange, selectionValue, type SelectSpec } from './select-param';

/** The canvas parameters as a widget sees them (the canvas' `CanvasParams` is one). */
export interface ParamPort {
	get(name: string): ParamValue;
	set(name: string, value: unknown): { ok: true; changed: boolean } | { ok: false; error: string };
	pick(name: string, value: ParamScalar, additive?: boolean): { ok: true; changed: boolean } | { ok: false; error: string };
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

/** A widget's linked selection: which values are selected, and the pick of a mark. */
export interface WidgetSelection {
	/** True when the widget has a `select` and is on a canvas. */
	readonly enabled: boolean;
	/** The selected values (empty when nothing is). */
	readonly selected: ParamScalar[];
	/** True when `value` is selected. */
	has(value: unknown): boolean;
	/** A click on a mark whose cell is `value`; `additive` for Shift. */
	pick(value: unknown, additive?: boolean): void;
	/** A click on a bin `[from, to]` (a histogram): selects it as a range, Shift stretches the range. */
	pickRange(bin: unknown, additive?: boolean): void;
	/** Sets the selection to exactly `value` (a pick list), or clears it with `undefined`. */
	choose(value: unknown): void;
}

function isBin(value: unknown): value is [number, number] {
	return Array.isArray(value) && value.length === 2 && value.every((item) => typeof item === 'number' && Number.isFinite(item));
}

/** The selection of a widget whose `select` param `spec()` returns; call during component set-up. */
export function widgetSelection(spec: () => SelectSpec | undefined): WidgetSelection {
	const port = useParams();
	return {
		get enabled() {
			return Boolean(port && spec());
		},
		get selected() {
			const select = spec();
			return port && select ? paramItems(port.get(select.param)) : [];
		},
		has(value) {
			const scalar = selectionValue(value);
			return scalar !== undefined && this.selected.includes(scalar);
		},
		pick(value, additive = false) {
			const select = spec();
			const scalar = selectionValue(value);
			if (port && select && scalar !== undefined) port.pick(select.param, scalar, additive);
		},
		pickRange(bin, additive = false) {
			const select = spec();
			if (port && select && isBin(bin)) port.set(select.param, pickRange(port.get(select.param), bin, additive));
		},
		choose(value) {
			const select = spec();
			if (!port || !select) return;
			if (value === undefined) port.set(select.param, null);
			else if (isBin(value)) port.set(select.param, value);
			else if (selectionValue(value) !== undefined) port.set(select.param, selectionValue(value));
		}
	};
}
