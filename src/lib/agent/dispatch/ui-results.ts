/**
 * Applies the result of a display tool to the canvas through UiCallbacks. The tool's server
 * declares which tools display (`WebMcpToolDef.display`), validates and sanitises; this step
 * performs the effect and writes what happened (the new widget id, or the canvas's answer)
 * into the result the model reads. Shared by the dispatcher and the in-page WebMCP
 * registration (`document.modelContext`).
 *
 * Expected structuredContent of successful calls, by display kind:
 * - `widget`: `{ widget: <type>, data: <params> }`
 * - `canvas`: `{ canvas: <action>, id?: string, params?: object }` with params
 *   `{ x, y }` for move, `{ w, h }` (or `{ width, height }`) for resize, `{ style }` (or the
 *   style map itself) for style, and the new widget params for update.
 */
import { isPlainObject, safeStringify, type ToolCallResult } from '$lib/shared';
import type { CanvasActionResult, DisplayCapability, UiCallbacks, WidgetCallMeta } from '../types';

/** The result after the UI effect, and the id of a widget it displayed. */
export interface AppliedUiResult {
	result: ToolCallResult;
	widgetId?: string;
}

function jsonResult(value: unknown, isError = false): ToolCallResult {
	return {
		content: [{ type: 'text', text: safeStringify(value) }],
		structuredContent: value,
		...(isError ? { isError: true } : {})
	};
}

function numberParam(params: Record<string, unknown>, ...keys: string[]): number | undefined {
	for (const key of keys) {
		const value = params[key];
		if (typeof value === 'number' && Number.isFinite(value)) return value;
	}
	return undefined;
}

function stringMap(value: unknown): Record<string, string> {
	if (!isPlainObject(value)) return {};
	const out: Record<string, string> = {};
	for (const [key, item] of Object.entries(value)) {
		if (typeof item === 'string' || typeof item === 'number') out[key] = String(item);
	}
	return out;
}

function runCanvasAction(
	action: string,
	id: string | undefined,
	params: Record<string, unknown>,
	callbacks: UiCallbacks
): CanvasActionResult {
	const missing = (what: string): CanvasActionResult => ({
		ok: false,
		error: `The canvas cannot ${what} here (no canvas is attached).`
	});
	const needId = (): CanvasActionResult | undefined =>
		id ? undefined : { ok: false, error: `canvas ${action} needs the widget id (list widgets with action "list").` };
	switch (action) {
		case 'clear':
			return callbacks.onClear ? callbacks.onClear() : missing('clear');
		case 'list':
			return callbacks.onList ? callbacks.onList() : missing('list widgets');
		case 'update':
			return needId() ?? (callbacks.onUpdate ? callbacks.onUpdate(id!, params) : missing('update widgets'));
		case 'remove':
			return needId() ?? (callbacks.onRemove ? callbacks.onRemove(id!) : missing('remove widgets'));
		case 'refresh':
			return needId() ?? (callbacks.onRefresh ? callbacks.onRefresh(id!) : missing('refresh widgets'));
		case 'list_params':
		case 'set_param':
			return callbacks.onParams ? callbacks.onParams(action, params) : missing('hold parameters');
		case 'move': {
			const x = numberParam(params, 'x');
			const y = numberParam(params, 'y');
			if (x === undefined || y === undefined)
				return { ok: false, error: 'canvas move needs numeric params.x and params.y.' };
			return needId() ?? (callbacks.onMove ? callbacks.onMove(id!, x, y) : missing('move widgets'));
		}
		case 'resize': {
			const w = numberParam(params, 'w', 'width');
			const h = numberParam(params, 'h', 'height');
			if (w === undefined || h === undefined)
				return { ok: false, error: 'canvas resize needs numeric params.w and params.h.' };
			return needId() ?? (callbacks.onResize ? callbacks.onResize(id!, w, h) : missing('resize widgets'));
		}
		case 'style': {
			const style = stringMap(isPlainObject(params.style) ? params.style : params);
			return needId() ?? (callbacks.onStyle ? callbacks.onStyle(id!, style) : missing('style widgets'));
		}
		default:
			return {
				ok: false,
				error: `Unknown canvas action "${action}". Use clear, list, update, move, resize, style, remove, refresh, list_params or set_param.`
			};
	}
}

function safely<T>(run: () => T): T | { error: string } {
	try {
		return run();
	} catch (error) {
		return { error: error instanceof Error ? error.message : String(error) };
	}
}

/**
 * Applies the result of a display tool of kind `display` (a widget or a canvas action) to the
 * UI. Error results (validation failures from the server) pass through unchanged; a
 * callback's error becomes an error result. Results of other tools (no kind) pass through.
 */
export function applyUiResult(
	display: DisplayCapability['kind'] | undefined,
	result: ToolCallResult,
	callbacks: UiCallbacks,
	meta: WidgetCallMeta
): AppliedUiResult {
	if (result.isError || !isPlainObject(result.structuredContent)) return { result };
	const content = result.structuredContent;
	if (display === 'widget' && typeof content.widget === 'string') {
		if (!callbacks.onWidget)
			return { result: jsonResult({ error: 'No canvas is attached: the widget cannot be displayed here.' }, true) };
		const data = isPlainObject(content.data) ? content.data : {};
		const outcome = safely(() => callbacks.onWidget!(content.widget as string, data, meta));
		if ('id' in outcome && typeof outcome.id === 'string')
			return { result: jsonResult({ widget: content.widget, id: outcome.id }), widgetId: outcome.id };
		return {
			result: jsonResult({ error: 'error' in outcome ? outcome.error : 'The canvas did not accept the widget.' }, true)
		};
	}
	if (display === 'canvas' && typeof content.canvas === 'string') {
		const id = typeof content.id === 'string' ? content.id : undefined;
		const params = isPlainObject(content.params) ? content.params : {};
		const outcome = safely(() => runCanvasAction(content.canvas as string, id, params, callbacks));
		if ('ok' in outcome && outcome.ok)
			return {
				result: jsonResult({
					ok: true,
					action: content.canvas,
					...(id ? { id } : {}),
					...(outcome.data !== undefined ? { data: outcome.data } : {})
				})
			};
		return {
			result: jsonResult(
				{ ok: false, action: content.canvas, error: 'error' in outcome ? outcome.error : 'The canvas action failed.' },
				true
			)
		};
	}
	return { result };
}
