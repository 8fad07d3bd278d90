import { describe, expect, it } from 'vitest';
import { validateAnthropicRequest } from '../../../../../tests/fixtures/fake-llm';
import type { ChatMessage } from '../../types';
import { toAnthropicBody } from './convert-messages';

const tools = [{ name: 'x_mcp_get', description: 'get', input_schema: { type: 'object' } }];

describe('toAnthropicBody', () => {
	it('merges same-role messages, puts tool results first and drops empty text, so the API accepts it', () => {
		const messages: ChatMessage[] = [
			{ role: 'user', content: [{ type: 'text', text: 'hi' }] },
			{ role: 'user', content: [{ type: 'text', text: '' }] },
			{
				role: 'assistant',
				content: [
					{ type: 'text', text: '' },
					{
						type: 'tool_use',
						id: 'toolu_1',
						name: 'x_mcp_get',
						input: {},
						invalidArguments: { raw: '{', error: 'bad' }
					}
				]
			},
			{
				role: 'user',
				content: [
					{ type: 'text', text: 'also this' },
					{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'oops', is_error: true }
				]
			}
		];
		const body = toAnthropicBody({ system: 'sys', messages, tools }, 'm');
		expect(body.messages).toEqual([
			{ role: 'user', content: [{ type: 'text', text: 'hi' }] },
			{ role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'x_mcp_get', input: {} }] },
			{
				role: 'user',
				content: [
					{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'oops', is_error: true },
					{ type: 'text', text: 'also this' }
				]
			}
		]);
		expect(validateAnthropicRequest(body)).toBeNull();
	});

	it('omits an empty system prompt and empty tools, and uses the default max_tokens', () => {
		const body = toAnthropicBody(
			{ system: '  ', messages: [{ role: 'user', content: [{ type: 'text', text: 'q' }] }], tools: [] },
			'm'
		);
		expect(body).toEqual({
			model: 'm',
			max_tokens: 8192,
			stream: true,
			messages: [{ role: 'user', content: [{ type: 'text', text: 'q' }] }]
		});
	});

	it('keeps at most three cache breakpoints, within the API limit of four', () => {
		const body = toAnthropicBody(
			{
				system: 's',
				messages: [{ role: 'user', content: [{ type: 'text', text: 'q' }] }],
				tools,
				cache: true,
				maxTokens: 10
			},
			'm'
		);
		expect(JSON.stringify(body).split('cache_control').length - 1).toBe(3);
		expect(validateAnthropicRequest(body)).toBeNull();
	});

	it('maps tool ids another provider made to ids Anthropic accepts, in the call and its result', () => {
		const messages: ChatMessage[] = [
			{ role: 'user', content: [{ type: 'text', text: 'q' }] },
			{ role: 'assistant', content: [{ type: 'tool_use', id: 'functions.get:0', name: 'x_mcp_get', input: {} }] },
			{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'functions.get:0', content: 'r' }] }
		];
		const body = toAnthropicBody({ system: '', messages, tools }, 'm');
		expect(JSON.stringify(body.messages)).toContain('functions_get_0');
		expect(validateAnthropicRequest(body)).toBeNull();
	});
});
