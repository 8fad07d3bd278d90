/**
 * A widget is defined exactly once, by a pure definition (no Svelte imports). The definition
 * feeds the autoui tool list and recipes, params validation (validators are compiled from
 * `schema` at build time), the gallery and the canvas. Its Svelte component is paired with
 * it by name in `components.ts`.
 */
import type { JsonSchema } from '$lib/shared';

/** Groups shown in the gallery and recipe lists. */
export type WidgetCategory = 'figures' | 'text' | 'data' | 'charts' | 'maps' | 'structures' | 'media' | 'interaction';

/** The recipe text the model reads through `get_recipe`. */
export interface WidgetRecipe {
	/** When to choose this widget over the others. */
	whenToUse: string;
	/** How to fill its params well (field tips, limits, pitfalls). */
	howToUse: string;
}

/** A problem the renderer would meet, found from params alone: a JSON Pointer and a message. */
export interface DrawIssue {
	path: string;
	message: string;
}

/** Everything about one widget type except its rendering. */
export interface WidgetDefinition<Params extends Record<string, unknown> = Record<string, unknown>> {
	/** Unique type name, kebab-case: `stat`, `data-table`, `bar`. */
	name: string;
	/** Human title shown in the gallery and as the default frame title. */
	title: string;
	/** One or two sentences for the tool list and recipe search. */
	description: string;
	category: WidgetCategory;
	/** JSON Schema of params (an object schema). The example must validate against it. */
	schema: JsonSchema;
	/** A realistic example of params. */
	example: Params;
	recipe: WidgetRecipe;
	/** Default frame size in canvas pixels. */
	defaultSize: { w: number; h: number };
	/**
	 * The frame size (title bar included) this widget's content needs for `params`: rows,
	 * legend, labels, markers. Pure and cheap; the canvas opens new frames at it (within
	 * sensible bounds, see `widgets/shared/natural-size.ts`) and falls back to `defaultSize`.
	 */
	naturalSize?(params: Params): { w: number; h: number };
	/** Search keywords beyond name and description. */
	keywords?: string[];
	/**
	 * What the renderer would refuse in params that pass the schema (a field that is not in
	 * the rows, a number channel without numbers, arrays whose sizes must match). Checked
	 * when the model displays or updates a widget, so it gets an error it can fix instead of
	 * a success while the user sees an error card; not when restoring or importing, so a
	 * saved widget is never dropped for it.
	 */
	drawIssues?(params: Params): DrawIssue[];
	/**
	 * Shown by the app itself, never offered to the model (not in `widget_display`, the
	 * recipes or the gallery): an MCP App view, which only its server's tool call creates.
	 */
	hostOnly?: boolean;
}

/**
 * The light part of a definition: what the first paint, the tool list, the recipe list and
 * the canvas (frame title, default size) need. Generated from the definitions at build time
 * (`virtual:autoui-widget-index`), so schema, example, recipe text and the search keywords
 * can load on demand.
 */
export type WidgetSummary = Pick<
	WidgetDefinition,
	'name' | 'title' | 'description' | 'category' | 'defaultSize' | 'hostOnly'
>;

/** Props every widget component receives. */
export interface WidgetProps<Params = Record<string, unknown>> {
	params: Params;
	/** Widget id on the canvas (absent in the gallery). */
	id?: string;
	/**
	 * Called by interactive widgets (actions, choice) to send a message to the chat; widgets
	 * whose actions can go back to where they came from (A2UI surfaces) add the action itself.
	 */
	onAction?: (message: string, action?: WidgetAction) => void;
}

/** A user action on a widget, for the app to route to where the widget came from. */
export interface WidgetAction {
	/** The widget's id on the canvas. */
	widgetId?: string;
	surfaceId: string;
	componentId: string;
	name: string;
	context: Record<string, unknown>;
}
