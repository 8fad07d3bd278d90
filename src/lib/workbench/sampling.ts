/**
 * Running an approved sampling request on the configured LLM provider: the server's messages
 * become a plain chat (no tools), its system prompt and token limit are kept.
 */
import type { CreateMessageRequest } from '@modelcontextprotocol/client';
import type { ChatMessage } from '$lib/agent/types';
import type { LlmProvider } from '$lib/agent/providers/types';
import { isPlainObject } from '$lib/shared';
import type { SampleFunction } from './server-requests.svelte';

/** The most tokens a sampling answer may have, whatever the server asks for. */
export const SAMPLING_MAX_TOKENS = 8192;

/** The token cap really applied to a request that asks for `asked`. */
export function samplingTokenCap(asked: number): number {
	return Math.min(asked, SAMPLING_MAX_TOKENS);
}

/** A byte count in words (`1.2 MB`). */
function size(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
	return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** How much a non-text part holds (base64 data is ¾ of its length in bytes). */
function hiddenSize(part: Record<string, unknown>): string {
	const data = typeof part.data === 'string' ? part.data : undefined;
	return data ? `, ${size(Math.floor((data.length * 3) / 4))} not sent` : ', not sent';
}

/** The text of one sampling message's content (non-text parts are named with their size, not sent). */
export function samplingText(content: unknown): string {
	const parts = Array.isArray(content) ? content : [content];
	return parts
		.map((part) =>
			isPlainObject(part)
				? part.type === 'text' && typeof part.text === 'string'
					? part.text
					: `[${String(part.type)}${hiddenSize(part)}]`
				: ''
		)
		.join('\n');
}

/** The server's messages as the provider's chat messages. */
export function samplingMessages(params: CreateMessageRequest['params']): ChatMessage[] {
	return params.messages.map(
		(message) =>
			({ role: message.role, content: [{ type: 'text', text: samplingText(message.content) }] }) as ChatMessage
	);
}

/** A sample function over the provider `provider()` returns (it throws when none is configured). */
export function createSampler(provider: () => Promise<LlmProvider>): SampleFunction {
	return async (params, signal) => {
		const llm = await provider();
		const turn = await llm.streamTurn(
			{
				system: params.systemPrompt ?? '',
				messages: samplingMessages(params),
				tools: [],
				maxTokens: samplingTokenCap(params.maxTokens)
			},
			{ signal }
		);
		const text = turn.message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
		return { text, model: llm.model };
	};
}
