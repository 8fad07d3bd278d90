/** The ErrorContext (and retry settings) of a ProviderConfig, for runTurn and error messages. */
import { resolveBaseUrl } from './endpoints';
import type { ErrorContext } from './provider-errors';
import type { ProviderConfig, RetryOptions } from './types';

/** What error messages of calls made with `config` need to know (never the key itself). */
export function errorContext(config: ProviderConfig): ErrorContext & { retry?: RetryOptions } {
	return {
		provider: config.provider,
		baseUrl: resolveBaseUrl(config),
		model: config.model,
		hasKey: Boolean(config.apiKey?.trim()),
		useServerKey: config.useServerKey === true,
		retry: config.retry
	};
}
