/**
 * Keeps the conversation valid for every provider: roles alternate (user first), every
 * tool_use has exactly one tool_result in the next user message (tool results first in
 * that message), no orphan results, no empty messages. Applied to history before each turn,
 * so a turn that ended early (abort, error, cap) can always be continued.
 */
import type { AssistantMessage, ChatMessage, TextBlock, ToolResultBlock, UserMessage } from '../types';

/** Text of the tool_result given to a call that never produced one. */
export const INTERRUPTED_RESULT = 'No result: the call was interrupted before it finished.';

function toolUseIds(message: AssistantMessage): string[] {
	return message.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
}

function mergeSameRole(messages: ChatMessage[]): ChatMessage[] {
	const out: ChatMessage[] = [];
	for (const message of messages) {
		const blocks = (message.content as Array<ChatMessage['content'][number]>).filter(
			(block) => block.type !== 'text' || block.text.trim() !== ''
		);
		if (blocks.length === 0) continue;
		const last = out[out.length - 1];
		if (last && last.role === message.role) {
			out[out.length - 1] = { role: last.role, content: [...last.content, ...blocks] } as ChatMessage;
		} else {
			out.push({ role: message.role, content: blocks } as ChatMessage);
		}
	}
	return out;
}

/** Orders a user message's blocks: tool results first (providers require it), then text. */
function resultsFirst(content: UserMessage['content']): UserMessage['content'] {
	return [
		...content.filter((block) => block.type === 'tool_result'),
		...content.filter((block) => block.type !== 'tool_result')
	];
}

/**
 * Returns a valid copy of `messages`: merges same-role neighbours, drops empty messages,
 * removes tool_results that answer no call of the preceding assistant message (and
 * duplicates), adds an "interrupted" error result for every call left unanswered, and
 * starts with a user message.
 */
export function repairHistory(messages: readonly ChatMessage[]): ChatMessage[] {
	const merged = mergeSameRole(messages as ChatMessage[]);
	const out: ChatMessage[] = [];
	for (let index = 0; index < merged.length; index++) {
		const message = merged[index];
		if (message.role === 'assistant') {
			out.push(message);
			const ids = toolUseIds(message);
			if (ids.length === 0) continue;
			const next = merged[index + 1];
			const nextContent = next?.role === 'user' ? next.content : [];
			const answered = new Map<string, ToolResultBlock>();
			for (const block of nextContent) {
				if (block.type === 'tool_result' && ids.includes(block.tool_use_id) && !answered.has(block.tool_use_id))
					answered.set(block.tool_use_id, block);
			}
			const results: ToolResultBlock[] = ids.map(
				(id) =>
					answered.get(id) ?? { type: 'tool_result', tool_use_id: id, content: INTERRUPTED_RESULT, is_error: true }
			);
			const texts = nextContent.filter((block): block is TextBlock => block.type === 'text');
			out.push({ role: 'user', content: [...results, ...texts] });
			if (next?.role === 'user') index++;
			continue;
		}
		const content = message.content.filter((block) => block.type !== 'tool_result');
		if (content.length) out.push({ role: 'user', content });
	}
	const repaired = mergeSameRole(out).map((message) =>
		message.role === 'user' ? { role: 'user' as const, content: resultsFirst(message.content) } : message
	);
	if (repaired[0]?.role === 'assistant')
		repaired.unshift({ role: 'user', content: [{ type: 'text', text: '(continued conversation)' }] });
	return repaired;
}

/**
 * Appends the user's new input. When the history ends with a user message (a turn that
 * stopped after tool results, or a failed request), the text is merged into it so two user
 * messages never follow each other. Blank input adds nothing after a dangling user message
 * (the model simply continues) and becomes "Continue." otherwise (providers reject empty text).
 */
export function appendUserInput(messages: readonly ChatMessage[], text: string): ChatMessage[] {
	const history = repairHistory(messages);
	const last = history[history.length - 1];
	const blank = text.trim() === '';
	if (last?.role === 'user') {
		if (!blank) history[history.length - 1] = { role: 'user', content: [...last.content, { type: 'text', text }] };
		return history;
	}
	history.push({ role: 'user', content: [{ type: 'text', text: blank ? 'Continue.' : text }] });
	return history;
}

/** The text of an assistant message (text blocks joined). */
export function messageText(message: AssistantMessage | undefined): string {
	if (!message) return '';
	return message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
}
