/**
 * Neutral request → Anthropic Messages body. The neutral format is Anthropic-like, so this
 * mostly cleans up what the API would reject: consecutive same-role messages are merged,
 * tool_result blocks go first in a user message, empty text blocks are dropped, fields the
 * API does not know (invalidArguments) are left out. With `cache`, cache_control
 * breakpoints go after the tools, after the system prompt and on the newest message, so
 * the stable prefix is read from the cache on every later request.
 */
import type { ChatMessage, ProviderTool } from '../../types';
import type { ProviderRequest } from '../types';
import type {
	AnthropicContentBlock,
	AnthropicMessage,
	AnthropicRequestBody,
	AnthropicSystemBlock,
	AnthropicTool
} from './wire-types';

/** Default output limit when the request does not set one. */
export const defaultMaxTokens = 8192;

const ephemeral = { type: 'ephemeral' } as const;

/** The streamed request body for `request` on `model`. */
export function toAnthropicBody(request: ProviderRequest, model: string): AnthropicRequestBody {
	const cache = request.cache === true;
	const body: AnthropicRequestBody = {
		model,
		max_tokens: request.maxTokens ?? defaultMaxTokens,
		messages: toAnthropicMessages(request.messages, cache),
		stream: true
	};
	if (request.system.trim()) {
		const system: AnthropicSystemBlock = { type: 'text', text: request.system };
		body.system = cache ? [{ ...system, cache_control: ephemeral }] : request.system;
	}
	if (request.tools.length > 0) body.tools = toAnthropicTools(request.tools, cache);
	// `auto` is the API's default; `required` is Anthropic's `any`.
	if (request.tools.length > 0 && request.toolChoice && request.toolChoice !== 'auto')
		body.tool_choice = { type: request.toolChoice === 'required' ? 'any' : 'none' };
	return body;
}

/** Tool definitions, with a cache breakpoint on the last one when caching. */
export function toAnthropicTools(tools: ProviderTool[], cache: boolean): AnthropicTool[] {
	return tools.map((tool, index) => ({
		name: tool.name,
		description: tool.description,
		input_schema: tool.input_schema as AnthropicTool['input_schema'],
		...(cache && index === tools.length - 1 ? { cache_control: ephemeral } : {})
	}));
}

/** Converts the conversation; with `cache`, the last block of the newest message gets a breakpoint. */
export function toAnthropicMessages(messages: ChatMessage[], cache = false): AnthropicMessage[] {
	const merged: ChatMessage[] = [];
	for (const message of messages) {
		const last = merged.at(-1);
		if (last && last.role === message.role)
			merged[merged.length - 1] = { ...last, content: [...last.content, ...message.content] } as ChatMessage;
		else merged.push(message);
	}
	const wire = merged.map(toWireMessage);
	const newest = wire.at(-1);
	if (cache && newest && Array.isArray(newest.content) && newest.content.length > 0) {
		const blocks = newest.content;
		blocks[blocks.length - 1] = { ...blocks[blocks.length - 1], cache_control: ephemeral } as AnthropicContentBlock;
	}
	return wire;
}

/**
 * Anthropic accepts tool_use ids matching ^[a-zA-Z0-9_-]+$; ids made by another provider
 * earlier in the conversation are mapped the same way in the call and its result.
 */
function wireId(id: string): string {
	return id.replace(/[^a-zA-Z0-9_-]/g, '_') || '_';
}

function toWireMessage(message: ChatMessage): AnthropicMessage {
	const blocks: AnthropicContentBlock[] = [];
	if (message.role === 'user') {
		for (const block of message.content) {
			if (block.type !== 'tool_result') continue;
			blocks.push({
				type: 'tool_result',
				tool_use_id: wireId(block.tool_use_id),
				content: block.content,
				...(block.is_error ? { is_error: true } : {})
			});
		}
	}
	for (const block of message.content) {
		if (block.type === 'text' && block.text.trim() !== '') blocks.push({ type: 'text', text: block.text });
		else if (block.type === 'tool_use')
			blocks.push({ type: 'tool_use', id: wireId(block.id), name: block.name, input: block.input });
	}
	if (blocks.length === 0)
		blocks.push({ type: 'text', text: message.role === 'user' ? '(empty message)' : '(no answer)' });
	return { role: message.role, content: blocks };
}
