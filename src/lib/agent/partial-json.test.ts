import { describe, expect, it } from 'vitest';
import { parsePartialJson, partialArguments } from './partial-json';

describe('parsePartialJson', () => {
	it('reads complete JSON as is', () => {
		expect(parsePartialJson('{"a":1,"b":[true,null]}')).toEqual({ a: 1, b: [true, null] });
	});

	it('closes an open string value', () => {
		expect(parsePartialJson('{"city":"Ams')).toEqual({ city: 'Ams' });
	});

	it('drops a dangling escape at the end of an open string', () => {
		expect(parsePartialJson('{"q":"a\\')).toEqual({ q: 'a' });
		expect(parsePartialJson('{"q":"a\\u00')).toEqual({ q: 'a' });
		expect(parsePartialJson('{"q":"a\\\\')).toEqual({ q: 'a\\' });
		expect(parsePartialJson('{"q":"say \\"hi')).toEqual({ q: 'say "hi' });
	});

	it('closes open arrays and objects', () => {
		expect(parsePartialJson('{"rows":[{"x":1},{"x":2')).toEqual({ rows: [{ x: 1 }, { x: 2 }] });
		expect(parsePartialJson('[1,2,[3')).toEqual([1, 2, [3]]);
	});

	it('drops a dangling key, with or without its colon', () => {
		expect(parsePartialJson('{"a":1,"b')).toEqual({ a: 1 });
		expect(parsePartialJson('{"a":1,"b"')).toEqual({ a: 1 });
		expect(parsePartialJson('{"a":1,"b":')).toEqual({ a: 1 });
		expect(parsePartialJson('{"a":1,"b": ')).toEqual({ a: 1 });
	});

	it('drops a trailing comma and an unfinished literal or number', () => {
		expect(parsePartialJson('{"a":1,')).toEqual({ a: 1 });
		expect(parsePartialJson('{"a":1,"b":tr')).toEqual({ a: 1 });
		expect(parsePartialJson('{"a":-')).toEqual({});
		expect(parsePartialJson('{"a":1.')).toEqual({});
		expect(parsePartialJson('{"a":12')).toEqual({ a: 12 });
		expect(parsePartialJson('[true,fals')).toEqual([true]);
	});

	it('gives undefined for nothing usable, and never throws', () => {
		expect(parsePartialJson('')).toBeUndefined();
		expect(parsePartialJson('   ')).toBeUndefined();
		expect(parsePartialJson('{"a" 1')).toBeUndefined();
		expect(parsePartialJson('}{')).toBeUndefined();
		expect(parsePartialJson('hello world')).toBeUndefined();
		for (const text of ['{', '[', '"', '{"', '{"a', ',', ':', '{]', '[}', '\\', '{"a":[}', '{"a":1}}']) {
			expect(() => parsePartialJson(text)).not.toThrow();
		}
	});

	it('reads every prefix of a document without throwing, growing towards the whole', () => {
		const whole = {
			query: 'weather in "Paris"\n',
			days: [1, 2.5, -3e2],
			options: { units: 'metric', alerts: false, extra: null }
		};
		const text = JSON.stringify(whole, null, 1);
		let keys = 0;
		for (let end = 0; end <= text.length; end++) {
			const value = partialArguments(text.slice(0, end));
			expect(typeof value).toBe('object');
			expect(Object.keys(value).length).toBeGreaterThanOrEqual(keys);
			keys = Object.keys(value).length;
		}
		expect(partialArguments(text)).toEqual(whole);
	});
});

describe('partialArguments', () => {
	it('gives an object, empty until one is readable', () => {
		expect(partialArguments('')).toEqual({});
		expect(partialArguments('[1,2')).toEqual({});
		expect(partialArguments('{"n":3')).toEqual({ n: 3 });
	});
});
