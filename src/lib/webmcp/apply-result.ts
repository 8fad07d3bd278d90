/**
 * Applies a `widget_display` or `canvas` result to the UI callbacks and returns the result
 * the caller should see (with the new widget id, or the canvas' answer). The in-page WebMCP
 * registration uses it, so calls from a browser agent reach the canvas exactly like the
 * agent loop's calls do.
 */
import { isPlainObject, type ToolCallResult } from '$lib/shared';
import type { CanvasActionResult, UiCallbacks, WidgetCallMeta } from '$lib/agent/types';
import { jsonResult } from './server';

function canvasResult(action: string, outcome: CanvasActionResult | undefined): ToolCallResult {
	if (!outcome) return jsonResult({ error: `The canvas cannot ${action} here` }, true);
	if (!outcome.ok) return jsonResult({ error: outcome.error }, true);
	return jsonResult(outcome.data === undefined ? { ok: true, action } : { ok: true, action, result: outcome.data });
}

/**
 * Applies `result` of `tool` (`widget_display` or `canvas`; other tools pass through) to
 * `callbacks`. Error results pass through untouched.
 */
export function applyToolResult(tool: string, result: ToolCallResult, callbacks: UiCallbacks, meta: WidgetCallMeta): ToolCallResult {
	const content = result.structuredContent;
	if (result.isError || !isPlainObject(content)) return result;
	if (tool === 'widget_display' && typeof content.widget === 'string' && isPlainObject(content.data)) {
		const added = callbacks.onWidget?.(content.widget, content.data, meta);
		if (!added) return jsonResult({ error: 'No canvas is attached to show the widget' }, true);
		if ('error' in added) return jsonResult({ error: added.error }, true);
		return jsonResult({ widget: content.widget, id: added.id });
	}
	if (tool === 'canvas' && typeof content.canvas === 'string') {
		const id = typeof content.id === 'string' ? content.id : '';
		const params = isPlainObject(content.params) ? content.params : {};
		switch (content.canvas) {
			case 'clear':
				return canvasResult('clear', callbacks.onClear?.());
			case 'list':
				return canvasResult('list', callbacks.onList?.());
			case 'update':
				return canvasResult('update', callbacks.onUpdate?.(id, params));
			case 'move':
				return canvasResult('move', callbacks.onMove?.(id, Number(params.x), Number(params.y)));
			case 'resize':
				return canvasResult('resize', callbacks.onResize?.(id, Number(params.w), Number(params.h)));
			case 'style':
				return canvasResult('style', callbacks.onStyle?.(id, params as Record<string, string>));
			case 'remove':
				return canvasResult('remove', callbacks.onRemove?.(id));
		}
	}
	return result;
}
