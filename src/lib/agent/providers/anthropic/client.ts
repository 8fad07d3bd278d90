/**
 * The official Anthropic SDK client for a ProviderConfig: browser use enabled, the SDK's
 * own retries off (ours report each retry), and no Authorization header at all when there
 * is no key to send (the server-key proxy adds one).
 */
import Anthropic from '@anthropic-ai/sdk';
import { resolveBaseUrl } from '../endpoints';
import type { ProviderConfig } from '../types';

/** Placeholder the SDK requires; the header carrying it is removed before sending. */
const noKey = 'no-key';

/** Creates the SDK client for `config`. */
export function createAnthropicClient(config: ProviderConfig): Anthropic {
	const key = config.useServerKey ? '' : (config.apiKey?.trim() ?? '');
	return new Anthropic({
		apiKey: key || noKey,
		baseURL: resolveBaseUrl(config),
		dangerouslyAllowBrowser: true,
		maxRetries: 0,
		timeout: config.timeoutMs ?? 600_000,
		defaultHeaders: key ? undefined : { Authorization: null },
		openTelemetry: false,
		logLevel: 'off'
	});
}
