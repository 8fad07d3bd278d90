/** The local runtime's finish reason mapped to our StopReason. */
import type { StopReason } from '../../types';

/**
 * Maps a finish reason. A reply that holds a tool call is a tool_use turn even when the
 * output limit cut it (the loop answers the cut call with an error the model can correct).
 */
export function mapLocalFinishReason(reason: string | null | undefined, hasToolCalls: boolean): StopReason {
	if (hasToolCalls) return 'tool_use';
	if (reason === 'length') return 'max_tokens';
	if (reason === 'stop' || reason === 'tool_calls' || !reason) return 'end_turn';
	return 'other';
}
