/**
 * Connections to remote MCP servers: the self-healing `McpConnection` (a `ToolServer`), the
 * transport choice, the connection doctor, OAuth support and the server list the UI uses.
 */
export { McpConnection } from './connection';
export type { ConnectionStatus, McpConnectionOptions, PromptSummary, ResourceSummary } from './connection';
export type { TransportChoice, TransportKind } from './transport';
export { toMcpError, isSessionExpired, isNetworkError } from './errors';
export { buildLayer, findRecipeListTool, parseRecipes, paginate } from './layer';
export type { BackoffPolicy } from './backoff';
