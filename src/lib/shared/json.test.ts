import { describe, expect, it } from 'vitest';
import { safeStringify, truncateText, tryParseJson, isPlainObject } from './json';

describe('safeStringify', () => {
	it('renders cycles and BigInt instead of throwing', () => {
		const value: Record<string, unknown> = { n: 10n, name: 'a' };
		value.self = value;
		expect(safeStringify(value)).toBe('{"n":"10","name":"a","self":"[Circular]"}');
	});

	it('renders undefined as null', () => {
		expect(safeStringify(undefined)).toBe('null');
	});
});

describe('truncateText', () => {
	it('keeps short text and marks what it cut from long text', () => {
		expect(truncateText('short', 10)).toBe('short');
		const cut = truncateText('x'.repeat(100), 40);
		expect(cut.length).toBeLessThanOrEqual(40);
		expect(cut).toMatch(/more characters\]$/);
	});
});

describe('tryParseJson and isPlainObject', () => {
	it('returns undefined for invalid JSON', () => {
		expect(tryParseJson('{bad')).toBeUndefined();
		expect(tryParseJson('[1]')).toEqual([1]);
	});

	it('tells plain objects from arrays and null', () => {
		expect(isPlainObject({})).toBe(true);
		expect(isPlainObject([])).toBe(false);
		expect(isPlainObject(null)).toBe(false);
	});
});
