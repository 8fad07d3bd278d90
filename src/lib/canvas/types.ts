/**
 * Canvas records: plain, immutable JSON. An update replaces the record, so undo/redo,
 * persistence, export and share links work on plain data.
 */
import type { WidgetId } from '$lib/shared';

/** Which tool calls a widget came from. */
export interface Provenance {
	/** The tool_use id of the call that displayed the widget (absent when the user made it). */
	displayedBy?: string;
	/** tool_use ids of the data calls whose results the widget shows. */
	dataFrom: string[];
	/** Who made the last change. */
	source: 'agent' | 'user' | 'import';
}

/** Allowed style properties (see webmcp's style sanitiser) mapped to their CSS values. */
export type WidgetStyle = Record<string, string>;

/** One widget on the canvas. */
export interface WidgetRecord {
	id: WidgetId;
	type: string;
	params: Record<string, unknown>;
	title?: string;
	x: number;
	y: number;
	w: number;
	h: number;
	z: number;
	style: WidgetStyle;
	provenance: Provenance;
	createdAt: number;
	collapsed?: boolean;
}
