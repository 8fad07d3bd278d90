/**
 * The widget catalog: one definition per widget, paired with its Svelte component.
 * `widgetDefinitions` (and what derives from it) is the full catalog, schemas and recipes
 * included; code on the first route uses the light `widgetIndex` and `loadWidgetDefinitions`
 * from `./widget-index` instead, since importing this file loads the full catalog.
 */
export type { WidgetAction, WidgetDefinition, WidgetSummary, WidgetCategory, WidgetRecipe, WidgetProps } from './types';
export { widgetDefinitions, widgetRegistry, getWidgetDefinition } from './definitions';
export { widgetIndex, widgetIndexRegistry, loadWidgetDefinitions } from './widget-index';
export { defineWidgetRegistry } from './registry';
export type { WidgetRegistry } from './registry';
export { widgetComponents, widgetComponentLoader } from './components';
export type { WidgetComponentLoader } from './components';
export { safeLinkUrl, safeImageUrl, defaultImageHosts } from './shared/url';
