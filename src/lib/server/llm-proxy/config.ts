/**
 * Which server-side LLM keys this deployment has, read from the server's environment:
 * ANTHROPIC_API_KEY / OPENAI_API_KEY, with optional ANTHROPIC_BASE_URL / OPENAI_BASE_URL
 * (e.g. an OpenAI-compatible gateway). Keys never leave the server; the browser only learns
 * which providers have one.
 */

/** A provider the proxy can forward to. */
export type ProxyProvider = 'anthropic' | 'openai';

/** One provider's upstream. */
export interface UpstreamConfig {
	apiKey: string;
	/** Without a trailing slash; OpenAI's includes /v1. */
	baseUrl: string;
}

/** The upstreams that have a key. */
export type LlmProxyConfig = Partial<Record<ProxyProvider, UpstreamConfig>>;

/** What /api/llm/config tells the browser: which server keys exist (never the keys). */
export interface PublicLlmConfig {
	serverKeys: Record<ProxyProvider, boolean>;
}

const upstreamDefaults: Record<ProxyProvider, string> = {
	anthropic: 'https://api.anthropic.com',
	openai: 'https://api.openai.com/v1'
};

/** Reads the proxy configuration from an environment (process.env or SvelteKit's $env). */
export function readLlmProxyConfig(env: Record<string, string | undefined>): LlmProxyConfig {
	const config: LlmProxyConfig = {};
	for (const provider of ['anthropic', 'openai'] as const) {
		const prefix = provider.toUpperCase();
		const apiKey = env[`${prefix}_API_KEY`]?.trim();
		if (!apiKey) continue;
		const baseUrl = (env[`${prefix}_BASE_URL`]?.trim() || upstreamDefaults[provider]).replace(/\/+$/, '');
		config[provider] = { apiKey, baseUrl };
	}
	return config;
}

/** The browser-safe view of the configuration. */
export function publicLlmConfig(config: LlmProxyConfig): PublicLlmConfig {
	return { serverKeys: { anthropic: Boolean(config.anthropic), openai: Boolean(config.openai) } };
}
