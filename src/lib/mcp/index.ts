/**
 * Connections to remote MCP servers: the self-healing `McpConnection` (a `ToolServer`), the
 * reactive `McpServerList` the page and the agent use, the connection doctor and OAuth.
 */
export { McpConnection } from './connection/connection';
export type { ConnectionStatus, McpConnectionOptions, PromptSummary, ResourceSummary } from './connection/connection';
export { McpServerList } from './servers/server-list.svelte';
export { LinkServerOffer } from './servers/link-servers.svelte';
export type { LinkSource, PendingLinkServers } from './servers/link-servers.svelte';
export type { ServerEntry, ServerListOptions } from './servers/server-list.svelte';
export type { ServerRuntime, ServerStatus } from './servers/server-runtime';
export type { TransportChoice, TransportKind } from './connection/transport';
export {
	legacyRevision,
	modernRevision,
	parseProtocolChoice,
	protocolChoiceLabels,
	protocolChoices
} from './connection/protocol-revision';
export type { ProtocolChoice } from './connection/protocol-revision';
export { capabilitiesFor } from './connection/client-handlers';
export type { ActiveCall, ClientHandlers, RequestContext } from './connection/client-handlers';
export { tapTransport } from './connection/protocol-tap';
export type { WireMessage, WireListener } from './connection/protocol-tap';
/** The connection doctor loads on demand (it runs only after a failure). */
export const loadDoctor = () => import('./doctor/doctor');
export type { Diagnosis, DiagnosisCode, DiagnoseOptions } from './doctor/doctor';
export {
	StoredOAuthProvider,
	clientMetadataFor,
	clientMetadataPath,
	clientMetadataUrlFor,
	finishOAuth,
	forgetOAuth,
	memoryStore,
	oauthCallbackPath
} from './oauth/oauth';
export type { KeyValueStore, OAuthProviderOptions, PendingAuthorization } from './oauth/oauth';
export { exportServers, parseHeaderLines, sanitizeName, storageKey } from './servers/server-config';
export type { ExportedServer, McpServerConfig, ServerInput } from './servers/server-config';
export { toMcpError, isSessionExpired, isNetworkError } from './connection/errors';
export { buildLayer, findRecipeListTool, parseRecipes, paginate } from './connection/layer';
export type { BackoffPolicy } from './connection/backoff';
