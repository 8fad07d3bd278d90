/**
 * The screens every kind of tool source shares, parameterised by the kind's words and hooks:
 * the kind's section, the list and its rows, the row's toolbar, the add form, the link consent prompt and the
 * tool browser.
 */
export { default as SourcePanel } from './SourcePanel.svelte';
export { default as SourceList } from './SourceList.svelte';
export { default as SourceRow } from './SourceRow.svelte';
export { default as SourceToolbar } from './SourceToolbar.svelte';
export { default as AddSourceForm } from './AddSourceForm.svelte';
export { default as LinkConsentPrompt } from './LinkConsentPrompt.svelte';
export { default as ToolBrowser } from './ToolBrowser.svelte';
export type { KindRowProps, RowAct } from './types';
