/**
 * The client options both official SDKs (Anthropic, OpenAI) take under the same names, set
 * the same way for both so the two wire formats cannot drift apart on keys, retries or
 * timeouts.
 */
import { resolveBaseUrl } from './endpoints';
import { idleTimeoutFetch, streamIdleTimeoutMs } from './idle-timeout';
import { checkedFetch } from './response-check';
import type { ProviderConfig } from './types';

/** Placeholder the SDKs require; the header carrying it is removed before sending. */
const noKey = 'no-key';

/** The options {@link sdkOptions} returns. */
export interface SdkOptions {
	apiKey: string;
	baseURL: string;
	dangerouslyAllowBrowser: true;
	maxRetries: 0;
	timeout: number;
	defaultHeaders: { Authorization: null } | undefined;
	logLevel: 'off';
	fetch: typeof fetch;
}

/**
 * Options for an SDK client of `config`: browser use enabled, the SDK's own retries off
 * (withRetry reports each retry), a 10-minute default timeout, logging off, and no
 * Authorization header at all when there is no key to send (local servers such as Ollama,
 * or the server-key proxy, which adds one); every answer goes through `checkedFetch`, which
 * recognises an endpoint that is not an LLM API, and a streamed answer that sends nothing for
 * the idle limit is stopped (`idle-timeout.ts`).
 */
export function sdkOptions(config: ProviderConfig): SdkOptions {
	const key = config.useServerKey ? '' : (config.apiKey?.trim() ?? '');
	return {
		apiKey: key || noKey,
		baseURL: resolveBaseUrl(config),
		dangerouslyAllowBrowser: true,
		maxRetries: 0,
		timeout: config.timeoutMs ?? 600_000,
		defaultHeaders: key ? undefined : { Authorization: null },
		logLevel: 'off',
		fetch: checkedFetch(config.provider, idleTimeoutFetch(streamIdleTimeoutMs(config)))
	};
}
