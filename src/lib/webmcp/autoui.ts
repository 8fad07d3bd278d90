/** `autoui`: the built-in WebMCP server with every widget of the catalog. */
import { widgetDefinitions } from '$lib/widgets/definitions';
import { createWebMcpServer } from './server';

/** The built-in in-page server: recipes, widget_display, canvas and recall for all widgets. */
export const autoui = createWebMcpServer('autoui', {
	description: `Built-in UI widgets shown on the canvas (${widgetDefinitions.map((widget) => widget.name).join(', ')}), plus canvas actions and recall.`,
	widgets: widgetDefinitions
});
