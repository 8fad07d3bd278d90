import { describe, expect, it } from 'vitest';
import { toolUseFromArguments } from './tool-arguments';

describe('toolUseFromArguments', () => {
	it('parses an object, and treats no arguments as {}', () => {
		expect(toolUseFromArguments('c1', 't', '{"a":[1,2]}')).toEqual({
			type: 'tool_use',
			id: 'c1',
			name: 't',
			input: { a: [1, 2] }
		});
		expect(toolUseFromArguments('c1', 't', '  ')).toEqual({ type: 'tool_use', id: 'c1', name: 't', input: {} });
	});

	it('keeps malformed or non-object arguments as {} with a reason the model can read', () => {
		const cut = toolUseFromArguments('c1', 't', '{"a": "unterminated');
		expect(cut.input).toEqual({});
		expect(cut.invalidArguments).toMatchObject({
			raw: '{"a": "unterminated',
			error: expect.stringMatching(/^the arguments were not valid JSON/)
		});
		expect(toolUseFromArguments('c1', 't', '[1,2]').invalidArguments?.error).toBe(
			'the arguments must be a JSON object'
		);
		expect(toolUseFromArguments('c1', 't', 'null').invalidArguments?.error).toBe('the arguments must be a JSON object');
	});
});
