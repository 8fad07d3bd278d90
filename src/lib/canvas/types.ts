/**
 * Canvas records: plain, immutable JSON. An update replaces the record, so undo/redo,
 * persistence, export and share links work on plain data.
 */
import type { ParamValue, WidgetId } from '$lib/shared';

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

/**
 * Where a live widget's data comes from: a data tool, its arguments and the params template
 * whose `{"$ref": "source…"}` bind the tool's result. Plain data beside `params`, so undo,
 * persistence, export and share links keep it; never a key, header or token.
 */
export interface WidgetSource {
	/** The prefixed data tool name, e.g. "datasets_mcp_query_sql". */
	tool: string;
	args: Record<string, unknown>;
	/** The params with their `{"$ref": "source#/…"}` kept; `params` holds them resolved. */
	params: Record<string, unknown>;
	/** Refresh every this many seconds (≥ 5) while the page is visible. */
	refreshSeconds?: number;
	/** When the data was last fetched (epoch ms). */
	fetchedAt?: number;
	/** The last refresh failed: why (the widget keeps its previous data). */
	error?: string;
	/**
	 * The rows were left out to keep a share link under 64 KB: the params hold empty lists
	 * where the source's data goes, and the widget fetches its data again when opened.
	 */
	rowsLeftOut?: boolean;
	/**
	 * The widget came with a shared canvas: its source does not run (no fetch, no refresh)
	 * until the user allows the canvas's live data (live/link-consent.ts).
	 */
	held?: boolean;
	/** Its `refreshSeconds` timer is paused (sources from a link start so); the frame resumes it. */
	paused?: boolean;
	/**
	 * The parameter values `args` bound (`{"$param": name}`) when the data was fetched; when
	 * the canvas parameters differ, the source runs again (see `params/param-runs.ts`).
	 */
	paramValues?: Record<string, ParamValue>;
}

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
	/** A live widget's source (see WidgetSource). */
	source?: WidgetSource;
	/** The agent turn that displayed the widget: one turn's widgets are placed and arranged together. */
	turn?: string;
	/** The user resized the frame: its size wins over the content's natural size from then on. */
	userSized?: true;
	/** The user moved the frame: auto-arrange leaves it where it is. */
	userPlaced?: true;
	/** Hidden from the canvas (still listed in the outline, where it can be shown again). */
	hidden?: true;
}
