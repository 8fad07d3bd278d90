/**
 * The LLM settings as plain data, and the rules around them (framework-free, so they are
 * unit-tested in Node): URL presets, what is saved on this device, which key belongs to
 * which endpoint, the ProviderConfig the agent uses, and the status shown in the header.
 */
import { defaultModels, isLocalEndpoint, needsApiKey, resolveBaseUrl } from '$lib/agent/providers/endpoints';
import { isOnDevice, type ProviderConfig, type ProviderId, type RemoteProviderId } from '$lib/agent/providers/types';
import { headersFor, readSavedHeaders, type AguiHeaders } from './agui-headers';

/** What the user chooses in the settings (never the key: keys are kept apart). */
export interface LlmSettings {
	provider: ProviderId;
	/** Empty means the provider's public API. */
	baseUrl: string;
	model: string;
	/** Keep the key in this browser's localStorage. */
	rememberKey: boolean;
	/** null: use the server's key automatically when there is one and no key of our own. */
	useServerKey: boolean | null;
	/** An AG-UI agent's extra headers, for the agent origin they were typed for (see agui-headers.ts). */
	aguiHeaders?: AguiHeaders;
}

/** Which providers the app's server holds a key for (on-device providers and AG-UI agents need none). */
export type ServerKeys = Record<RemoteProviderId, boolean>;

/** The header pill: state plus a short detail. */
export interface SettingsStatus {
	state: 'not-configured' | 'ready' | 'error';
	detail: string;
}

/** Where settings and remembered keys live in localStorage. */
export const storageKeys = { settings: 'autoui.llm.settings.v1', keys: 'autoui.llm.keys.v1' } as const;

/** Fresh settings: Anthropic's public API and its default model. */
export function defaultSettings(provider: ProviderId = 'anthropic'): LlmSettings {
	return { provider, baseUrl: '', model: defaultModels[provider], rememberKey: false, useServerKey: null };
}

/** Endpoints people commonly use, for the base URL suggestions. */
export const endpointPresets: Array<{ label: string; provider: ProviderId; baseUrl: string }> = [
	{ label: 'Anthropic', provider: 'anthropic', baseUrl: 'https://api.anthropic.com' },
	{ label: 'OpenAI', provider: 'openai', baseUrl: 'https://api.openai.com/v1' },
	{ label: 'Ollama (local)', provider: 'openai', baseUrl: 'http://localhost:11434/v1' },
	{ label: 'LM Studio (local)', provider: 'openai', baseUrl: 'http://localhost:1234/v1' },
	{ label: 'llama.cpp server (local)', provider: 'openai', baseUrl: 'http://localhost:8080/v1' },
	{ label: 'vLLM (local)', provider: 'openai', baseUrl: 'http://localhost:8000/v1' },
	{ label: 'OpenRouter', provider: 'openai', baseUrl: 'https://openrouter.ai/api/v1' },
	{ label: 'Groq', provider: 'openai', baseUrl: 'https://api.groq.com/openai/v1' },
	{ label: 'Mistral', provider: 'openai', baseUrl: 'https://api.mistral.ai/v1' },
	{
		label: 'Gemini (OpenAI-compatible)',
		provider: 'openai',
		baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai'
	}
];

function isProvider(value: unknown): value is ProviderId {
	return value === 'anthropic' || value === 'openai' || value === 'local' || value === 'browser' || value === 'agui';
}

function isHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return url.protocol === 'http:' || url.protocol === 'https:';
	} catch {
		return false;
	}
}

/** Reads saved settings; anything missing or malformed falls back to the defaults. */
export function parseSavedSettings(raw: string | null): LlmSettings {
	let saved: Record<string, unknown> | null = null;
	try {
		saved = JSON.parse(raw ?? 'null');
	} catch {
		saved = null;
	}
	if (!saved || typeof saved !== 'object') return defaultSettings();
	const settings = defaultSettings(isProvider(saved.provider) ? saved.provider : 'anthropic');
	if (typeof saved.baseUrl === 'string' && (saved.baseUrl === '' || isHttpUrl(saved.baseUrl)))
		settings.baseUrl = saved.baseUrl;
	if (typeof saved.model === 'string' && saved.model.trim()) settings.model = saved.model;
	settings.rememberKey = saved.rememberKey === true;
	if (typeof saved.useServerKey === 'boolean') settings.useServerKey = saved.useServerKey;
	const headers = readSavedHeaders(saved.aguiHeaders);
	if (headers) settings.aguiHeaders = headers;
	return settings;
}

/**
 * Applies the URL parameters `provider`, `baseUrl` and `model` over `settings`. A key is
 * never read from the URL. Invalid values are ignored. A new provider without a model
 * gets that provider's default model; a new provider or base URL drops the server-key
 * choice back to automatic.
 */
export function applyUrlPresets(settings: LlmSettings, search: URLSearchParams): LlmSettings {
	const next = { ...settings };
	const provider = search.get('provider');
	if (isProvider(provider) && provider !== settings.provider) {
		next.provider = provider;
		next.baseUrl = '';
		next.model = defaultModels[provider];
		next.useServerKey = null;
	}
	const baseUrl = search.get('baseUrl')?.trim();
	if (baseUrl && isHttpUrl(baseUrl) && baseUrl !== settings.baseUrl) {
		next.baseUrl = baseUrl;
		next.useServerKey = null;
	}
	const model = search.get('model')?.trim();
	if (model) next.model = model;
	return next;
}

function originOf(url: string): string | undefined {
	try {
		return new URL(url).origin;
	} catch {
		return undefined;
	}
}

/**
 * Whether settings a link preset are remembered like a choice made in the settings (so the
 * README's Ollama link still works after a reload without its parameters): yes when the base
 * URL is the provider's own API, a well-known endpoint or one on this machine or network. A
 * link naming any other host applies for that visit only: a link alone never makes later
 * questions go to a server the user did not choose. Keys are never part of a preset.
 */
export function rememberPresets(settings: Pick<LlmSettings, 'baseUrl'>): boolean {
	const baseUrl = settings.baseUrl.trim();
	if (!baseUrl || isLocalEndpoint(baseUrl)) return true;
	const origin = originOf(baseUrl);
	return origin !== undefined && endpointPresets.some((preset) => originOf(preset.baseUrl) === origin);
}

/**
 * The endpoint a key belongs to: provider plus the origin it is sent to. A remembered key
 * is only ever sent back to that origin, so a link presetting another baseUrl cannot make
 * the app send a saved key somewhere else.
 */
export function keySlot(settings: Pick<LlmSettings, 'provider' | 'baseUrl'>): string {
	const url = resolveBaseUrl({ provider: settings.provider, baseUrl: settings.baseUrl, model: '' });
	try {
		return `${settings.provider} ${new URL(url).origin}`;
	} catch {
		return `${settings.provider} ${url}`;
	}
}

/** Whether the server's key is used for `settings` with `apiKey` typed by the user. */
export function usesServerKey(settings: LlmSettings, apiKey: string, serverKeys: ServerKeys): boolean {
	if (settings.provider === 'agui' || isOnDevice(settings.provider) || !serverKeys[settings.provider]) return false;
	return settings.useServerKey ?? apiKey.trim() === '';
}

/** The ProviderConfig for the agent. */
export function toProviderConfig(settings: LlmSettings, apiKey: string, serverKeys: ServerKeys): ProviderConfig {
	if (isOnDevice(settings.provider)) return { provider: settings.provider, model: settings.model.trim() };
	const useServerKey = usesServerKey(settings, apiKey, serverKeys);
	const config: ProviderConfig = { provider: settings.provider, model: settings.model.trim() };
	if (settings.baseUrl.trim()) config.baseUrl = settings.baseUrl.trim();
	if (useServerKey) config.useServerKey = true;
	else if (apiKey.trim()) config.apiKey = apiKey.trim();
	const headers = settings.provider === 'agui' ? headersFor(settings.aguiHeaders, settings.baseUrl) : undefined;
	if (headers) config.headers = headers;
	return config;
}

/** A short name for where requests go, for the header pill. */
export function endpointLabel(config: ProviderConfig): string {
	if (config.provider === 'local') return 'in this browser';
	if (config.provider === 'browser') return 'built into the browser';
	if (config.useServerKey)
		return `${config.provider === 'anthropic' ? 'Anthropic' : 'OpenAI-compatible'} via server key`;
	if (!config.baseUrl)
		return config.provider === 'anthropic' ? 'Anthropic' : config.provider === 'agui' ? 'AG-UI agent' : 'OpenAI';
	try {
		return new URL(config.baseUrl).host;
	} catch {
		return config.baseUrl;
	}
}

/** The header status for `config`, or the error the last use of it ended with. */
export function computeStatus(config: ProviderConfig, error: string | null): SettingsStatus {
	if (!config.model)
		return { state: 'not-configured', detail: config.provider === 'local' ? 'choose a model file' : 'choose a model' };
	if (needsApiKey(config) && !config.apiKey) return { state: 'not-configured', detail: 'add an API key' };
	// The model stays named beside the error, so the user sees which setup failed.
	if (error) return { state: 'error', detail: `${config.model} · ${error}` };
	return { state: 'ready', detail: `${config.model} · ${endpointLabel(config)}` };
}

/** True when a key is optional for these settings (a local endpoint). */
export function keyOptional(settings: Pick<LlmSettings, 'baseUrl'>): boolean {
	return isLocalEndpoint(settings.baseUrl);
}
