/**
 * Every widget definition, in catalog order. Pure TypeScript (no Svelte), so the autoui
 * server, build-time validator compilation and Node tests can load it.
 */
import type { WidgetDefinition } from './types';
import { defineWidgetRegistry } from './registry';
import { statDefinition } from './stat/definition';
import { markdownDefinition } from './markdown/definition';
import { dataTableDefinition } from './data-table/definition';

/** All widget definitions. */
export const widgetDefinitions: WidgetDefinition[] = [statDefinition, markdownDefinition, dataTableDefinition] as WidgetDefinition[];

/** The catalog's registry; building it at import time makes a duplicate name fail at start-up. */
export const widgetRegistry = defineWidgetRegistry(widgetDefinitions);

/** The definition named `name`, or undefined. */
export function getWidgetDefinition(name: string): WidgetDefinition | undefined {
	return widgetRegistry.get(name);
}
