/**
 * Result compression (seed 001): tool results older than a few iterations are replaced in
 * the history by a short preview with a `recall('<id>')` hint, so long conversations stay
 * within the context window. The full text stays in the session buffer; recall reads it,
 * across turns too.
 */
import type { AgentState } from './state';
import { previewOf } from '../dispatch/results';
import type { ChatMessage, ToolResultBlock } from '../types';

/** What compression changed. */
export interface CompressionOutcome {
	messages: ChatMessage[];
	callIds: string[];
	charsBefore: number;
	charsAfter: number;
}

/** A result is compressed only when the preview saves a meaningful amount of text. */
const MIN_SAVING = 100;

/** The hint that tells the model how to read a result in full. */
export function recallHint(recallName: string, id: string): string {
	return `${recallName}('${id}')`;
}

/**
 * Compresses the tool results produced more than `after` iterations before `iteration`
 * (results of unknown age — from a restored history — count as old). Returns new message
 * objects; `messages` is not mutated.
 */
export function compressHistory(
	messages: readonly ChatMessage[],
	state: AgentState,
	options: { iteration: number; after: number; previewChars: number; recallName: string }
): CompressionOutcome {
	const callIds: string[] = [];
	let charsBefore = 0;
	let charsAfter = 0;
	const out = messages.map((message): ChatMessage => {
		if (message.role !== 'user' || !message.content.some((block) => block.type === 'tool_result')) return message;
		let changed = false;
		const content = message.content.map((block) => {
			if (block.type !== 'tool_result') return block;
			const producedAt = state.resultIterations.get(block.tool_use_id);
			if (producedAt !== undefined && options.iteration - producedAt <= options.after) return block;
			if (block.content.length <= options.previewChars + MIN_SAVING) return block;
			if (!state.results.has(block.tool_use_id)) {
				state.results.set(block.tool_use_id, { text: block.content, name: '', size: block.content.length });
			}
			const full = state.results.get(block.tool_use_id)!.text;
			const compressed: ToolResultBlock = {
				...block,
				content: previewOf(full, options.previewChars, recallHint(options.recallName, block.tool_use_id))
			};
			callIds.push(block.tool_use_id);
			charsBefore += block.content.length;
			charsAfter += compressed.content.length;
			changed = true;
			return compressed;
		});
		return changed ? { role: 'user', content } : message;
	});
	return { messages: out, callIds, charsBefore, charsAfter };
}
