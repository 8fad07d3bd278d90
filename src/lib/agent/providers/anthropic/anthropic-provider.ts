/**
 * The Anthropic Messages API provider: converts the neutral request, streams it through the
 * official SDK and assembles the answer. Retries, events and errors come from runTurn.
 */
import { errorContext } from '../error-context';
import { runTurn } from '../run-turn';
import type { LlmProvider, ModelInfo, ProviderConfig, ProviderRequest, ProviderTurn, StreamOptions } from '../types';
import { AnthropicStreamAssembler } from './assemble-stream';
import { createAnthropicClient, type AnthropicClient } from './client';
import { toAnthropicBody } from './convert-messages';

/** An LlmProvider bound to one Anthropic model and endpoint. */
export class AnthropicProvider implements LlmProvider {
	readonly id = 'anthropic' as const;
	readonly model: string;
	#config: ProviderConfig;
	#client: AnthropicClient;

	constructor(config: ProviderConfig) {
		this.#config = config;
		this.model = config.model;
		this.#client = createAnthropicClient(config);
	}

	streamTurn(request: ProviderRequest, options: StreamOptions = {}): Promise<ProviderTurn> {
		const body = toAnthropicBody(request, this.model);
		return runTurn(
			{
				body,
				attempt: async (signal, handlers) => {
					const stream = await this.#client.messages.create(body, { signal, maxRetries: 0 });
					const assembler = new AnthropicStreamAssembler(this.model, handlers);
					for await (const event of stream) assembler.push(event);
					signal.throwIfAborted();
					return assembler.finish();
				}
			},
			errorContext(this.#config),
			options
		);
	}
}

/** Lists the models the endpoint offers (GET /v1/models, all pages). */
export async function listAnthropicModels(config: ProviderConfig, signal?: AbortSignal): Promise<ModelInfo[]> {
	const client = createAnthropicClient(config);
	const models: ModelInfo[] = [];
	for await (const model of client.models.list({ limit: 100 }, { signal, maxRetries: 0 })) {
		models.push({ id: model.id, name: model.display_name || undefined });
		if (models.length >= 1000) break;
	}
	return models;
}
