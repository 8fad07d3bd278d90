/**
 * The neutral conversation → AG-UI `RunAgentInput`: user text and tool results become `user`
 * and `tool` messages, assistant turns keep their tool calls, and the request's tools (named
 * as AutoUI names them) become the frontend tools the agent may call.
 */
import type { ChatMessage, ProviderTool } from '../../types';
import type { ProviderRequest } from '../types';
import type { AguiMessage, AguiTool, RunAgentInput } from './wire-types';

/** Longest system text sent as context: remote agents have their own instructions. */
const contextChars = 4000;

/** Stable message ids: the same history gives the same ids in every run of a thread. */
function messageId(index: number, part = 0): string {
	return `m${index}${part ? `-${part}` : ''}`;
}

/** The neutral history as AG-UI messages. */
export function toAguiMessages(messages: readonly ChatMessage[]): AguiMessage[] {
	const out: AguiMessage[] = [];
	messages.forEach((message, index) => {
		if (message.role === 'assistant') {
			const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
			const toolCalls = message.content.flatMap((block) =>
				block.type === 'tool_use'
					? [
							{
								id: block.id,
								type: 'function' as const,
								function: { name: block.name, arguments: JSON.stringify(block.input) }
							}
						]
					: []
			);
			out.push({
				id: messageId(index),
				role: 'assistant',
				...(text ? { content: text } : {}),
				...(toolCalls.length ? { toolCalls } : {})
			});
			return;
		}
		message.content.forEach((block, part) => {
			if (block.type === 'tool_result') {
				out.push({
					id: messageId(index, part + 1),
					role: 'tool',
					toolCallId: block.tool_use_id,
					content: block.content,
					...(block.is_error ? { error: block.content } : {})
				});
			}
		});
		const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
		if (text) out.push({ id: messageId(index), role: 'user', content: text });
	});
	return out;
}

/** The request's tools as AG-UI frontend tools. */
export function toAguiTools(tools: readonly ProviderTool[]): AguiTool[] {
	return tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.input_schema }));
}

const actionPattern = /^A2UI action "([^"]{1,200})" from (\S{1,200}) on surface (\S{1,200}): (\{[\s\S]*\})$/;

/**
 * The A2UI user action a message carries, when it is one (the text an `a2ui` widget's button
 * sends: `A2UI action "<name>" from <component> on surface <surface>: <context JSON>`), in
 * the shape the AG-UI A2UI middleware reads from `forwardedProps.a2uiAction.userAction`.
 */
export function a2uiActionOf(text: string | undefined): Record<string, unknown> | undefined {
	const match = text ? actionPattern.exec(text.trim()) : null;
	if (!match) return undefined;
	try {
		const context = JSON.parse(match[4]) as unknown;
		if (!context || typeof context !== 'object' || Array.isArray(context)) return undefined;
		return { name: match[1], surfaceId: match[3], sourceComponentId: match[2], context };
	} catch {
		return undefined;
	}
}

/** One run's input for `request` in thread `threadId`, with the agent's last known `state`. */
export function toRunInput(request: ProviderRequest, threadId: string, runId: string, state: unknown): RunAgentInput {
	const last = request.messages.at(-1);
	// The press is the message's last text (a user turn after an answer without text holds the earlier one too).
	const action =
		last?.role === 'user'
			? a2uiActionOf(last.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).at(-1))
			: undefined;
	const system = request.system.length > contextChars ? `${request.system.slice(0, contextChars)}…` : request.system;
	return {
		threadId,
		runId,
		state: state ?? {},
		messages: toAguiMessages(request.messages),
		tools: toAguiTools(request.tools),
		context: system
			? [{ description: 'AutoUI: the canvas and the tools this browser runs for you', value: system }]
			: [],
		forwardedProps: action ? { a2uiAction: { userAction: action } } : {}
	};
}
