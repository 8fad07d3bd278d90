/**
 * The official OpenAI SDK client for a ProviderConfig: browser use enabled, the SDK's own
 * retries off (ours report each retry), no organisation/project headers from the
 * environment, and no Authorization header at all when there is no key (Ollama and other
 * local servers, or the server-key proxy which adds one).
 */
import OpenAI from 'openai';
import { resolveBaseUrl } from '../endpoints';
import { sdkOptions } from '../sdk-options';
import type { ProviderConfig } from '../types';

/** Creates the SDK client for `config` (the shared options, and no organisation or project). */
export function createOpenAiClient(config: ProviderConfig): OpenAI {
	return new OpenAI({ ...sdkOptions(config), organization: null, project: null });
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
