/**
 * Checks the arguments of the `canvas` tool before anything touches the canvas: the action
 * exists, an id is given where one is needed, positions and sizes are finite numbers in
 * range, styles pass the allow-list. The result is what the dispatcher applies through the
 * canvas callbacks.
 */
import { checkParamValue, isPlainObject, paramNameError } from '$lib/shared';
import { sanitizeStyle } from './sanitize/style';
import { canvasActions, type CanvasAction } from './tool-definitions';

/** A checked canvas command: `{ canvas: action, id?, params? }`. */
export interface CanvasCommand {
	canvas: CanvasAction;
	id?: string;
	params?: Record<string, unknown>;
}

/** The outcome of checking canvas arguments. */
export type CanvasCommandCheck = { ok: true; command: CanvasCommand } | { ok: false; error: string };

/** Largest coordinate and size accepted, in canvas pixels. */
export const canvasLimits = { coordinate: 100_000, minSize: 40, maxSize: 10_000 } as const;

function number(value: unknown): number | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
	return undefined;
}

function pair(params: Record<string, unknown>, keys: Array<[string, string]>): [number, number] | undefined {
	for (const [a, b] of keys) {
		const first = number(params[a]);
		const second = number(params[b]);
		if (first !== undefined && second !== undefined) return [first, second];
	}
	return undefined;
}

/** Validates `canvas` tool arguments. */
export function checkCanvasArgs(args: Record<string, unknown>): CanvasCommandCheck {
	const action = args.action;
	if (typeof action !== 'string' || !(canvasActions as readonly string[]).includes(action)) {
		return { ok: false, error: `action must be one of: ${canvasActions.join(', ')}` };
	}
	const canvas = action as CanvasAction;
	if (canvas === 'clear' || canvas === 'list' || canvas === 'list_params') return { ok: true, command: { canvas } };
	if (canvas === 'set_param') return checkSetParam(args.params);
	const id = args.id;
	if (typeof id !== 'string' || id.trim() === '') {
		return {
			ok: false,
			error: `"${canvas}" needs the widget id (w_...); call canvas with action "list" to see the ids`
		};
	}
	if (canvas === 'remove' || canvas === 'refresh') return { ok: true, command: { canvas, id } };
	const params = args.params;
	if (!isPlainObject(params)) return { ok: false, error: `"${canvas}" needs params as an object` };
	switch (canvas) {
		case 'update':
			return { ok: true, command: { canvas, id, params } };
		case 'move': {
			const position = pair(params, [['x', 'y']]);
			if (!position) return { ok: false, error: 'move needs params {x, y} as numbers (canvas pixels)' };
			const [x, y] = position.map((value) => Math.round(value));
			if (Math.abs(x) > canvasLimits.coordinate || Math.abs(y) > canvasLimits.coordinate) {
				return { ok: false, error: `move coordinates must be within ±${canvasLimits.coordinate}` };
			}
			return { ok: true, command: { canvas, id, params: { x, y } } };
		}
		case 'resize': {
			const size = pair(params, [
				['w', 'h'],
				['width', 'height']
			]);
			if (!size) return { ok: false, error: 'resize needs params {w, h} as numbers (canvas pixels)' };
			const [w, h] = size.map((value) => Math.round(value));
			const { minSize, maxSize } = canvasLimits;
			if (w < minSize || h < minSize || w > maxSize || h > maxSize) {
				return { ok: false, error: `resize needs w and h between ${minSize} and ${maxSize}` };
			}
			return { ok: true, command: { canvas, id, params: { w, h } } };
		}
		case 'style': {
			const style = sanitizeStyle(params);
			if (!style.ok) return { ok: false, error: style.error };
			return { ok: true, command: { canvas, id, params: style.value } };
		}
	}
}

/** `set_param`'s params: `{ name, value }` or `{ values: { name: value } }`, each name and value checked. */
function checkSetParam(params: unknown): CanvasCommandCheck {
	const usage =
		'set_param needs params {"name": "<parameter>", "value": <string, number, boolean, date, list or null>} or {"values": {"<name>": <value>, …}}';
	if (!isPlainObject(params)) return { ok: false, error: usage };
	const values = isPlainObject(params.values)
		? params.values
		: typeof params.name === 'string'
			? { [params.name]: params.value ?? null }
			: undefined;
	if (!values || Object.keys(values).length === 0) return { ok: false, error: usage };
	for (const [name, value] of Object.entries(values)) {
		const badName = paramNameError(name);
		if (badName) return { ok: false, error: `set_param: ${badName}` };
		const checked = checkParamValue(value);
		if (!checked.ok) return { ok: false, error: `set_param ${name}: ${checked.error}` };
	}
	return { ok: true, command: { canvas: 'set_param', params: { values } } };
}
