/** OpenAI's finish_reason mapped to our StopReason. */
import type { StopReason } from '../../types';

/**
 * Maps a finish_reason. Some compatible servers answer "stop" although the message has tool
 * calls; `hasToolCalls` makes such a turn a tool_use turn so the loop runs the calls.
 */
export function mapOpenAiFinishReason(reason: string | null | undefined, hasToolCalls: boolean): StopReason {
	if (hasToolCalls && (reason === 'stop' || reason === 'tool_calls' || reason === 'function_call' || !reason))
		return 'tool_use';
	switch (reason) {
		case 'stop':
			return 'end_turn';
		case 'tool_calls':
		case 'function_call':
			return 'tool_use';
		case 'length':
			return 'max_tokens';
		case 'content_filter':
			return 'refusal';
		default:
			return 'other';
	}
}
