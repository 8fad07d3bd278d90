/**
 * The `local` provider: a GGUF model run in this browser by the local-model worker. Each
 * request is the compact prompt (fit-prompt.ts) sized to the model's context, formatted by
 * the model's own chat template, and decoded under the tool-call envelope (envelope.ts), so
 * text streams token by token and tool calls always parse. A request the runtime finds too
 * long teaches the token meter the model's real size and is fitted again, smaller, so a turn
 * never ends on a context overflow; a tool schema the grammar cannot take falls back to
 * "any JSON object" arguments (validation still checks them). Nothing leaves the device.
 */
import { AutoUiError, randomId } from '$lib/shared';
import { EnvelopeStream } from '../constrained/envelope-stream';
import type { FittedPrompt } from '../constrained/fit-prompt';
import { TokenMeter, initialCharsPerToken } from '../constrained/token-meter';
import { errorContext } from '../error-context';
import { runTurn, type AttemptHandlers, type AttemptResult } from '../run-turn';
import type { LlmProvider, ModelInfo, ProviderConfig, ProviderRequest, ProviderTurn, StreamOptions } from '../types';
import { LocalCompletionError, localModelEngine, type LocalEngine } from './engine';
import { toCompletionBody } from './convert-messages';
import { mapLocalFinishReason } from './map-stop-reason';
import type { LocalModelInfo } from './model-info';
import type { CompletionBody } from './wire-types';

/** Fitting again after an overflow, at most this many times. */
const MAX_REFITS = 3;

/** An LlmProvider bound to the model loaded (or cached) in this browser. */
export class LocalProvider implements LlmProvider {
	readonly id = 'local' as const;
	readonly model: string;
	#config: ProviderConfig;
	#engine: LocalEngine;

	constructor(config: ProviderConfig, engine: LocalEngine = localModelEngine()) {
		this.#config = config;
		this.model = config.model;
		this.#engine = engine;
	}

	async streamTurn(request: ProviderRequest, options: StreamOptions = {}): Promise<ProviderTurn> {
		const info = await this.#engine.ensureLoaded(this.model);
		const meter = this.#engine.meter ?? new TokenMeter(initialCharsPerToken(info.vocabularySize));
		let looseArguments = false;
		for (let refit = 0; ; refit++) {
			const { body, fitted, tools } = toCompletionBody(request, info, meter, { looseArguments });
			const reported = {
				model: this.model,
				contextTokens: info.contextTokens,
				estimatedPromptTokens: fitted.estimatedTokens,
				shortened: fitted.steps,
				tools,
				...body
			};
			try {
				return await runTurn(
					{ body: reported, attempt: (signal, handlers) => this.#attempt(body, fitted, info, meter, signal, handlers) },
					{ ...errorContext(this.#config), retry: { maxRetries: 0 } },
					options
				);
			} catch (error) {
				const cause = localCause(error);
				if (cause?.problem === 'context_overflow' && cause.promptTokens && refit < MAX_REFITS) {
					meter.observe(fitted.chars, cause.promptTokens);
					continue;
				}
				if (cause?.problem === 'grammar' && !looseArguments) {
					looseArguments = true;
					continue;
				}
				throw error;
			}
		}
	}

	async #attempt(
		body: CompletionBody,
		fitted: FittedPrompt,
		info: LocalModelInfo,
		meter: TokenMeter,
		signal: AbortSignal,
		handlers: AttemptHandlers
	): Promise<AttemptResult> {
		const stream = new EnvelopeStream(body.schema !== null, handlers, () => randomId('call_', 12));
		let result;
		try {
			result = await this.#engine.complete(body, { signal, onDelta: (text) => signal.aborted || stream.push(text) });
		} catch (error) {
			throw typedError(error);
		}
		const message = stream.finish();
		if (result.promptTokens > 0) meter.observe(fitted.chars, result.promptTokens);
		this.#engine.recordUse({
			promptTokens: result.promptTokens,
			outputTokens: result.outputTokens,
			contextTokens: info.contextTokens,
			tokensPerSecond: result.tokensPerSecond,
			steps: fitted.steps
		});
		const hasCalls = message.content.some((block) => block.type === 'tool_use');
		return {
			message,
			stopReason: mapLocalFinishReason(result.finishReason, hasCalls),
			usage: {
				inputTokens: result.promptTokens,
				outputTokens: result.outputTokens,
				cacheReadTokens: 0,
				cacheWriteTokens: 0
			},
			model: this.model
		};
	}
}

/** The LocalCompletionError somewhere in `error`'s causes. */
function localCause(error: unknown): LocalCompletionError | null {
	for (let current = error, depth = 0; current && depth < 5; depth++) {
		if (current instanceof LocalCompletionError) return current;
		current = (current as { cause?: unknown }).cause;
	}
	return null;
}

function typedError(error: unknown): unknown {
	if (!(error instanceof LocalCompletionError)) return error;
	switch (error.problem) {
		case 'aborted':
			return new AutoUiError('aborted', 'the request was stopped', { cause: error });
		case 'context_overflow':
			return new AutoUiError(
				'provider_bad_request',
				`the request is too long for the model's context (${error.promptTokens} of ${error.contextTokens} tokens)`,
				{ cause: error }
			);
		case 'grammar':
			return new AutoUiError(
				'provider_bad_request',
				`the model in this browser could not take the tools' schemas: ${error.message}`,
				{ cause: error }
			);
		case 'inference':
			return new AutoUiError('provider_stream', error.message, { cause: error });
		default:
			return new AutoUiError('invalid_argument', error.message, { cause: error });
	}
}

/** The model files stored in this browser, as a model list. */
export async function listLocalModels(): Promise<ModelInfo[]> {
	const entries = await localModelEngine().refreshCache();
	return entries.map((entry) => ({ id: entry.name }));
}
