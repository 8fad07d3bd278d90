import { describe, expect, it } from 'vitest';
import { toArray, toDate, toNumber } from './values';

describe('lenient values', () => {
	it('reads numbers sent as strings', () => {
		expect(toNumber('1,234.5')).toBe(1234.5);
		expect(toNumber(' 42 ')).toBe(42);
		expect(toNumber('12.5%')).toBe(12.5);
		expect(toNumber('€3.20')).toBe(3.2);
		expect(toNumber('-$5')).toBe(-5);
		expect(toNumber('1e3')).toBe(1000);
		expect(toNumber('1 000 000')).toBe(1_000_000);
		for (const bad of ['row 5', 'abc', '', '12abc', NaN, Infinity, null, {}])
			expect(toNumber(bad), String(bad)).toBeUndefined();
	});

	it('reads dates in common formats', () => {
		expect(toDate('2024-03-12')?.toISOString()).toBe('2024-03-12T00:00:00.000Z');
		expect(toDate('2024-03')?.toISOString()).toBe('2024-03-01T00:00:00.000Z');
		expect(toDate('2024')?.toISOString()).toBe('2024-01-01T00:00:00.000Z');
		expect(toDate('31/12/2024')?.toISOString()).toBe('2024-12-31T00:00:00.000Z');
		expect(toDate(1_700_000_000)?.getUTCFullYear()).toBe(2023);
		expect(toDate(1_700_000_000_000)?.getUTCFullYear()).toBe(2023);
		expect(toDate('March 5, 2021')?.getFullYear()).toBe(2021);
		expect(toDate('not a date')).toBeUndefined();
	});

	it('wraps single values in arrays', () => {
		expect(toArray(undefined)).toEqual([]);
		expect(toArray({ a: 1 })).toEqual([{ a: 1 }]);
		expect(toArray([1, 2])).toEqual([1, 2]);
	});
});
