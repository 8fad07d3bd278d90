/**
 * Widget type → lazy Svelte component loader. Loaders are dynamic imports so each widget (and
 * heavy libraries such as Vega) lands in its own chunk, fetched the first time it is shown.
 */
import type { Component } from 'svelte';
import type { WidgetProps } from './types';

/** A loader resolving to a widget component module. */
export type WidgetComponentLoader = () => Promise<{ default: Component<WidgetProps<any>> }>;

/** One loader per widget name in `widgetDefinitions`. */
export const widgetComponents: Record<string, WidgetComponentLoader> = {
	stat: () => import('./stat/Stat.svelte'),
	markdown: () => import('./markdown/Markdown.svelte'),
	'data-table': () => import('./data-table/DataTable.svelte')
};

/** The loader for `name`, or undefined when no component is registered. */
export function widgetComponentLoader(name: string): WidgetComponentLoader | undefined {
	return Object.hasOwn(widgetComponents, name) ? widgetComponents[name] : undefined;
}
