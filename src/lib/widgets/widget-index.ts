/**
 * The light widget index and the on-demand full catalog. Code on the first route imports
 * this file, not `definitions.ts`: the summaries (name, title, description, category,
 * default size) are generated from the definitions at build time as plain data, while
 * schema, example, recipe text and keywords — most of the catalog's weight — arrive with
 * `loadWidgetDefinitions()` the first time something needs them.
 */
import { widgetIndex as generatedIndex } from 'virtual:autoui-widget-index';
import { defineWidgetRegistry } from './registry';
import type { WidgetDefinition, WidgetSummary } from './types';

/** Lookup over the index; building it at import time makes a duplicate name fail at start-up. */
export const widgetIndexRegistry = defineWidgetRegistry<WidgetSummary>(generatedIndex);

/** Every widget's summary, in catalog order (the same order as `widgetDefinitions`). */
export const widgetIndex: readonly WidgetSummary[] = widgetIndexRegistry.list;

/**
 * Loads the full definitions (a separate chunk), in catalog order. Resolves to the same array
 * on every call; a failed load (network) can be retried.
 */
export function loadWidgetDefinitions(): Promise<readonly WidgetDefinition[]> {
	return import('./definitions').then((module) => module.widgetDefinitions);
}
