/** The MCP server UI: the panel, and the panel in a dialog for the header's status pill. */
export { default as ServerPanel } from './ServerPanel.svelte';
export { default as ServerDialog } from './ServerDialog.svelte';
