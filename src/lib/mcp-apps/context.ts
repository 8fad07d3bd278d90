/** The Svelte context key under which the page hands its `McpAppsHost` to `mcp-app` widgets. */
export { mcpAppViewHostKey as mcpAppsContextKey } from '$lib/widgets/mcp-app/view-host';
