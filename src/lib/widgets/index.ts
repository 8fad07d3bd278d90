/** The widget catalog: one definition per widget, paired with its Svelte component. */
export type { WidgetDefinition, WidgetCategory, WidgetRecipe, WidgetProps } from './types';
