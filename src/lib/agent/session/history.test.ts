import { describe, expect, it } from 'vitest';
import { appendUserInput, INTERRUPTED_RESULT, repairHistory } from './history';
import type { ChatMessage } from '../types';

const call = (id: string) => ({ type: 'tool_use' as const, id, name: 'x_mcp_q', input: {} });
const result = (id: string) => ({ type: 'tool_result' as const, tool_use_id: id, content: 'ok' });

describe('repairHistory', () => {
	it('adds an error result for every unanswered tool_use and drops orphans and duplicates', () => {
		const messages: ChatMessage[] = [
			{ role: 'user', content: [{ type: 'text', text: 'hi' }, result('ghost')] },
			{ role: 'assistant', content: [call('a'), call('b')] },
			{ role: 'user', content: [{ type: 'text', text: 'more' }, result('b'), result('b')] }
		];
		const repaired = repairHistory(messages);
		expect(repaired).toEqual([
			{ role: 'user', content: [{ type: 'text', text: 'hi' }] },
			{ role: 'assistant', content: [call('a'), call('b')] },
			{
				role: 'user',
				content: [
					{ type: 'tool_result', tool_use_id: 'a', content: INTERRUPTED_RESULT, is_error: true },
					result('b'),
					{ type: 'text', text: 'more' }
				]
			}
		]);
	});

	it('answers a trailing tool_use, merges same-role neighbours and drops empty text', () => {
		const repaired = repairHistory([
			{ role: 'user', content: [{ type: 'text', text: 'a' }] },
			{ role: 'user', content: [{ type: 'text', text: 'b' }] },
			{ role: 'assistant', content: [{ type: 'text', text: '' }] },
			{ role: 'assistant', content: [call('c')] }
		]);
		expect(repaired.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
		expect(repaired[0].content).toHaveLength(2);
		expect(repaired[2].content[0]).toMatchObject({ tool_use_id: 'c', is_error: true });
	});

	it('starts with a user message', () => {
		expect(repairHistory([{ role: 'assistant', content: [{ type: 'text', text: 'hello' }] }])[0].role).toBe('user');
	});
});

describe('appendUserInput', () => {
	it('merges new input into a dangling user message instead of adding a second one', () => {
		const history: ChatMessage[] = [
			{ role: 'user', content: [{ type: 'text', text: 'q' }] },
			{ role: 'assistant', content: [call('a')] },
			{ role: 'user', content: [result('a')] }
		];
		const next = appendUserInput(history, 'and now?');
		expect(next).toHaveLength(3);
		expect(next[2].content).toEqual([result('a'), { type: 'text', text: 'and now?' }]);
	});

	it('continues a dangling turn on blank input and never sends empty text', () => {
		const dangling: ChatMessage[] = [
			{ role: 'user', content: [{ type: 'text', text: 'q' }] },
			{ role: 'assistant', content: [call('a')] },
			{ role: 'user', content: [result('a')] }
		];
		expect(appendUserInput(dangling, '  ')).toEqual(dangling);
		expect(appendUserInput([], '')).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Continue.' }] }]);
	});

	it('appends a user message after an assistant message', () => {
		const next = appendUserInput(
			[
				{ role: 'user', content: [{ type: 'text', text: 'q' }] },
				{ role: 'assistant', content: [{ type: 'text', text: 'a' }] }
			],
			'b'
		);
		expect(next.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
	});
});
