/**
 * Widget type → lazy Svelte component loader. Loaders are dynamic imports so each widget (and
 * heavy libraries such as Vega) lands in its own chunk, fetched the first time it is shown.
 */
import type { Component } from 'svelte';
import type { WidgetProps } from './types';

/** A loader resolving to a widget component module. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each widget takes its own params type
export type WidgetComponentLoader = () => Promise<{ default: Component<WidgetProps<any>> }>;

/** One loader per widget name in `widgetDefinitions`. */
export const widgetComponents: Record<string, WidgetComponentLoader> = {
	stat: () => import('./stat/Stat.svelte'),
	'kpi-grid': () => import('./kpi-grid/KpiGrid.svelte'),
	gauge: () => import('./gauge/Gauge.svelte'),
	progress: () => import('./progress/Progress.svelte'),
	sparkline: () => import('./sparkline/Sparkline.svelte'),
	markdown: () => import('./markdown/Markdown.svelte'),
	callout: () => import('./callout/Callout.svelte'),
	code: () => import('./code/Code.svelte'),
	json: () => import('./json/Json.svelte'),
	kv: () => import('./kv/Kv.svelte'),
	list: () => import('./list/List.svelte'),
	tags: () => import('./tags/Tags.svelte'),
	'link-list': () => import('./link-list/LinkList.svelte'),
	'data-table': () => import('./data-table/DataTable.svelte'),
	chart: () => import('./chart/Chart.svelte'),
	bar: () => import('./bar/Bar.svelte'),
	line: () => import('./line/Line.svelte'),
	area: () => import('./area/Area.svelte'),
	scatter: () => import('./scatter/Scatter.svelte'),
	pie: () => import('./pie/Pie.svelte'),
	donut: () => import('./pie/Donut.svelte'),
	histogram: () => import('./histogram/Histogram.svelte'),
	heatmap: () => import('./heatmap/Heatmap.svelte'),
	boxplot: () => import('./boxplot/Boxplot.svelte'),
	map: () => import('./map/Map.svelte'),
	timeline: () => import('./timeline/Timeline.svelte'),
	tree: () => import('./tree/Tree.svelte'),
	sankey: () => import('./sankey/Sankey.svelte'),
	network: () => import('./network/Network.svelte'),
	hemicycle: () => import('./hemicycle/Hemicycle.svelte'),
	profile: () => import('./profile/Profile.svelte'),
	cards: () => import('./cards/Cards.svelte'),
	image: () => import('./image/Image.svelte'),
	gallery: () => import('./gallery/Gallery.svelte'),
	actions: () => import('./actions/Actions.svelte'),
	choice: () => import('./choice/Choice.svelte'),
	filter: () => import('./filter/Filter.svelte'),
	'mcp-app': () => import('./mcp-app/McpApp.svelte'),
	a2ui: () => import('./a2ui/A2ui.svelte')
};

/** The loader for `name`, or undefined when no component is registered. */
export function widgetComponentLoader(name: string): WidgetComponentLoader | undefined {
	return Object.hasOwn(widgetComponents, name) ? widgetComponents[name] : undefined;
}
