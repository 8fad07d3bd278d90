/**
 * Assembles Anthropic stream events into one assistant message: text blocks from
 * text_delta, tool_use blocks from content_block_start + input_json_delta, the stop reason
 * from message_delta and usage from message_start / message_delta (which carries cumulative
 * counts). The message is complete only once message_stop arrived.
 */
import type { AssistantMessage, Usage } from '../../types';
import { StreamIncompleteError } from '../provider-errors';
import type { AttemptHandlers, AttemptResult } from '../run-turn';
import { toolUseFromArguments } from '../tool-arguments';
import { mapAnthropicStopReason } from './map-stop-reason';
import type { AnthropicStreamEvent } from './wire-types';

type Block = { kind: 'text'; text: string } | { kind: 'tool'; id: string; name: string; json: string };

/** Collects one streamed answer. */
export class AnthropicStreamAssembler {
	#handlers: AttemptHandlers;
	#blocks = new Map<number, Block>();
	#stopReason: string | null = null;
	#model: string;
	#usage: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
	#started = false;
	#stopped = false;

	constructor(model: string, handlers: AttemptHandlers) {
		this.#model = model;
		this.#handlers = handlers;
	}

	/** Feeds one event. */
	push(event: AnthropicStreamEvent): void {
		switch (event.type) {
			case 'message_start':
				this.#started = true;
				this.#model = event.message.model || this.#model;
				this.#readUsage(event.message.usage);
				break;
			case 'content_block_start': {
				const block = event.content_block;
				if (block.type === 'text') {
					this.#blocks.set(event.index, { kind: 'text', text: block.text ?? '' });
					if (block.text) this.#handlers.text(block.text);
				} else if (block.type === 'tool_use') {
					this.#blocks.set(event.index, { kind: 'tool', id: block.id, name: block.name, json: '' });
					this.#handlers.toolCallStart(block.id, block.name);
				}
				break;
			}
			case 'content_block_delta': {
				const block = this.#blocks.get(event.index);
				if (event.delta.type === 'text_delta' && block?.kind === 'text') {
					block.text += event.delta.text;
					this.#handlers.text(event.delta.text);
				} else if (event.delta.type === 'input_json_delta' && block?.kind === 'tool') {
					block.json += event.delta.partial_json;
					this.#handlers.toolInput(block.id, block.name, block.json);
				}
				break;
			}
			case 'message_delta':
				this.#stopReason = event.delta.stop_reason ?? this.#stopReason;
				this.#readUsage(event.usage);
				break;
			case 'message_stop':
				this.#stopped = true;
				break;
		}
	}

	#readUsage(
		usage:
			| {
					input_tokens?: number | null;
					output_tokens?: number | null;
					cache_read_input_tokens?: number | null;
					cache_creation_input_tokens?: number | null;
			  }
			| undefined
	): void {
		if (!usage) return;
		this.#usage = {
			inputTokens: usage.input_tokens ?? this.#usage.inputTokens,
			outputTokens: usage.output_tokens ?? this.#usage.outputTokens,
			cacheReadTokens: usage.cache_read_input_tokens ?? this.#usage.cacheReadTokens,
			cacheWriteTokens: usage.cache_creation_input_tokens ?? this.#usage.cacheWriteTokens
		};
	}

	/** The assembled turn; throws StreamIncompleteError when the stream ended early. */
	finish(): AttemptResult {
		if (!this.#started) throw new StreamIncompleteError('the stream ended before the answer started');
		if (!this.#stopped) throw new StreamIncompleteError('the stream ended before message_stop');
		const message: AssistantMessage = { role: 'assistant', content: [] };
		for (const index of [...this.#blocks.keys()].sort((a, b) => a - b)) {
			const block = this.#blocks.get(index)!;
			if (block.kind === 'text') {
				if (block.text) message.content.push({ type: 'text', text: block.text });
			} else message.content.push(toolUseFromArguments(block.id, block.name, block.json));
		}
		return { message, stopReason: mapAnthropicStopReason(this.#stopReason), usage: this.#usage, model: this.#model };
	}
}
