/**
 * The tools of a WebMCP server with widgets: recipe discovery, `widget_display`, `canvas`
 * and `recall`. Descriptions are written for the model: what the tool does and how to
 * recover from its errors. `widget_display` and `canvas` declare themselves display tools
 * (`display`): the agent binds their data and shows their results from that declaration.
 */
import type { DisplayCapability, WebMcpToolDef } from '$lib/agent/types';

/** The actions of the `canvas` tool. */
export const canvasActions = [
	'clear',
	'update',
	'move',
	'resize',
	'style',
	'remove',
	'list',
	'refresh',
	'list_params',
	'set_param'
] as const;
/** One `canvas` action. */
export type CanvasAction = (typeof canvasActions)[number];

/**
 * `widget_display` shows a widget: `{"$ref"}` bindings in `params`, and an optional `source`
 * call (refreshed every `refreshSeconds`) that runs first and binds as `{"$ref": "source"}`.
 */
export const widgetDisplay: DisplayCapability = {
	kind: 'widget',
	references: 'params',
	source: 'source',
	refreshSeconds: 'refreshSeconds'
};
/** `canvas` applies an action; `{"$ref"}` bindings in `params` (the fields an update replaces). */
export const canvasDisplay: DisplayCapability = { kind: 'canvas', references: 'params' };

/** Builds the widget tools for a catalog of widget names. */
export function widgetToolDefinitions(widgetNames: readonly string[]): WebMcpToolDef[] {
	return [
		{
			name: 'search_recipes',
			description:
				'Search the widget recipes by keywords (e.g. "trend over time", "table"). Returns matching widget names with a short description.',
			inputSchema: {
				type: 'object',
				properties: { query: { type: 'string', description: 'Keywords describing what to show' } },
				required: ['query'],
				additionalProperties: false
			},
			annotations: { readOnlyHint: true }
		},
		{
			name: 'list_recipes',
			description: 'List every widget recipe (name, title, description, category).',
			inputSchema: { type: 'object', properties: {}, additionalProperties: false },
			annotations: { readOnlyHint: true }
		},
		{
			name: 'get_recipe',
			description:
				"Read one widget's recipe: its params JSON Schema, an example, when to use it and how to fill it. Read it before widget_display.",
			inputSchema: {
				type: 'object',
				properties: { name: { type: 'string', enum: [...widgetNames], description: 'Widget name' } },
				required: ['name'],
				additionalProperties: false
			},
			annotations: { readOnlyHint: true }
		},
		{
			name: 'widget_display',
			description:
				'Show a widget on the canvas. `params` must match the schema from get_recipe(name). Any param value may be {"$ref": "<result id>"} or {"$ref": "<result id>#/rows"} (a JSON pointer): it stands for an earlier data result of this conversation, so pass data by reference instead of copying it. Widgets that show several items take `data` rows as a query returns them plus the names of the columns to use (x, y, lat, lon, label, value…), so rows bind without reshaping. Returns the new widget id (w_...). On "Validation failed", fix the fields listed in details using expected_schema and call again.',
			inputSchema: {
				type: 'object',
				properties: {
					name: { type: 'string', enum: [...widgetNames], description: 'Widget name' },
					params: { type: 'object', description: "The widget's params (see get_recipe)" },
					source: {
						type: 'object',
						description:
							'Optional: a data call to run now and keep, making the widget live. {"tool": "<prefixed data tool name>", "args": {…}}; bind its result in params with {"$ref": "source"} or {"$ref": "source#/rows"}. One call fetches and displays. Anywhere in args, {"$param": "<name>"} stands for a canvas parameter (null while unset; add "as": "list" for a list): the widget runs its source again whenever the parameter changes.',
						properties: { tool: { type: 'string' }, args: { type: 'object' } },
						required: ['tool']
					},
					refreshSeconds: {
						type: 'number',
						minimum: 5,
						description: 'Optional, with source: refresh the widget every this many seconds while the page is open'
					},
					select: {
						type: 'object',
						description:
							'Optional, on charts (bar, line, area, scatter, pie, donut, histogram, heatmap), data-table and map: {"param": "<canvas parameter>", "field": "<column>"}. Clicking a mark (a row, a marker) sets the parameter to its value of field; widgets whose source args hold {"$param": "<name>"} then update without you. Same as params.select.',
						properties: { param: { type: 'string' }, field: { type: 'string' } },
						required: ['param', 'field']
					}
				},
				required: ['name', 'params'],
				additionalProperties: false
			},
			display: widgetDisplay
		},
		{
			name: 'canvas',
			description:
				'Change the canvas. Actions: list (ids, types, titles, positions), update (id, params: fields to replace, which may be {"$ref": "<result id>#/pointer"}; the merged params are validated), move (id, params: {x, y}), resize (id, params: {w, h}), style (id, params: CSS properties such as background-color, color, border, border-radius, font-size, font-weight, padding, opacity, box-shadow), remove (id), refresh (id: re-runs the source of a live widget and updates it in place), clear, list_params (the canvas parameters with their values and the widgets that bind or set them), set_param (params: {name, value}, or {values: {name: value, …}}; null clears: every widget whose source binds the parameter with {"$param": name} updates by itself, no other call needed).',
			inputSchema: {
				type: 'object',
				properties: {
					action: { type: 'string', enum: [...canvasActions] },
					id: {
						type: 'string',
						description: 'Widget id (w_...), for every action except list, clear, list_params and set_param'
					},
					params: { type: 'object', description: 'Action parameters (see the description)' }
				},
				required: ['action'],
				additionalProperties: false
			},
			display: canvasDisplay
		},
		{
			name: 'recall',
			description: 'Re-read the full result of an earlier tool call whose result was shortened, by its id.',
			inputSchema: {
				type: 'object',
				properties: { id: { type: 'string', description: 'The id given in the shortened result' } },
				required: ['id'],
				additionalProperties: false
			},
			annotations: { readOnlyHint: true }
		}
	];
}
