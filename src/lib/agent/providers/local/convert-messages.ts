/**
 * Neutral request → one completion for the local runtime: the tool set a small context
 * offers, the compact prompt sized to the model's context (in its own tokens, as measured
 * so far), the envelope schema the reply is decoded under (null for free text) and the reply
 * room left. The chat template is applied by the runtime.
 */
import { envelopeSchema, type EnvelopeOptions } from '../constrained/envelope';
import { fitPrompt, type FittedPrompt } from '../constrained/fit-prompt';
import { replyTokens, type TokenMeter } from '../constrained/token-meter';
import { compactToolSet } from '../constrained/tool-set';
import type { ProviderRequest } from '../types';
import type { LocalModelInfo } from './model-info';
import type { CompletionBody } from './wire-types';

/** Low temperature: small models keep to the tools and arguments better. */
export const LOCAL_TEMPERATURE = 0.3;

/** The completion for `request`, with the fitted prompt it came from and the tools offered. */
export function toCompletionBody(
	request: ProviderRequest,
	info: Pick<LocalModelInfo, 'contextTokens'>,
	meter: TokenMeter,
	options: { looseArguments?: boolean } = {}
): { body: CompletionBody; fitted: FittedPrompt; tools: string[] } {
	const tools = compactToolSet(request.tools, request.messages, info.contextTokens);
	const envelope: EnvelopeOptions | null =
		tools.length > 0 && request.toolChoice !== 'none' ? { toolChoice: request.toolChoice ?? 'auto' } : null;
	const outputTokens = replyTokens(info.contextTokens, request.maxTokens);
	const fitted = fitPrompt(
		{ ...request, tools },
		{ contextTokens: info.contextTokens, outputTokens, charsPerToken: meter.charsPerToken },
		envelope
	);
	const body: CompletionBody = {
		messages: fitted.messages,
		schema: envelope ? envelopeSchema(tools, { ...envelope, looseArguments: options.looseArguments }) : null,
		maxTokens: Math.max(16, Math.min(outputTokens, info.contextTokens - fitted.estimatedTokens)),
		temperature: LOCAL_TEMPERATURE
	};
	return { body, fitted, tools: tools.map((tool) => tool.name) };
}
