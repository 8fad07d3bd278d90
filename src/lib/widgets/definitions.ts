/**
 * Every widget definition, in catalog order. Pure TypeScript (no Svelte), so the autoui
 * server, build-time validator compilation and Node tests can load it.
 */
import type { WidgetDefinition } from './types';
import { defineWidgetRegistry } from './registry';
import { statDefinition } from './stat/definition';
import { kpiGridDefinition } from './kpi-grid/definition';
import { gaugeDefinition } from './gauge/definition';
import { progressDefinition } from './progress/definition';
import { sparklineDefinition } from './sparkline/definition';
import { markdownDefinition } from './markdown/definition';
import { calloutDefinition } from './callout/definition';
import { codeDefinition } from './code/definition';
import { jsonDefinition } from './json/definition';
import { kvDefinition } from './kv/definition';
import { listDefinition } from './list/definition';
import { tagsDefinition } from './tags/definition';
import { linkListDefinition } from './link-list/definition';
import { dataTableDefinition } from './data-table/definition';
import { chartDefinition } from './chart/definition';
import { barDefinition } from './bar/definition';
import { lineDefinition } from './line/definition';
import { areaDefinition } from './area/definition';
import { scatterDefinition } from './scatter/definition';
import { pieDefinition } from './pie/definition';
import { donutDefinition } from './pie/definition';
import { histogramDefinition } from './histogram/definition';
import { heatmapDefinition } from './heatmap/definition';
import { boxplotDefinition } from './boxplot/definition';
import { mapDefinition } from './map/definition';
import { timelineDefinition } from './timeline/definition';
import { treeDefinition } from './tree/definition';
import { sankeyDefinition } from './sankey/definition';
import { networkDefinition } from './network/definition';
import { hemicycleDefinition } from './hemicycle/definition';
import { profileDefinition } from './profile/definition';
import { cardsDefinition } from './cards/definition';
import { imageDefinition } from './image/definition';
import { galleryDefinition } from './gallery/definition';
import { actionsDefinition } from './actions/definition';
import { choiceDefinition } from './choice/definition';
import { filterDefinition } from './filter/definition';
import { mcpAppDefinition } from './mcp-app/definition';
import { a2uiDefinition } from './a2ui/definition';

/** All widget definitions, grouped by category. */
export const widgetDefinitions: WidgetDefinition[] = [
	statDefinition,
	kpiGridDefinition,
	gaugeDefinition,
	progressDefinition,
	sparklineDefinition,
	markdownDefinition,
	calloutDefinition,
	codeDefinition,
	jsonDefinition,
	kvDefinition,
	listDefinition,
	tagsDefinition,
	linkListDefinition,
	dataTableDefinition,
	chartDefinition,
	barDefinition,
	lineDefinition,
	areaDefinition,
	scatterDefinition,
	pieDefinition,
	donutDefinition,
	histogramDefinition,
	heatmapDefinition,
	boxplotDefinition,
	mapDefinition,
	timelineDefinition,
	treeDefinition,
	sankeyDefinition,
	networkDefinition,
	hemicycleDefinition,
	profileDefinition,
	cardsDefinition,
	imageDefinition,
	galleryDefinition,
	actionsDefinition,
	choiceDefinition,
	filterDefinition,
	mcpAppDefinition,
	a2uiDefinition
] as WidgetDefinition[];

/** The catalog's registry; building it at import time makes a duplicate name fail at start-up. */
export const widgetRegistry = defineWidgetRegistry(widgetDefinitions);

/** The definition named `name`, or undefined. */
export function getWidgetDefinition(name: string): WidgetDefinition | undefined {
	return widgetRegistry.get(name);
}
