/**
 * How a widget offers its own export formats to the frame around it. The canvas frame
 * creates a slot (`provideWidgetExports`) and its menu lists what it holds; a widget that
 * knows better than a DOM picture — a chart (Vega's own SVG and PNG), a table (its rows as
 * shown, as CSV or JSON) — fills it with `offerWidgetExports` while it is mounted. Outside a
 * frame (the gallery) there is no slot and offering does nothing. The same slot carries the
 * widget's own controls for the frame's title bar (`offerFrameTools`: a chart's pick list and
 * its Data / Chart toggle), so they sit off the data, beside the frame's one export menu.
 */
import { hasContext, getContext, setContext, onDestroy, type Snippet } from 'svelte';

/** The formats a widget can produce itself. Each is computed when asked. */
export interface WidgetExports {
	/** The chart as a standalone SVG document. */
	svg?: () => Promise<string>;
	/** A PNG of the widget drawn by the widget itself (sharper than a DOM picture). */
	png?: () => Promise<Blob>;
	/** Rows as CSV text. */
	csv?: () => string;
	/** Rows as JSON text. */
	json?: () => string;
}

/** What one frame holds: the exports of the widget mounted in it, if it offered any (reactive). */
export class WidgetExportSlot {
	current = $state.raw<WidgetExports | undefined>(undefined);
	/** Controls the widget shows in the frame's title bar. */
	tools = $state.raw<Snippet | undefined>(undefined);
}

const key = Symbol('widget-exports');

/** Called by the frame during its initialisation; returns the slot its menu reads. */
export function provideWidgetExports(): WidgetExportSlot {
	return setContext(key, new WidgetExportSlot());
}

/** Called by a widget during its initialisation; the offer is withdrawn when it unmounts. */
export function offerWidgetExports(exports: WidgetExports): void {
	if (!hasContext(key)) return;
	const slot = getContext<WidgetExportSlot>(key);
	slot.current = exports;
	onDestroy(() => {
		if (slot.current === exports) slot.current = undefined;
	});
}

/**
 * Called by a widget during its initialisation: `tools` renders in the frame's title bar
 * while the widget is mounted. False outside a frame, where the widget shows them itself.
 */
export function offerFrameTools(tools: Snippet): boolean {
	if (!hasContext(key)) return false;
	const slot = getContext<WidgetExportSlot>(key);
	slot.tools = tools;
	onDestroy(() => {
		if (slot.tools === tools) slot.tools = undefined;
	});
	return true;
}
