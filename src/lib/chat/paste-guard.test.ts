import { describe, expect, it } from 'vitest';
import { estimateTokens, insertAt, LARGE_PASTE_CHARS, pasteSummary } from './paste-guard';

describe('paste guard', () => {
	it('summarises a held paste with characters, lines and estimated tokens', () => {
		const text = 'a'.repeat(LARGE_PASTE_CHARS) + '\nb';
		expect(pasteSummary(text)).toBe('Paste 20,002 characters (2 lines, about 5,001 tokens)?');
		expect(estimateTokens('abcd')).toBe(1);
	});

	it('inserts the confirmed paste at the selection, replacing it', () => {
		expect(insertAt('hello world', 'big', 6, 11)).toEqual({ value: 'hello big', caret: 9 });
		expect(insertAt('', 'x', 5, 9)).toEqual({ value: 'x', caret: 1 });
	});
});
