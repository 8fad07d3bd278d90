/** How an AG-UI run ended, as the loop's stop reason. */
import type { StopReason } from '../../types';

/** `tool_use` when the run asked AutoUI to run frontend tools, else `end_turn`. */
export function mapStopReason(frontendCalls: number): StopReason {
	return frontendCalls > 0 ? 'tool_use' : 'end_turn';
}
