/**
 * Tools that left while the conversation still names them: an MCP App View's tools after its
 * widget was closed (`ToolRegistry.gone`). They are no longer offered, except those an
 * earlier call in the history names: the provider APIs want every `tool_use` in the history
 * to name an offered tool, so those stay as stubs whose description says why they are gone,
 * and a call of one is answered with that reason (a `view_gone` tool error).
 */
import type { ToolRegistry } from './registry';
import type { ChatMessage, ProviderTool } from '../types';

/** `tools` plus a stub for each gone tool the history names (and `tools` does not). */
export function withGoneTools(
	tools: ProviderTool[],
	registry: ToolRegistry,
	messages: readonly ChatMessage[]
): ProviderTool[] {
	const gone = registry.gone;
	if (!gone?.size) return tools;
	const offered = new Set(tools.map((tool) => tool.name));
	const stubs: ProviderTool[] = [];
	for (const message of messages) {
		if (message.role !== 'assistant') continue;
		for (const block of message.content) {
			if (block.type !== 'tool_use' || offered.has(block.name)) continue;
			const reason = gone.get(block.name);
			if (!reason) continue;
			offered.add(block.name);
			stubs.push({
				name: block.name,
				description: `No longer available. ${reason}`,
				input_schema: { type: 'object', properties: {} }
			});
		}
	}
	return stubs.length ? [...tools, ...stubs] : tools;
}
