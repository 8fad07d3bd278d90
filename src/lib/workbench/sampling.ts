/**
 * Running an approved sampling request on the configured LLM provider: the server's messages
 * become a plain chat (no tools), its system prompt and token limit are kept.
 */
import type { CreateMessageRequest } from '@modelcontextprotocol/client';
import type { ChatMessage } from '$lib/agent/types';
import type { LlmProvider } from '$lib/agent/providers/types';
import { isPlainObject } from '$lib/shared';
import type { SampleFunction } from './server-requests.svelte';

/** The text of one sampling message's content (non-text parts are named, not sent). */
export function samplingText(content: unknown): string {
	const parts = Array.isArray(content) ? content : [content];
	return parts
		.map((part) => (isPlainObject(part) ? (part.type === 'text' && typeof part.text === 'string' ? part.text : `[${String(part.type)}]`) : ''))
		.join('\n');
}

/** The server's messages as the provider's chat messages. */
export function samplingMessages(params: CreateMessageRequest['params']): ChatMessage[] {
	return params.messages.map((message) => ({ role: message.role, content: [{ type: 'text', text: samplingText(message.content) }] }) as ChatMessage);
}

/** A sample function over the provider `provider()` returns (it throws when none is configured). */
export function createSampler(provider: () => Promise<LlmProvider>): SampleFunction {
	return async (params, signal) => {
		const llm = await provider();
		const turn = await llm.streamTurn(
			{ system: params.systemPrompt ?? '', messages: samplingMessages(params), tools: [], maxTokens: Math.min(params.maxTokens, 8192) },
			{ signal }
		);
		const text = turn.message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
		return { text, model: llm.model };
	};
}
