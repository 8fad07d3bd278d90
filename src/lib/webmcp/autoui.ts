/**
 * `autoui`: the built-in WebMCP server with every widget of the catalog. It starts from the
 * light widget index (the tool list and the layer need only names and descriptions); the
 * full definitions — schemas, examples, recipe text — load on the first recipe search,
 * recipe read or display, so they stay out of the initial JavaScript.
 */
import { loadWidgetDefinitions, widgetIndex } from '$lib/widgets/widget-index';
import { createWebMcpServer } from './server';

/** The built-in in-page server: recipes, widget_display, canvas and recall for all widgets. */
export const autoui = createWebMcpServer('autoui', {
	description: `Built-in UI widgets shown on the canvas (${widgetIndex
		.filter((widget) => !widget.hostOnly)
		.map((widget) => widget.name)
		.join(', ')}), plus canvas actions and recall.`,
	widgets: widgetIndex,
	definitions: loadWidgetDefinitions
});
