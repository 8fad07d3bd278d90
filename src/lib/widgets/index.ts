/** The widget catalog: one definition per widget, paired with its Svelte component. */
export type { WidgetDefinition, WidgetCategory, WidgetRecipe, WidgetProps } from './types';
export { widgetDefinitions, widgetRegistry, getWidgetDefinition } from './definitions';
export { defineWidgetRegistry } from './registry';
export type { WidgetRegistry } from './registry';
export { widgetComponents, widgetComponentLoader } from './components';
export type { WidgetComponentLoader } from './components';
export { safeLinkUrl, safeImageUrl, defaultImageHosts } from './shared/url';
