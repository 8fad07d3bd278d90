/**
 * The one interface the agent loop uses to talk to an LLM. Each wire format (anthropic/,
 * openai/) implements it in a folder with the same files: wire types, message conversion,
 * finish-reason mapping and the model.
 */
import type { AssistantMessage, ChatMessage, ProviderTool, StopReason, Usage } from '../types';

/** Which wire format a provider speaks. */
export type ProviderId = 'anthropic' | 'openai';

/** What the loop asks for one assistant turn. */
export interface ProviderRequest {
	system: string;
	messages: ChatMessage[];
	tools: ProviderTool[];
	maxTokens?: number;
	/** Ask for prompt caching where the provider supports it (stable system + tools prefix). */
	cache?: boolean;
}

/** Events a provider reports while it streams one turn. */
export type ProviderEvent =
	| { type: 'request'; body: unknown }
	| { type: 'first-token'; afterMs: number }
	| { type: 'text-delta'; text: string }
	| { type: 'tool-call-start'; id: string; name: string }
	| {
			type: 'retry';
			attempt: number;
			delayMs: number;
			reason: string;
			status?: number;
	  };

/** The complete assistant turn once the stream ended. */
export interface ProviderTurn {
	message: AssistantMessage;
	stopReason: StopReason;
	usage: Usage;
	/** Time to first token and total latency of the successful attempt, in ms. */
	ttftMs: number | null;
	latencyMs: number;
	model: string;
}

/** Options for one streamed turn. */
export interface StreamOptions {
	signal?: AbortSignal;
	onEvent?: (event: ProviderEvent) => void;
}

/** An LLM provider bound to a model and an endpoint. */
export interface LlmProvider {
	readonly id: ProviderId;
	readonly model: string;
	/** Streams one assistant turn. Throws AutoUiError with a provider_* code on failure. */
	streamTurn(request: ProviderRequest, options?: StreamOptions): Promise<ProviderTurn>;
}
