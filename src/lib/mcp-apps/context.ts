/** The Svelte context key under which the page hands its `McpAppsHost` to `mcp-app` widgets. */
export const mcpAppsContextKey = Symbol('mcp-apps-host');
