import { describe, expect, it } from 'vitest';
import type { ChatMessage, ProviderTool } from '../../types';
import type { ProviderRequest } from '../types';
import { cutText, fitPrompt, toolLines } from './fit-prompt';
import { TokenMeter, initialCharsPerToken, replyTokens } from './token-meter';

const tools: ProviderTool[] = Array.from({ length: 12 }, (_, index) => ({
	name: `server${index}_mcp_tool_${index}`,
	description:
		`Does thing number ${index}. It has a long explanation that goes on and on about the details of the tool. `.repeat(
			3
		),
	input_schema: {
		type: 'object',
		properties: { query: { type: 'string' }, limit: { type: 'number' } },
		required: ['query']
	}
}));

function conversation(turns: number, resultChars: number): ChatMessage[] {
	const messages: ChatMessage[] = [];
	for (let turn = 0; turn < turns; turn++) {
		messages.push({
			role: 'user',
			content: [{ type: 'text', text: `Question ${turn}: how many flights left Paris?` }]
		});
		messages.push({
			role: 'assistant',
			content: [{ type: 'tool_use', id: `c${turn}`, name: tools[0].name, input: { query: 'flights' } }]
		});
		messages.push({
			role: 'user',
			content: [{ type: 'tool_result', tool_use_id: `c${turn}`, content: 'x'.repeat(resultChars) }]
		});
		messages.push({ role: 'assistant', content: [{ type: 'text', text: `Answer ${turn}.` }] });
	}
	messages.push({ role: 'user', content: [{ type: 'text', text: 'And the latest question?' }] });
	return messages;
}

const request = (messages: ChatMessage[], system = 'You are AutoUI. '.repeat(400)): ProviderRequest => ({
	system,
	messages,
	tools
});

describe('fitPrompt', () => {
	it('leaves a request that fits as it is', () => {
		const fitted = fitPrompt(
			request(conversation(1, 100), 'Be brief.'),
			{ contextTokens: 32_000, outputTokens: 2000, charsPerToken: 3 },
			{ toolChoice: 'auto' }
		);
		expect(fitted.steps).toEqual([]);
		expect(fitted.messages.map((message) => message.role)).toEqual([
			'system',
			'user',
			'assistant',
			'user',
			'assistant',
			'user'
		]);
		expect(fitted.messages[0].content).toContain('Tools:\n- server0_mcp_tool_0(query, limit?): Does thing number 0.');
		expect(fitted.messages[0].content).toContain('{"tool": "<tool name>"');
		expect(fitted.messages[2].content).toBe('{"tool":"server0_mcp_tool_0","arguments":{"query":"flights"}}');
		expect(fitted.messages[3].content).toMatch(/^Result of server0_mcp_tool_0:\nxxx/);
	});

	it('fits a long conversation into a 2,048-token context, keeping the question and the reply room', () => {
		const budget = { contextTokens: 2048, outputTokens: replyTokens(2048), charsPerToken: 1.4 };
		const fitted = fitPrompt(request(conversation(6, 5000)), budget, { toolChoice: 'auto' });
		expect(fitted.estimatedTokens).toBeLessThanOrEqual(budget.contextTokens - budget.outputTokens);
		expect(fitted.messages.at(-1)).toEqual({ role: 'user', content: 'And the latest question?' });
		expect(fitted.messages[0].role).toBe('system');
		expect(fitted.steps).toContain('earlier turns left out');
		expect(
			fitted.messages.every((message, index) => index === 0 || message.role !== fitted.messages[index - 1].role)
		).toBe(true);
	});

	it('still fits when even the question is too long, by cutting text', () => {
		const huge: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'q'.repeat(40_000) }] }];
		const fitted = fitPrompt(request(huge), { contextTokens: 512, outputTokens: 96, charsPerToken: 1.4 }, null);
		expect(fitted.steps.at(-1)).toBe('text cut');
		expect(fitted.estimatedTokens).toBeLessThanOrEqual(512 - 96);
	});

	it('cuts a long tool result with a note, and lists tools at three levels of detail', () => {
		expect(cutText('a'.repeat(500), 200)).toMatch(/^a+ … \[\d+ more characters cut to fit the model's context\]$/);
		expect(cutText('a'.repeat(500), 200).length).toBe(200);
		expect(toolLines(tools.slice(0, 1), 20)).toBe('- server0_mcp_tool_0(query, limit?): Does thing number 0.');
		expect(toolLines(tools.slice(0, 1), 0)).toBe('- server0_mcp_tool_0(query, limit?)');
		expect(toolLines(tools.slice(0, 1), -1)).toBe('- server0_mcp_tool_0');
	});
});

describe('TokenMeter', () => {
	it('starts from the vocabulary size, drops at once to a smaller ratio and rises slowly to a larger one', () => {
		expect(initialCharsPerToken(512)).toBe(1.4);
		expect(initialCharsPerToken(151_000)).toBe(3);
		const meter = new TokenMeter(3);
		meter.observe(3000, 2000);
		expect(meter.charsPerToken).toBe(1.5);
		meter.observe(4000, 1000);
		expect(meter.charsPerToken).toBe(2.25);
		meter.observe(1000, 1000);
		expect(meter.charsPerToken).toBe(1);
		expect(replyTokens(2048)).toBe(409);
		expect(replyTokens(128_000, 1000)).toBe(1000);
	});
});
