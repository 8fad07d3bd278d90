/**
 * The view kit: app-shell pieces (layout, splitters, theme, status pills) and generic
 * controls (a toolbar whose actions overflow into a menu, a hidden file picker). Nothing here
 * knows the app. The first route imports this index, so what only later views use is not
 * exported here (a component in it would load with the page): `Menu.svelte` (the toolbar
 * loads it when narrow), `TitleBar.svelte` (dialogs and the workbench) and the JSON tree,
 * `./json-tree` (its own index).
 */
export { default as AppShell } from './AppShell.svelte';
export { default as Splitter } from './Splitter.svelte';
export { default as StatusPill } from './StatusPill.svelte';
export { default as StatusDot } from './StatusDot.svelte';
export { default as ThemeToggle } from './ThemeToggle.svelte';
export { default as Toolbar } from './Toolbar.svelte';
export { default as FilePicker } from './FilePicker.svelte';
export { inMenu, inRow } from './overflow';
export type { ActionPlace } from './overflow';
export { LayoutStore } from './layout-store.svelte';
export type { PaneSizes } from './layout-store.svelte';
export { ThemeStore } from './theme-store.svelte';
export type { ThemeChoice } from './theme-store.svelte';
export { narrowQuery } from './narrow';
export type { PaneTab } from './narrow';
export { countUnseen } from './unseen';
