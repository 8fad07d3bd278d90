import { describe, expect, it } from 'vitest';
import { kvValueText } from './format';

describe('kv values', () => {
	it('shows a year as 2011, not 2,011', () => {
		expect(kvValueText('Founded', 2011)).toBe('2011');
		expect(kvValueText('Year', 1998)).toBe('1998');
		expect(kvValueText('Release year', 2024)).toBe('2024');
		expect(kvValueText('Employees', 2011)).toBe(
			new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(2011)
		);
		expect(kvValueText('Founded', 12000)).not.toBe('12000');
	});

	it('reads booleans and empty values', () => {
		expect(kvValueText('Listed', true)).toBe('Yes');
		expect(kvValueText('Listed', false)).toBe('No');
		expect(kvValueText('Note', '')).toBe('—');
		expect(kvValueText('Note', null)).toBe('—');
	});
});
