/**
 * Parses the JSON arguments a model streamed for a tool call. Malformed or non-object
 * arguments do not throw: the call keeps `input: {}` and carries `invalidArguments`, so the
 * loop can answer it with an error tool_result the model can correct from.
 */
import type { ToolUseBlock } from '../types';

/** Builds the tool_use block for a call whose arguments arrived as `raw` text. */
export function toolUseFromArguments(id: string, name: string, raw: string): ToolUseBlock {
	const text = raw.trim();
	if (text === '') return { type: 'tool_use', id, name, input: {} };
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return {
			type: 'tool_use',
			id,
			name,
			input: {},
			invalidArguments: { raw, error: `the arguments were not valid JSON (${reason})` }
		};
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		return {
			type: 'tool_use',
			id,
			name,
			input: {},
			invalidArguments: { raw, error: 'the arguments must be a JSON object' }
		};
	}
	return { type: 'tool_use', id, name, input: parsed as Record<string, unknown> };
}
