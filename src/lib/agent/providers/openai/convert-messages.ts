/**
 * Neutral request → OpenAI Chat Completions body. The system prompt becomes a system
 * message; a user message's tool_result blocks become one `tool` message each (right after
 * the assistant message that called them) followed by its text as a user message; an
 * assistant message's tool_use blocks become `tool_calls` with JSON-string arguments.
 * Usage is asked for with stream_options.include_usage. OpenAI caches prompt prefixes on
 * its own, so `cache` needs no markers here.
 */
import type { ChatMessage, ProviderTool } from '../../types';
import type { ProviderRequest } from '../types';
import type { OpenAiAssistantMessage, OpenAiMessage, OpenAiRequestBody, OpenAiTool } from './wire-types';

/** Options that depend on the endpoint. */
export interface OpenAiBodyOptions {
	/** OpenAI's own API wants max_completion_tokens; compatible servers know max_tokens. */
	officialApi: boolean;
	/** Some older servers reject stream_options. */
	includeUsage: boolean;
}

/** The streamed request body for `request` on `model`. */
export function toOpenAiBody(request: ProviderRequest, model: string, options: OpenAiBodyOptions): OpenAiRequestBody {
	const messages: OpenAiMessage[] = [];
	if (request.system.trim()) messages.push({ role: 'system', content: request.system });
	messages.push(...toOpenAiMessages(request.messages));
	const body: OpenAiRequestBody = { model, messages, stream: true };
	if (options.includeUsage) body.stream_options = { include_usage: true };
	if (request.tools.length > 0) body.tools = toOpenAiTools(request.tools);
	if (request.tools.length > 0 && request.toolChoice && request.toolChoice !== 'auto')
		body.tool_choice = request.toolChoice;
	if (request.maxTokens !== undefined) {
		if (options.officialApi) body.max_completion_tokens = request.maxTokens;
		else body.max_tokens = request.maxTokens;
	}
	return body;
}

/** Function tool definitions. */
export function toOpenAiTools(tools: ProviderTool[]): OpenAiTool[] {
	return tools.map((tool) => ({
		type: 'function',
		function: {
			name: tool.name,
			description: tool.description,
			parameters: tool.input_schema as Record<string, unknown>
		}
	}));
}

/** Converts the conversation (without the system prompt). */
export function toOpenAiMessages(messages: ChatMessage[]): OpenAiMessage[] {
	const wire: OpenAiMessage[] = [];
	for (const message of messages) {
		if (message.role === 'assistant') {
			wire.push(toAssistant(message));
			continue;
		}
		for (const block of message.content) {
			if (block.type !== 'tool_result') continue;
			wire.push({
				role: 'tool',
				tool_call_id: block.tool_use_id,
				content: block.is_error ? `Error: ${block.content}` : block.content
			});
		}
		const text = message.content
			.flatMap((block) => (block.type === 'text' && block.text.trim() ? [block.text] : []))
			.join('\n\n');
		if (text) appendUser(wire, text);
		else if (!message.content.some((block) => block.type === 'tool_result')) appendUser(wire, '(empty message)');
	}
	return wire;
}

function appendUser(wire: OpenAiMessage[], text: string): void {
	const last = wire.at(-1);
	if (last?.role === 'user' && typeof last.content === 'string') last.content = `${last.content}\n\n${text}`;
	else wire.push({ role: 'user', content: text });
}

function toAssistant(message: Extract<ChatMessage, { role: 'assistant' }>): OpenAiAssistantMessage {
	const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
	const calls = message.content.flatMap((block) => (block.type === 'tool_use' ? [block] : []));
	const wire: OpenAiAssistantMessage = {
		role: 'assistant',
		content: text || (calls.length > 0 ? null : '(no answer)')
	};
	if (calls.length > 0) {
		wire.tool_calls = calls.map((call) => ({
			id: call.id,
			type: 'function',
			function: { name: call.name, arguments: JSON.stringify(call.input) }
		}));
	}
	return wire;
}
