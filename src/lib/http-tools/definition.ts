/**
 * A descriptor as the MCP-shaped `ToolDefinition` the agent, the prompt and the workbench
 * read. GET and HEAD operations are marked read-only, DELETE destructive (so the approval
 * policy asks first), exactly as an MCP server's annotations would.
 */
import type { ToolDefinition } from '$lib/shared';
import type { HttpToolDescriptor } from './descriptor';

/** The definition of one HTTP tool. */
export function toolDefinition(tool: HttpToolDescriptor): ToolDefinition {
	const annotations = tool.read_only
		? { readOnlyHint: true }
		: tool.http?.method === 'DELETE'
			? { destructiveHint: true }
			: undefined;
	return {
		name: tool.name,
		...(tool.description ? { description: tool.description } : {}),
		inputSchema: tool.input_schema,
		...(tool.output_schema ? { outputSchema: tool.output_schema } : {}),
		...(annotations ? { annotations } : {})
	};
}
