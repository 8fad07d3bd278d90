import { describe, expect, it } from 'vitest';
import {
	checkParamValue,
	formatParamValue,
	isParamName,
	paramNameError,
	pickParamValue,
	sameParamValue
} from './param-values';

describe('parameter values', () => {
	it('accepts scalars, dates as text, lists of one type and null; normalises empty lists and repeats', () => {
		expect(checkParamValue('Japan')).toEqual({ ok: true, value: 'Japan' });
		expect(checkParamValue(3.5)).toEqual({ ok: true, value: 3.5 });
		expect(checkParamValue(false)).toEqual({ ok: true, value: false });
		expect(checkParamValue('2024-03-01')).toEqual({ ok: true, value: '2024-03-01' });
		expect(checkParamValue(undefined)).toEqual({ ok: true, value: null });
		expect(checkParamValue([])).toEqual({ ok: true, value: null });
		expect(checkParamValue(['USA', 'Japan', 'USA'])).toEqual({ ok: true, value: ['USA', 'Japan'] });
	});

	it('refuses objects, nested lists, mixed lists, non-finite numbers and oversized text with a clear message', () => {
		expect(checkParamValue({ $ref: 'x' })).toMatchObject({
			ok: false,
			error: expect.stringContaining('got an object')
		});
		expect(checkParamValue([['a']])).toMatchObject({ ok: false, error: expect.stringContaining('list item 1') });
		expect(checkParamValue(['a', 1])).toMatchObject({ ok: false, error: expect.stringContaining('one type') });
		expect(checkParamValue(Number.NaN)).toMatchObject({ ok: false });
		expect(checkParamValue('x'.repeat(20_000))).toMatchObject({
			ok: false,
			error: expect.stringContaining('20000 characters')
		});
		// SQL text is a value like any other.
		expect(checkParamValue("' OR 1=1 --")).toEqual({ ok: true, value: "' OR 1=1 --" });
	});

	it('names follow SQL identifiers', () => {
		expect(isParamName('origin')).toBe(true);
		expect(isParamName('_year2')).toBe(true);
		expect(isParamName('2year')).toBe(false);
		expect(isParamName('a-b')).toBe(false);
		expect(isParamName('x'.repeat(65))).toBe(false);
		expect(paramNameError('a b')).toContain('not a parameter name');
	});

	it('a click selects or clears, Shift+click adds to a list or takes out of it', () => {
		expect(pickParamValue(null, 'Japan', false)).toBe('Japan');
		expect(pickParamValue('Japan', 'Japan', false)).toBeNull();
		expect(pickParamValue('Japan', 'USA', false)).toBe('USA');
		expect(pickParamValue('Japan', 'USA', true)).toEqual(['Japan', 'USA']);
		expect(pickParamValue(['Japan', 'USA'], 'Japan', true)).toEqual(['USA']);
		expect(pickParamValue(['USA'], 'USA', true)).toBeNull();
	});

	it('compares and formats', () => {
		expect(sameParamValue(['a', 'b'], ['a', 'b'])).toBe(true);
		expect(sameParamValue(undefined, null)).toBe(true);
		expect(sameParamValue('1', 1)).toBe(false);
		expect(formatParamValue(['Japan', 'USA'])).toBe('Japan, USA');
		expect(formatParamValue('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
		expect(formatParamValue(null)).toBe('not set');
	});
});
