/**
 * The OpenAI Chat Completions provider, for OpenAI and every compatible endpoint (Ollama,
 * LM Studio, vLLM, llama.cpp, OpenRouter, Groq, Mistral, Gemini's OpenAI endpoint):
 * converts the neutral request, streams it through the official SDK and assembles the
 * answer. An endpoint that rejects stream_options is asked again without it (usage then
 * stays 0). Retries, events and errors come from runTurn.
 */
import { errorContext } from '../error-context';
import { wireMessage } from '../provider-errors';
import { runTurn, type AttemptHandlers, type AttemptResult } from '../run-turn';
import type { LlmProvider, ModelInfo, ProviderConfig, ProviderRequest, ProviderTurn, StreamOptions } from '../types';
import { OpenAiStreamAssembler } from './assemble-stream';
import { createOpenAiClient, isOfficialOpenAi } from './client';
import { toOpenAiBody } from './convert-messages';
import type { OpenAiClient, OpenAiRequestBody } from './wire-types';

/** An LlmProvider bound to one model at one OpenAI-compatible endpoint. */
export class OpenAiProvider implements LlmProvider {
	readonly id = 'openai' as const;
	readonly model: string;
	#config: ProviderConfig;
	#client: OpenAiClient;
	#includeUsage = true;

	constructor(config: ProviderConfig) {
		this.#config = config;
		this.model = config.model;
		this.#client = createOpenAiClient(config);
	}

	async streamTurn(request: ProviderRequest, options: StreamOptions = {}): Promise<ProviderTurn> {
		const run = () => {
			const body = toOpenAiBody(request, this.model, {
				officialApi: isOfficialOpenAi(this.#config),
				includeUsage: this.#includeUsage
			});
			return runTurn(
				{ body, attempt: (signal, handlers) => this.#attempt(body, signal, handlers) },
				errorContext(this.#config),
				options
			);
		};
		try {
			return await run();
		} catch (error) {
			if (!this.#includeUsage || !rejectsStreamOptions(error)) throw error;
			this.#includeUsage = false;
			return run();
		}
	}

	async #attempt(body: OpenAiRequestBody, signal: AbortSignal, handlers: AttemptHandlers): Promise<AttemptResult> {
		const stream = await this.#client.chat.completions.create(body, { signal, maxRetries: 0 });
		const assembler = new OpenAiStreamAssembler(this.model, handlers);
		for await (const chunk of stream) assembler.push(chunk);
		signal.throwIfAborted();
		return assembler.finish();
	}
}

function rejectsStreamOptions(error: unknown): boolean {
	const cause = (error as { cause?: unknown }).cause;
	const status = (cause as { status?: number } | undefined)?.status;
	return (status === 400 || status === 422) && /stream_options|include_usage/i.test(wireMessage(cause));
}

/** Lists the models the endpoint offers (GET {baseUrl}/models). */
export async function listOpenAiModels(config: ProviderConfig, signal?: AbortSignal): Promise<ModelInfo[]> {
	const client = createOpenAiClient(config);
	const models: ModelInfo[] = [];
	for await (const model of client.models.list({ signal, maxRetries: 0 })) {
		models.push({ id: model.id });
		if (models.length >= 1000) break;
	}
	return models;
}
