/**
 * Assembles Chat Completions chunks into one assistant message. Tool calls arrive as deltas
 * keyed by `index` (id and name in the first delta of a call, argument pieces after); they
 * are assembled per index, so parallel and interleaved calls come out right. Servers that
 * send no index, or reuse one index for calls with different ids, are handled by id. Usage
 * comes from the final usage chunk (stream_options.include_usage). The message is complete
 * once a finish_reason arrived.
 */
import { randomId } from '$lib/shared';
import type { AssistantMessage, Usage } from '../../types';
import { StreamIncompleteError } from '../provider-errors';
import type { AttemptHandlers, AttemptResult } from '../run-turn';
import { toolUseFromArguments } from '../tool-arguments';
import { mapOpenAiFinishReason } from './map-stop-reason';
import type { OpenAiChunk } from './wire-types';

interface PendingCall {
	id: string;
	name: string;
	arguments: string;
	announced: boolean;
}

type ToolCallDelta = NonNullable<OpenAiChunk['choices'][number]['delta']['tool_calls']>[number];

/** Collects one streamed answer. */
export class OpenAiStreamAssembler {
	#handlers: AttemptHandlers;
	#text = '';
	#calls: PendingCall[] = [];
	#byIndex = new Map<number, PendingCall>();
	#finishReason: string | null = null;
	#model: string;
	#usage: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
	#chunks = 0;

	constructor(model: string, handlers: AttemptHandlers) {
		this.#model = model;
		this.#handlers = handlers;
	}

	/** Feeds one chunk. */
	push(chunk: OpenAiChunk): void {
		this.#chunks++;
		if (chunk.model) this.#model = chunk.model;
		if (chunk.usage) {
			const cached = chunk.usage.prompt_tokens_details?.cached_tokens ?? 0;
			this.#usage = {
				inputTokens: Math.max(0, chunk.usage.prompt_tokens - cached),
				outputTokens: chunk.usage.completion_tokens,
				cacheReadTokens: cached,
				cacheWriteTokens: 0
			};
		}
		const choice = chunk.choices?.[0];
		if (!choice) return;
		const content = choice.delta?.content;
		if (typeof content === 'string' && content !== '') {
			this.#text += content;
			this.#handlers.text(content);
		}
		for (const delta of choice.delta?.tool_calls ?? []) this.#pushToolCall(delta);
		if (choice.finish_reason) this.#finishReason = choice.finish_reason;
	}

	#pushToolCall(delta: ToolCallDelta): void {
		const index = typeof delta.index === 'number' ? delta.index : undefined;
		let call = index !== undefined ? this.#byIndex.get(index) : this.#calls.at(-1);
		if (!call || (delta.id && call.id && delta.id !== call.id)) {
			call = { id: delta.id || '', name: '', arguments: '', announced: false };
			this.#calls.push(call);
			if (index !== undefined) this.#byIndex.set(index, call);
		}
		if (delta.id && !call.id) call.id = delta.id;
		if (delta.function?.name) call.name += call.announced ? '' : delta.function.name;
		if (delta.function?.arguments) call.arguments += delta.function.arguments;
		if (!call.announced && call.name) {
			call.id ||= randomId('call_', 12);
			call.announced = true;
			this.#handlers.toolCallStart(call.id, call.name);
		}
		if (call.announced && delta.function?.arguments) this.#handlers.toolInput(call.id, call.name, call.arguments);
	}

	/** The assembled turn; throws StreamIncompleteError when the stream ended early. */
	finish(): AttemptResult {
		if (this.#chunks === 0) throw new StreamIncompleteError('the stream ended before the answer started');
		if (!this.#finishReason) throw new StreamIncompleteError('the stream ended before a finish_reason');
		const message: AssistantMessage = { role: 'assistant', content: [] };
		if (this.#text) message.content.push({ type: 'text', text: this.#text });
		for (const call of this.#calls) {
			if (!call.name) continue;
			message.content.push(toolUseFromArguments(call.id || randomId('call_', 12), call.name, call.arguments));
		}
		const hasCalls = message.content.some((block) => block.type === 'tool_use');
		return {
			message,
			stopReason: mapOpenAiFinishReason(this.#finishReason, hasCalls),
			usage: this.#usage,
			model: this.#model
		};
	}
}
