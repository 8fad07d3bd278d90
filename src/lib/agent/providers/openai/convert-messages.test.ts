import { describe, expect, it } from 'vitest';
import { validateOpenAiRequest } from '../../../../../tests/fixtures/fake-llm';
import type { ChatMessage } from '../../types';
import { toOpenAiBody } from './convert-messages';

const tools = [{ name: 'x_mcp_get', description: 'get', input_schema: { type: 'object', properties: {} } }];

describe('toOpenAiBody', () => {
	it('turns tool results into tool messages before the user text, and tool_use into tool_calls', () => {
		const messages: ChatMessage[] = [
			{ role: 'user', content: [{ type: 'text', text: 'hi' }] },
			{
				role: 'assistant',
				content: [
					{ type: 'text', text: 'Looking.' },
					{ type: 'tool_use', id: 'c1', name: 'x_mcp_get', input: { a: 1 } },
					{ type: 'tool_use', id: 'c2', name: 'x_mcp_get', input: {} }
				]
			},
			{
				role: 'user',
				content: [
					{ type: 'tool_result', tool_use_id: 'c1', content: '42' },
					{ type: 'tool_result', tool_use_id: 'c2', content: 'boom', is_error: true },
					{ type: 'text', text: 'thanks' }
				]
			}
		];
		const body = toOpenAiBody({ system: 'sys', messages, tools }, 'm', { officialApi: false, includeUsage: true });
		expect(body.messages).toEqual([
			{ role: 'system', content: 'sys' },
			{ role: 'user', content: 'hi' },
			{
				role: 'assistant',
				content: 'Looking.',
				tool_calls: [
					{ id: 'c1', type: 'function', function: { name: 'x_mcp_get', arguments: '{"a":1}' } },
					{ id: 'c2', type: 'function', function: { name: 'x_mcp_get', arguments: '{}' } }
				]
			},
			{ role: 'tool', tool_call_id: 'c1', content: '42' },
			{ role: 'tool', tool_call_id: 'c2', content: 'Error: boom' },
			{ role: 'user', content: 'thanks' }
		]);
		expect(body.stream_options).toEqual({ include_usage: true });
		expect(validateOpenAiRequest(body)).toBeNull();
	});

	it('uses max_completion_tokens for OpenAI itself and max_tokens elsewhere', () => {
		const request = {
			system: '',
			messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'q' }] }],
			tools: [],
			maxTokens: 5
		};
		expect(toOpenAiBody(request, 'm', { officialApi: true, includeUsage: false })).toMatchObject({
			max_completion_tokens: 5
		});
		const compatible = toOpenAiBody(request, 'm', { officialApi: false, includeUsage: false });
		expect(compatible).toMatchObject({ max_tokens: 5 });
		expect(compatible).not.toHaveProperty('tools');
		expect(compatible).not.toHaveProperty('stream_options');
	});

	it('sends null content for an assistant message that only calls tools', () => {
		const messages: ChatMessage[] = [
			{ role: 'user', content: [{ type: 'text', text: 'q' }] },
			{ role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'x_mcp_get', input: {} }] },
			{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'r' }] }
		];
		const body = toOpenAiBody({ system: '', messages, tools }, 'm', { officialApi: false, includeUsage: true });
		expect(body.messages[1]).toMatchObject({ role: 'assistant', content: null });
		expect(body.messages).toHaveLength(3);
		expect(validateOpenAiRequest(body)).toBeNull();
	});
});
