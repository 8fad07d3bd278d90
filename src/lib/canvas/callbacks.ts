/**
 * The canvas side of the agent's UI callbacks: how `widget_display` and `canvas` results
 * reach the store. Each callback answers with what happened, in words the model can act
 * on (an unknown id lists the ids that exist; an invalid update returns the details and
 * the expected schema).
 */
import { errorMessage, safeStringify } from '$lib/shared';
import type { CanvasActionResult, UiCallbacks } from '$lib/agent/types';
import type { WidgetValidator } from '$lib/webmcp';
import { sanitizeStyle } from '$lib/webmcp/sanitize/style';
import type { CanvasStore } from './canvas-store.svelte';
import type { TitleSource } from './titles';

let titles: typeof import('./titles') | undefined;

/**
 * Loads the title rules, a chunk of their own kept out of the first paint; the canvas
 * session requests it at start-up, before its tools are registered.
 */
export async function loadTitles(): Promise<void> {
	titles ??= await import('./titles');
}

/**
 * Frame title of a widget: its `title` param, else one derived from what it shows (the
 * metric and the subject, see `titles.ts`), else the widget type's title.
 */
export function widgetTitle(
	validator: WidgetValidator,
	type: string,
	params: Record<string, unknown>,
	source?: TitleSource
): string {
	const typeTitle = validator.summary(type)?.title ?? type;
	if (titles) return titles.meaningfulTitle(type, params, typeTitle, source);
	return typeof params.title === 'string' && params.title.trim() ? params.title.trim().slice(0, 200) : typeTitle;
}

function attempt(action: () => unknown): CanvasActionResult {
	try {
		const data = action();
		return data === undefined ? { ok: true } : { ok: true, data };
	} catch (error) {
		return { ok: false, error: errorMessage(error) };
	}
}

/** Builds the UI callbacks that apply agent actions to `store`. */
export function createCanvasCallbacks(store: CanvasStore, validator: WidgetValidator): UiCallbacks {
	return {
		onWidget(type, params, meta) {
			const checked = validator.check(type, params, { draw: true });
			if (!checked.ok) return { error: safeStringify({ error: checked.error, details: checked.details }) };
			const record = store.add(type, checked.value, {
				title: widgetTitle(validator, type, checked.value, meta.source),
				...(meta.turnId ? { turn: meta.turnId } : {}),
				provenance: { displayedBy: meta.callId, dataFrom: [...meta.dataFrom], source: 'agent' },
				// A display with a source is a live widget: it keeps the call that feeds it.
				...(meta.source ? { source: { ...meta.source, fetchedAt: Date.now() } } : {})
			});
			return { id: record.id };
		},
		onUpdate(id, patch) {
			const record = store.get(id);
			if (!record) return attempt(() => store.update(id, patch, 'agent'));
			if (validator.summary(record.type)?.hostOnly) {
				return {
					ok: false,
					error: `Widget ${id} is a ${record.type} view: only calls of its server's tool change it.`
				};
			}
			const merged = { ...record.params, ...patch };
			const checked = validator.check(record.type, merged, { draw: true });
			if (!checked.ok) {
				const { error, details, expected_schema } = checked;
				return { ok: false, error: safeStringify({ error, details, expected_schema }) };
			}
			return attempt(() => {
				store.update(id, checked.value, 'agent', widgetTitle(validator, record.type, checked.value, record.source));
			});
		},
		onMove: (id, x, y) => attempt(() => void store.move(id, x, y, 'agent')),
		onResize: (id, w, h) => attempt(() => void store.resize(id, w, h, 'agent')),
		onStyle(id, style) {
			const checked = sanitizeStyle(style);
			if (!checked.ok) return { ok: false, error: checked.error };
			return attempt(() => void store.style(id, checked.value, 'agent'));
		},
		onRemove: (id) => attempt(() => store.remove(id)),
		onClear: () => attempt(() => store.clear()),
		onList: () => ({
			ok: true,
			data: store.widgets.map(({ id, type, title, x, y, w, h }) => ({ id, type, title: title ?? type, x, y, w, h }))
		})
	};
}
