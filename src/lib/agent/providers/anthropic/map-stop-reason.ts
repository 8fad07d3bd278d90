/** Anthropic's stop_reason mapped to our StopReason. */
import type { StopReason } from '../../types';

/** Maps a stop_reason; unknown or missing values (pause_turn, …) become 'other'. */
export function mapAnthropicStopReason(reason: string | null | undefined): StopReason {
	switch (reason) {
		case 'end_turn':
		case 'tool_use':
		case 'max_tokens':
		case 'stop_sequence':
		case 'refusal':
			return reason;
		case 'model_context_window_exceeded':
			return 'max_tokens';
		default:
			return 'other';
	}
}
