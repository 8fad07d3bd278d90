/** Helpers for the dispatcher's unit tests. */
import { withoutReferenceNote } from '../testing';
import type { ToolResultBlock } from '../types';

/** The tool results of a request's last message, without the reference note data results end with. */
export function resultsOf(request: {
	messages: Array<{ role: string; content: Array<{ type: string }> }>;
}): ToolResultBlock[] {
	const last = request.messages.at(-1)!;
	return last.content
		.filter((block): block is ToolResultBlock => block.type === 'tool_result')
		.map((block) => ({ ...block, content: withoutReferenceNote(block.content) }));
}
