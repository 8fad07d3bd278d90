import { describe, expect, it } from 'vitest';
import { validateAnthropicRequest, validateOpenAiRequest } from '../../../../tests/fixtures/fake-llm';
import { runAgentLoop } from '../loop';
import { toolChoiceFor } from '../policy';
import { createMockProvider, dataServer } from '../testing';
import type { ChatMessage } from '../types';
import { toAnthropicBody } from './anthropic/convert-messages';
import { toOpenAiBody } from './openai/convert-messages';

const tools = [{ name: 'x_mcp_get', description: 'get', input_schema: { type: 'object', properties: {} } }];
const messages: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }];
const openAi = { officialApi: true, includeUsage: true };

describe('tool choice on the wire', () => {
	it('is Anthropic tool_choice any / none, and left out for auto', () => {
		expect(toAnthropicBody({ system: 's', messages, tools, toolChoice: 'required' }, 'm').tool_choice).toEqual({
			type: 'any'
		});
		expect(toAnthropicBody({ system: 's', messages, tools, toolChoice: 'none' }, 'm').tool_choice).toEqual({
			type: 'none'
		});
		expect(toAnthropicBody({ system: 's', messages, tools, toolChoice: 'auto' }, 'm')).not.toHaveProperty(
			'tool_choice'
		);
		// No tools, no tool choice (the API rejects a choice without tools).
		expect(toAnthropicBody({ system: 's', messages, tools: [], toolChoice: 'required' }, 'm')).not.toHaveProperty(
			'tool_choice'
		);
		expect(
			validateAnthropicRequest(toAnthropicBody({ system: 's', messages, tools, toolChoice: 'required' }, 'm'))
		).toBeNull();
	});

	it('is OpenAI tool_choice "required" / "none", and left out for auto', () => {
		expect(toOpenAiBody({ system: 's', messages, tools, toolChoice: 'required' }, 'm', openAi).tool_choice).toBe(
			'required'
		);
		expect(toOpenAiBody({ system: 's', messages, tools, toolChoice: 'none' }, 'm', openAi).tool_choice).toBe('none');
		expect(toOpenAiBody({ system: 's', messages, tools }, 'm', openAi)).not.toHaveProperty('tool_choice');
		expect(toOpenAiBody({ system: 's', messages, tools: [], toolChoice: 'none' }, 'm', openAi)).not.toHaveProperty(
			'tool_choice'
		);
		expect(
			validateOpenAiRequest(toOpenAiBody({ system: 's', messages, tools, toolChoice: 'none' }, 'm', openAi))
		).toBeNull();
	});

	it('required applies to the first request of a turn only, so the turn can end', async () => {
		expect([1, 2, 3].map((iteration) => toolChoiceFor('required', iteration))).toEqual(['required', 'auto', 'auto']);
		expect(toolChoiceFor('none', 4)).toBe('none');
		const data = dataServer('Data', [{ name: 'get', inputSchema: { type: 'object' }, handler: () => ({ ok: true }) }]);
		const provider = createMockProvider([{ toolCalls: [{ name: 'data_mcp_get', input: {} }] }, { text: 'done' }]);
		await runAgentLoop('go', {
			provider,
			layers: [data.layer],
			servers: [data.server],
			lazy: false,
			policy: { toolChoice: 'required' }
		});
		expect(provider.requests.map((request) => request.toolChoice)).toEqual(['required', 'auto']);
	});
});
