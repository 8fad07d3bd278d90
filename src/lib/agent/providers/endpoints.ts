/**
 * Where a provider's requests go: public API defaults, local endpoints (which need no key),
 * and the app's own /api/llm proxy when the server's key is used.
 */
import { isOnDevice, type ProviderConfig, type ProviderId } from './types';

/**
 * The public API of each wire format (OpenAI's includes /v1, Anthropic's SDK adds it). The
 * on-device providers have none: `local` may take the URL of a GGUF file instead.
 */
export const defaultBaseUrls: Record<ProviderId, string> = {
	anthropic: 'https://api.anthropic.com',
	openai: 'https://api.openai.com/v1',
	local: '',
	browser: '',
	agui: ''
};

/**
 * A sensible model to start with for each provider's public API. On-device providers name
 * the model they loaded (`local`: the GGUF file's name, set when it is loaded).
 */
export const defaultModels: Record<ProviderId, string> = {
	anthropic: 'claude-sonnet-4-5',
	openai: 'gpt-5-mini',
	local: '',
	browser: 'built-in',
	agui: 'agent'
};

/** Display names of the providers, for pickers and labels. */
export const providerNames: Record<ProviderId, string> = {
	anthropic: 'Anthropic',
	openai: 'OpenAI-compatible',
	local: 'In this browser',
	browser: "The browser's built-in model",
	agui: 'AG-UI agent'
};

/**
 * Who answers requests of `config`, for messages: "Anthropic", "OpenAI", "Ollama", "the
 * endpoint at api.groq.com", "the provider behind the app's server".
 */
export function endpointName(config: Pick<ProviderConfig, 'provider' | 'baseUrl' | 'useServerKey'>): string {
	if (config.provider === 'anthropic') return 'Anthropic';
	if (config.provider === 'local') return 'the model in this browser';
	if (config.provider === 'browser') return "the browser's built-in model";
	if (config.provider === 'agui') return 'the AG-UI agent';
	if (config.useServerKey) return "the provider behind the app's server";
	const url = resolveBaseUrl({ ...config, model: '' });
	if (isLocalEndpoint(url)) return localServerName(url);
	try {
		const host = new URL(url).hostname;
		return host === 'api.openai.com' ? 'OpenAI' : `the endpoint at ${host}`;
	} catch {
		return 'the endpoint';
	}
}

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0', 'host.docker.internal']);

/**
 * True when `url` points at this machine or a private network (Ollama, LM Studio, vLLM,
 * llama.cpp on a LAN box): such endpoints usually need no API key.
 */
export function isLocalEndpoint(url: string | undefined): boolean {
	if (!url) return false;
	let host: string;
	try {
		host = new URL(url).hostname.toLowerCase();
	} catch {
		return false;
	}
	if (localHosts.has(host) || host.endsWith('.localhost') || host.endsWith('.local')) return true;
	const octets = host.split('.').map(Number);
	if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet) || octet < 0 || octet > 255)) return false;
	const [a, b] = octets;
	return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}

/** The base URL requests of `config` really go to (proxy, custom or default), without a trailing slash. */
export function resolveBaseUrl(config: ProviderConfig): string {
	if (config.useServerKey) {
		const origin = config.appOrigin ?? globalThis.location?.origin ?? '';
		return `${origin}/api/llm/${config.provider}`;
	}
	const url = config.baseUrl?.trim() || defaultBaseUrls[config.provider];
	return url.replace(/\/+$/, '');
}

/** True when `config` can be used without a key typed into the browser. */
export function needsApiKey(
	config: Pick<ProviderConfig, 'baseUrl' | 'useServerKey'> & { provider?: ProviderId }
): boolean {
	if (config.provider && isOnDevice(config.provider)) return false;
	if (config.provider === 'agui') return false;
	return !config.useServerKey && !isLocalEndpoint(config.baseUrl);
}

/** What probably serves a local URL, for "is Ollama running?" style hints. */
export function localServerName(url: string): string {
	let port = '';
	try {
		port = new URL(url).port;
	} catch {
		return 'the local server';
	}
	const known: Record<string, string> = {
		'11434': 'Ollama',
		'1234': 'LM Studio',
		'8080': 'the llama.cpp server',
		'8000': 'the vLLM server'
	};
	return known[port] ?? 'the local server';
}
