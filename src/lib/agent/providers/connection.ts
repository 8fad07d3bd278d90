/**
 * Model lists and the settings dialog's "Test connection": reach the endpoint with the
 * configured key and say clearly what works and what does not.
 */
import { AutoUiError, blockedPortMessage, browserBlockedPort, errorMessage } from '$lib/shared';
import { endpointName, needsApiKey, resolveBaseUrl } from './endpoints';
import { errorContext } from './error-context';
import { classifyFailure, toProviderError } from './provider-errors';
import { withRetry } from './retry';
import { isOnDevice, type ConnectionResult, type ModelInfo, type ProviderConfig } from './types';

const knownProviders = ['anthropic', 'openai', 'local', 'browser', 'agui'];
const unknownProvider = (provider: unknown) => `unknown provider "${String(provider)}" — choose a provider in Settings`;

/** Loads a provider folder (and its SDK) on demand. */
export async function loadWireFormat(provider: ProviderConfig['provider']) {
	try {
		if (provider === 'anthropic') {
			const module = await import('./anthropic');
			return { Provider: module.AnthropicProvider, listModels: module.listAnthropicModels };
		}
		if (provider === 'openai') {
			const module = await import('./openai');
			return { Provider: module.OpenAiProvider, listModels: module.listOpenAiModels };
		}
		if (provider === 'local') {
			const module = await import('./local');
			return { Provider: module.LocalProvider, listModels: module.listLocalModels };
		}
		if (provider === 'browser') {
			const module = await import('./browser');
			return { Provider: module.BrowserProvider, listModels: module.listBrowserModels };
		}
		if (provider === 'agui') {
			const module = await import('./agui');
			return {
				Provider: module.AguiProvider,
				listModels: async (): Promise<ModelInfo[]> => [{ id: 'agent', name: 'the AG-UI agent' }]
			};
		}
	} catch (error) {
		throw new AutoUiError(
			'internal',
			`could not load the ${provider} provider code (${errorMessage(error)}) — reload the page`,
			{ cause: error }
		);
	}
	throw new AutoUiError('invalid_argument', unknownProvider(provider));
}

/** Throws when `config` cannot work at all (no model, no key where one is needed). */
export function checkConfig(config: ProviderConfig): void {
	if (!knownProviders.includes(config.provider))
		throw new AutoUiError('invalid_argument', unknownProvider(config.provider));
	if (config.provider === 'local' && !config.model?.trim())
		throw new AutoUiError('invalid_argument', 'no model is loaded in this browser — choose a GGUF file in Settings');
	if (config.provider === 'agui' && !config.baseUrl?.trim())
		throw new AutoUiError('invalid_argument', "no AG-UI agent URL is set — add the agent's endpoint in Settings");
	if (!config.model?.trim()) throw new AutoUiError('invalid_argument', 'no model is chosen — pick one in Settings');
	if (isOnDevice(config.provider)) return;
	if (config.baseUrl?.trim()) {
		try {
			const url = new URL(config.baseUrl.trim());
			if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
		} catch {
			throw new AutoUiError(
				'invalid_argument',
				`the base URL "${config.baseUrl}" is not an http(s) URL — fix it in Settings`
			);
		}
		const port = browserBlockedPort(config.baseUrl.trim());
		if (port !== undefined)
			throw new AutoUiError(
				'provider_network',
				`${config.baseUrl}: ${blockedPortMessage(port)}, then update the base URL in Settings`
			);
	}
	if (needsApiKey(config) && !config.apiKey?.trim()) {
		throw new AutoUiError('provider_auth', `${endpointName(config)} needs an API key — add one in Settings`);
	}
}

/** The models the endpoint lists, retried once on a transient failure. */
export async function listModels(config: ProviderConfig, options: { signal?: AbortSignal } = {}): Promise<ModelInfo[]> {
	checkConfig({ ...config, model: config.model || 'any' });
	const { listModels: list } = await loadWireFormat(config.provider);
	const context = errorContext(config);
	const models = await withRetry(
		() => list(config, options.signal),
		{
			classify: classifyFailure,
			finalError: (error, _failure, retries) => toProviderError(error, context, retries)
		},
		{ maxRetries: 1, baseDelayMs: 500, ...config.retry },
		options.signal
	);
	return models.sort((a, b) => a.id.localeCompare(b.id));
}

/** True when the endpoint's list names `model` (aliases like llama3.1 → llama3.1:latest count). */
export function listsModel(models: ModelInfo[], model: string): boolean {
	return models.some(
		({ id }) => id === model || id === `models/${model}` || id.startsWith(`${model}:`) || id.startsWith(`${model}-`)
	);
}

/**
 * Tests `config` the way the chat will use it: lists the models (which checks the endpoint
 * and the key), then sends a real one-token streaming request of the chosen wire format —
 * so an endpoint that answers 200 to anything (a web page, another API) is diagnosed here,
 * not in the first chat turn. Never throws.
 */
export async function testConnection(
	config: ProviderConfig,
	options: { signal?: AbortSignal } = {}
): Promise<ConnectionResult> {
	const started = performance.now();
	const elapsed = () => Math.round(performance.now() - started);
	const where = isOnDevice(config.provider) ? endpointName(config) : resolveBaseUrl(config);
	try {
		checkConfig(config);
		let models: ModelInfo[];
		try {
			models = await listModels(config, options);
		} catch (error) {
			if (!(error instanceof AutoUiError) || (error.details as { status?: number } | undefined)?.status !== 404)
				throw error;
			await pingModel(config, options.signal);
			return {
				ok: true,
				message: `Connected to ${where}: ${config.model} answered.`,
				models: [],
				latencyMs: elapsed()
			};
		}
		await pingModel(config, options.signal);
		if (config.provider === 'local') return { ...(await localModelResult(config)), models, latencyMs: elapsed() };
		const message = `Connected to ${where}.`;
		if (models.length === 0 || listsModel(models, config.model)) {
			return {
				ok: true,
				message: models.length ? `${message} Model ${config.model} is available.` : message,
				models,
				latencyMs: elapsed()
			};
		}
		const warning = `Model ${config.model} is not in this endpoint's list of ${models.length} models — check its name.`;
		return { ok: true, message, models, latencyMs: elapsed(), warning };
	} catch (error) {
		const typed = error instanceof AutoUiError ? error : toProviderError(error, errorContext(config));
		return { ok: false, code: typed.code, message: typed.message, latencyMs: elapsed() };
	}
}

/**
 * What Test connection tested on the model in this browser: it loaded and answered a
 * one-token request; tool calls are not tried, so a model that cannot make them says so.
 */
async function localModelResult(config: ProviderConfig): Promise<{ ok: true; message: string; warning?: string }> {
	const { localModelEngine, assessModel } = await import('./local');
	const state = localModelEngine().state;
	const name = state.phase === 'ready' ? state.info.name : config.model;
	const message = `${name} loaded in this browser and answered a one-token request (tool calls were not tried).`;
	if (state.phase !== 'ready') return { ok: true, message };
	const capability = assessModel(state.info);
	return capability.tools ? { ok: true, message } : { ok: true, message, warning: capability.note };
}

async function pingModel(config: ProviderConfig, signal?: AbortSignal): Promise<void> {
	const { Provider } = await loadWireFormat(config.provider);
	const provider = new Provider({ ...config, retry: { ...config.retry, maxRetries: 0 } });
	await provider.streamTurn(
		{ system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'Say OK.' }] }], tools: [], maxTokens: 1 },
		{ signal }
	);
}
