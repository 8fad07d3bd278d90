/**
 * A widget's linked selection over the canvas parameters (see `params-context.svelte.ts` and
 * `select-param.ts`): which of its values are selected, and what a click, a Shift+click, a
 * bin or a pick list makes of the parameter.
 */
import { paramItems, type ParamScalar } from '$lib/shared';
import { useParams } from './params-context.svelte';
import { pickRange, selectionValue, type SelectSpec } from './select-param';

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
	/**
	 * The attributes that make an item (a table row) pickable: focusable, `aria-selected`, and a
	 * click, Enter or Space that picks `value` (Shift adds). None when the widget has no selection.
	 */
	pickable(value: unknown): Record<string, unknown>;
}

function isBin(value: unknown): value is [number, number] {
	return (
		Array.isArray(value) &&
		value.length === 2 &&
		value.every((item) => typeof item === 'number' && Number.isFinite(item))
	);
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
		pickable(value) {
			if (!this.enabled) return {};
			const pick = (event: MouseEvent | KeyboardEvent) => this.pick(value, event.shiftKey);
			return {
				tabindex: 0,
				'aria-selected': this.has(value),
				onclick: pick,
				onkeydown: (event: KeyboardEvent) => {
					if (event.key !== 'Enter' && event.key !== ' ') return;
					event.preventDefault();
					pick(event);
				}
			};
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
