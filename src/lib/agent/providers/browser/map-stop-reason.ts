/** How a Prompt API reply ended, mapped to our StopReason (the API reports no finish reason). */
import type { StopReason } from '../../types';

/** A reply with a tool call is a tool_use turn; anything else ended the turn. */
export function mapBrowserStopReason(hasToolCalls: boolean): StopReason {
	return hasToolCalls ? 'tool_use' : 'end_turn';
}
