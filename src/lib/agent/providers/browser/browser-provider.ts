/**
 * The `browser` provider: the browser's built-in model through the Prompt API
 * (`LanguageModel`, where the browser has one). Same compact prompt and tool-call envelope
 * as the `local` provider: the envelope's schema goes to `responseConstraint`, so tool calls
 * parse. Each request opens a session sized by its `inputQuota` and closes it after; a
 * request over the quota teaches the token meter and is fitted again.
 */
import { AutoUiError, randomId } from '$lib/shared';
import { EnvelopeStream } from '../constrained/envelope-stream';
import { envelopeSchema, type EnvelopeOptions } from '../constrained/envelope';
import { compactToolSet } from '../constrained/tool-set';
import { fitPrompt } from '../constrained/fit-prompt';
import { TokenMeter, replyTokens } from '../constrained/token-meter';
import { errorContext } from '../error-context';
import { runTurn } from '../run-turn';
import type { LlmProvider, ModelInfo, ProviderConfig, ProviderRequest, ProviderTurn, StreamOptions } from '../types';
import { toSessionInput } from './convert-messages';
import { mapBrowserStopReason } from './map-stop-reason';
import { promptApi, type PromptApi } from './wire-types';

/** Used until a session reports its own quota. */
const DEFAULT_QUOTA = 4096;
const MAX_REFITS = 3;

/** An LlmProvider bound to the browser's built-in model. */
export class BrowserProvider implements LlmProvider {
	readonly id = 'browser' as const;
	readonly model: string;
	#config: ProviderConfig;
	#api: PromptApi | null;
	#meter = new TokenMeter(3);
	#quota = DEFAULT_QUOTA;

	constructor(config: ProviderConfig, api: PromptApi | null = promptApi()) {
		this.#config = config;
		this.model = config.model || 'built-in';
		this.#api = api;
	}

	async streamTurn(request: ProviderRequest, options: StreamOptions = {}): Promise<ProviderTurn> {
		const api = this.#api;
		if (!api)
			throw new AutoUiError(
				'invalid_argument',
				'this browser has no built-in model (Prompt API) — choose another provider in Settings'
			);
		const availability = await api.availability();
		if (availability === 'unavailable')
			throw new AutoUiError(
				'provider_unavailable',
				"the browser's built-in model is not available on this device — choose another provider in Settings"
			);
		const offered = { ...request, tools: compactToolSet(request.tools, request.messages, this.#quota) };
		const envelope: EnvelopeOptions | null =
			offered.tools.length > 0 && request.toolChoice !== 'none' ? { toolChoice: request.toolChoice ?? 'auto' } : null;
		const schema = envelope ? envelopeSchema(offered.tools, envelope) : null;
		for (let refit = 0; ; refit++) {
			const outputTokens = replyTokens(this.#quota, request.maxTokens);
			const fitted = fitPrompt(
				offered,
				{ contextTokens: this.#quota, outputTokens, charsPerToken: this.#meter.charsPerToken },
				envelope
			);
			const { initialPrompts, input } = toSessionInput(fitted.messages);
			const body = { model: this.model, initialPrompts, input, responseConstraint: schema, shortened: fitted.steps };
			try {
				return await runTurn(
					{
						body,
						attempt: async (signal, handlers) => {
							const session = await api.create({
								initialPrompts,
								signal,
								expectedInputs: [{ type: 'text' }],
								expectedOutputs: [{ type: 'text' }]
							});
							try {
								this.#quota = session.inputQuota || this.#quota;
								const stream = new EnvelopeStream(schema !== null, handlers, () => randomId('call_', 12));
								const reader = session
									.promptStreaming(input, { signal, ...(schema ? { responseConstraint: schema } : {}) })
									.getReader();
								for (;;) {
									const { done, value } = await reader.read();
									if (done) break;
									stream.push(value);
								}
								const message = stream.finish();
								const inputTokens = session.inputUsage || Math.ceil(fitted.chars / this.#meter.charsPerToken);
								if (session.inputUsage) this.#meter.observe(fitted.chars, session.inputUsage);
								const replyTokenCount = Math.ceil(stream.raw.length / this.#meter.charsPerToken);
								const hasCalls = message.content.some((block) => block.type === 'tool_use');
								return {
									message,
									stopReason: mapBrowserStopReason(hasCalls),
									usage: { inputTokens, outputTokens: replyTokenCount, cacheReadTokens: 0, cacheWriteTokens: 0 },
									model: this.model
								};
							} finally {
								session.destroy();
							}
						}
					},
					{ ...errorContext(this.#config), retry: { maxRetries: 0 } },
					options
				);
			} catch (error) {
				const quota = quotaCause(error);
				if (quota && refit < MAX_REFITS) {
					if (quota.quota) this.#quota = quota.quota;
					if (quota.requested) this.#meter.observe(fitted.chars, quota.requested);
					continue;
				}
				throw error;
			}
		}
	}
}

/** The Prompt API's QuotaExceededError (requested and quota in tokens) among `error`'s causes. */
function quotaCause(error: unknown): { requested?: number; quota?: number } | null {
	for (let current = error, depth = 0; current && depth < 5; depth++) {
		const candidate = current as { name?: string; requested?: number; quota?: number; cause?: unknown };
		if (candidate.name === 'QuotaExceededError') return { requested: candidate.requested, quota: candidate.quota };
		current = candidate.cause;
	}
	return null;
}

/** The one model the Prompt API offers, when the browser has it. */
export async function listBrowserModels(): Promise<ModelInfo[]> {
	const api = promptApi();
	if (!api || (await api.availability()) === 'unavailable') return [];
	return [{ id: 'built-in', name: "The browser's built-in model" }];
}
