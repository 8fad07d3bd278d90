import { describe, expect, it } from 'vitest';
import { isJsonBranch, jsonBrief, jsonCount, jsonEntries, jsonKind, jsonText } from './json-value';

describe('json-value', () => {
	it('opens arrays and objects, not null or primitives', () => {
		expect([[], {}, { a: 1 }].map(isJsonBranch)).toEqual([true, true, true]);
		expect([null, 0, '', false, undefined].map(isJsonBranch)).toEqual([false, false, false, false, false]);
	});

	it('lists children with array indexes as keys, in order', () => {
		expect(jsonEntries(['a', 'b'])).toEqual([
			['0', 'a'],
			['1', 'b']
		]);
		expect(jsonEntries({ z: 1, a: [2] })).toEqual([
			['z', 1],
			['a', [2]]
		]);
		expect(jsonEntries('text')).toEqual([]);
		expect(jsonEntries(null)).toEqual([]);
	});

	it('says the size in brief and in words', () => {
		expect(jsonBrief([1, 2, 3])).toBe('[3]');
		expect(jsonBrief({ a: 1, b: 2 })).toBe('{2}');
		expect([jsonCount([1]), jsonCount([1, 2]), jsonCount({ a: 1 }), jsonCount({})]).toEqual([
			'1 item',
			'2 items',
			'1 key',
			'0 keys'
		]);
	});

	it('quotes strings as JSON and writes other leaves as they are', () => {
		expect(jsonText('a "b"\n')).toBe('"a \\"b\\"\\n"');
		expect([jsonText(12.5), jsonText(true), jsonText(null)]).toEqual(['12.5', 'true', 'null']);
		expect([jsonKind('x'), jsonKind(1), jsonKind(false), jsonKind(null)]).toEqual([
			'string',
			'number',
			'boolean',
			'null'
		]);
	});
});
