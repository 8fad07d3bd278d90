import { describe, expect, it } from 'vitest';
import type { AttemptHandlers } from '../run-turn';
import { decodePartialString, EnvelopeStream } from './envelope-stream';

function recorder() {
	const events: string[] = [];
	const handlers: AttemptHandlers = {
		text: (delta) => events.push(`text:${delta}`),
		toolCallStart: (id, name) => events.push(`start:${id}:${name}`),
		toolInput: (id, _name, json) => events.push(`input:${id}:${json}`)
	};
	let next = 0;
	return { events, handlers, newId: () => `call_${++next}` };
}

function feed(stream: EnvelopeStream, text: string, size = 3): void {
	for (let at = 0; at < text.length; at += size) stream.push(text.slice(at, at + size));
}

describe('EnvelopeStream', () => {
	it('streams an answer token by token, decoding escapes split across tokens', () => {
		const { events, handlers, newId } = recorder();
		const stream = new EnvelopeStream(true, handlers, newId);
		feed(stream, '{ "answer" : "Line one\\nsaid \\"hi\\" \\u00e9t\\u00e9." }', 2);
		const message = stream.finish();
		const streamed = events.filter((event) => event.startsWith('text:')).map((event) => event.slice(5));
		expect(streamed.length).toBeGreaterThan(5);
		expect(streamed.join('')).toBe('Line one\nsaid "hi" été.');
		expect(message.content).toEqual([{ type: 'text', text: 'Line one\nsaid "hi" été.' }]);
	});

	it('announces a call once its name is complete and parses its arguments at the end', () => {
		const { events, handlers, newId } = recorder();
		const stream = new EnvelopeStream(true, handlers, newId);
		feed(stream, '{"tool": "data_mcp_query", "arguments": {"sql": "SELECT 1", "n": [1, 2]}}');
		const message = stream.finish();
		expect(events.filter((event) => event.startsWith('start:'))).toEqual(['start:call_1:data_mcp_query']);
		expect(events.at(-1)).toBe('input:call_1:{"sql": "SELECT 1", "n": [1, 2]}');
		expect(message.content).toEqual([
			{ type: 'tool_use', id: 'call_1', name: 'data_mcp_query', input: { sql: 'SELECT 1', n: [1, 2] } }
		]);
	});

	it('keeps the text of an answer cut by the output limit, and reports a cut call as invalid arguments', () => {
		const cut = recorder();
		const answer = new EnvelopeStream(true, cut.handlers, cut.newId);
		feed(answer, '{"answer": "Once upon a ti');
		expect(answer.finish().content).toEqual([{ type: 'text', text: 'Once upon a ti' }]);

		const broken = recorder();
		const call = new EnvelopeStream(true, broken.handlers, broken.newId);
		feed(call, '{"tool": "x_mcp_get", "arguments": {"city": "Par');
		const [block] = call.finish().content;
		expect(block).toMatchObject({
			type: 'tool_use',
			name: 'x_mcp_get',
			input: {},
			invalidArguments: { raw: '{"city": "Par' }
		});
	});

	it('passes free text through when no envelope was asked for', () => {
		const { events, handlers, newId } = recorder();
		const stream = new EnvelopeStream(false, handlers, newId);
		feed(stream, 'Hello {not json}');
		expect(stream.finish().content).toEqual([{ type: 'text', text: 'Hello {not json}' }]);
		expect(events.join('|')).toBe('text:Hel|text:lo |text:{no|text:t j|text:son|text:}');
	});
});

describe('decodePartialString', () => {
	it('stops before an escape cut in half', () => {
		expect(decodePartialString('"ab\\', 1)).toEqual({ text: 'ab', closed: false });
		expect(decodePartialString('"ab\\u00', 1)).toEqual({ text: 'ab', closed: false });
		expect(decodePartialString('"ab\\u0041"', 1)).toEqual({ text: 'abA', closed: true });
	});
});
