/**
 * Connections to remote MCP servers: the self-healing `McpConnection` (a `ToolServer`), the
 * reactive `McpServerList` the page and the agent use, the connection doctor and OAuth.
 */
export { McpConnection } from './connection';
export type { ConnectionStatus, McpConnectionOptions, PromptSummary, ResourceSummary } from './connection';
export { McpServerList } from './server-list.svelte';
export { LinkServerOffer } from './link-servers.svelte';
export type { LinkSource, PendingLinkServers } from './link-servers.svelte';
export type { ServerEntry, ServerListOptions, ServerRuntime, ServerStatus } from './server-list.svelte';
export type { TransportChoice, TransportKind } from './transport';
export { legacyRevision, modernRevision, parseProtocolChoice, protocolChoiceLabels, protocolChoices } from './protocol-revision';
export type { ProtocolChoice } from './protocol-revision';
export { capabilitiesFor } from './client-handlers';
export type { ActiveCall, ClientHandlers, RequestContext } from './client-handlers';
export { tapTransport } from './protocol-tap';
export type { WireMessage, WireListener } from './protocol-tap';
/** The connection doctor loads on demand (it runs only after a failure). */
export const loadDoctor = () => import('./doctor');
export type { Diagnosis, DiagnosisCode, DiagnoseOptions } from './doctor';
export { StoredOAuthProvider, clientMetadataFor, clientMetadataPath, clientMetadataUrlFor, finishOAuth, forgetOAuth, memoryStore, oauthCallbackPath } from './oauth';
export type { KeyValueStore, OAuthProviderOptions, PendingAuthorization } from './oauth';
export { exportServers, parseHeaderLines, sanitizeName, storageKey } from './server-config';
export type { ExportedServer, McpServerConfig, ServerInput } from './server-config';
export { toMcpError, isSessionExpired, isNetworkError } from './errors';
export { buildLayer, findRecipeListTool, parseRecipes, paginate } from './layer';
export type { BackoffPolicy } from './backoff';
