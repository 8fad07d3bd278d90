/**
 * LLM providers: the one interface the agent loop uses (LlmProvider), created from a
 * ProviderConfig. Each wire format lives in its own folder with its SDK, and each on-device
 * model (local/, browser/) in its own, all imported on demand, so none of them is in the
 * initial bundle.
 */
import { promptApi } from './browser/wire-types';
import { checkConfig, loadWireFormat } from './connection';
import type { LlmProvider, ProviderConfig } from './types';

/**
 * Creates the provider for `config`, loading its code and SDK on first use. Throws
 * AutoUiError (invalid_argument, provider_auth) when the config cannot work.
 */
export async function createProvider(config: ProviderConfig): Promise<LlmProvider> {
	checkConfig(config);
	const { Provider } = await loadWireFormat(config.provider);
	return new Provider(config);
}

/**
 * One MCP request through the AG-UI agent at `config.baseUrl` (its MCP Apps middleware), for a
 * View whose server only that agent reaches; the AG-UI code loads with the first request.
 */
export async function proxiedMcpRequest(
	...request: Parameters<typeof import('./agui/mcp-proxy').proxiedMcpRequest>
): Promise<Record<string, unknown>> {
	return (await import('./agui/mcp-proxy')).proxiedMcpRequest(...request);
}

export { listModels, testConnection, listsModel } from './connection';
export {
	isLocalEndpoint,
	needsApiKey,
	resolveBaseUrl,
	endpointName,
	defaultBaseUrls,
	defaultModels,
	providerNames
} from './endpoints';
export { defaultRetryOptions, parseRetryAfter, backoffDelay } from './retry';
export { isOnDevice } from './types';
export { promptApi } from './browser/wire-types';

/**
 * True where the browser has a built-in model it can use or download (the Prompt API's
 * `LanguageModel`, and its availability is not `unavailable`).
 */
export async function hasBrowserModel(): Promise<boolean> {
	try {
		const api = promptApi();
		return api !== null && (await api.availability()) !== 'unavailable';
	} catch {
		return false;
	}
}
export type {
	ProviderId,
	RemoteProviderId,
	ProviderRequest,
	ProviderEvent,
	ProviderTurn,
	StreamOptions,
	LlmProvider,
	ProviderConfig,
	RetryOptions,
	ModelInfo,
	ConnectionResult
} from './types';
