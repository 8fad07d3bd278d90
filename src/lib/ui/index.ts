/** Shared UI pieces of the app shell: layout, splitters, theme and status pills. */
export { default as AppShell } from './AppShell.svelte';
export { default as Splitter } from './Splitter.svelte';
export { default as StatusPill } from './StatusPill.svelte';
export { default as StatusDot } from './StatusDot.svelte';
export { default as ThemeToggle } from './ThemeToggle.svelte';
export { LayoutStore } from './layout-store.svelte';
export type { PaneSizes } from './layout-store.svelte';
export { ThemeStore } from './theme-store.svelte';
export type { ThemeChoice } from './theme-store.svelte';
export { narrowQuery } from './narrow';
export type { PaneTab } from './narrow';
