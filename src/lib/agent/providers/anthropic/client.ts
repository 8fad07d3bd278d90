/**
 * The official Anthropic SDK client for a ProviderConfig: browser use enabled, the SDK's
 * own retries off (ours report each retry), and no Authorization header at all when there
 * is no key to send (the server-key proxy adds one).
 */
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import { Models } from '@anthropic-ai/sdk/resources/models';
import { resolveBaseUrl } from '../endpoints';
import type { ProviderConfig } from '../types';

/**
 * The SDK's base client with only the two resources the app uses (messages, models), so
 * the rest of the SDK (beta, batches, files, skills…) stays out of the on-demand chunk.
 */
export class AnthropicClient extends BaseAnthropic {
	messages: Messages = new Messages(this);
	models: Models = new Models(this);
}

/** Placeholder the SDK requires; the header carrying it is removed before sending. */
const noKey = 'no-key';

/** Creates the SDK client for `config`. */
export function createAnthropicClient(config: ProviderConfig): AnthropicClient {
	const key = config.useServerKey ? '' : (config.apiKey?.trim() ?? '');
	return new AnthropicClient({
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
