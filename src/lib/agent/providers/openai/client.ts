/**
 * The official OpenAI SDK client for a ProviderConfig: browser use enabled, the SDK's own
 * retries off (ours report each retry), no organisation/project headers from the
 * environment, and no Authorization header at all when there is no key (Ollama and other
 * local servers, or the server-key proxy which adds one).
 */
import OpenAI from 'openai';
import { resolveBaseUrl } from '../endpoints';
import type { ProviderConfig } from '../types';

/** Placeholder the SDK requires; the header carrying it is removed before sending. */
const noKey = 'no-key';

/** Creates the SDK client for `config`. */
export function createOpenAiClient(config: ProviderConfig): OpenAI {
	const key = config.useServerKey ? '' : (config.apiKey?.trim() ?? '');
	return new OpenAI({
		apiKey: key || noKey,
		baseURL: resolveBaseUrl(config),
		organization: null,
		project: null,
		dangerouslyAllowBrowser: true,
		maxRetries: 0,
		timeout: config.timeoutMs ?? 600_000,
		defaultHeaders: key ? undefined : { Authorization: null },
		logLevel: 'off'
	});
}

/** True when `config` talks to OpenAI's own API (which wants max_completion_tokens). */
export function isOfficialOpenAi(config: ProviderConfig): boolean {
	if (config.useServerKey) return false;
	try {
		return new URL(resolveBaseUrl(config)).hostname === 'api.openai.com';
	} catch {
		return false;
	}
}
