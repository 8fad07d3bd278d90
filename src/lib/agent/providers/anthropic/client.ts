/**
 * The official Anthropic SDK client for a ProviderConfig: browser use enabled, the SDK's
 * own retries off (ours report each retry), and no Authorization header at all when there
 * is no key to send (the server-key proxy adds one).
 */
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages/messages';
import { Models } from '@anthropic-ai/sdk/resources/models';
import { sdkOptions } from '../sdk-options';
import type { ProviderConfig } from '../types';

/**
 * The SDK's base client with only the two resources the app uses (messages, models), so
 * the rest of the SDK (beta, batches, files, skills…) stays out of the on-demand chunk.
 */
export class AnthropicClient extends BaseAnthropic {
	messages: Messages = new Messages(this);
	models: Models = new Models(this);
}

/** Creates the SDK client for `config` (the shared options, and no OpenTelemetry). */
export function createAnthropicClient(config: ProviderConfig): AnthropicClient {
	return new AnthropicClient({ ...sdkOptions(config), openTelemetry: false });
}
