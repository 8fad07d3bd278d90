import { describe, expect, it, vi } from 'vitest';
import { MAX_PARSED_CHARS, fitResult, unwrapToolResult } from './results';

describe('unwrapToolResult', () => {
	it('prefers structuredContent over text parts', () => {
		expect(
			unwrapToolResult({ content: [{ type: 'text', text: 'summary' }], structuredContent: { rows: [1, 2] } })
		).toBe('{"rows":[1,2]}');
	});

	it('joins text parts and summarises images, audio and resources without base64', () => {
		const data = 'A'.repeat(4000);
		const text = unwrapToolResult({
			content: [
				{ type: 'text', text: 'first' },
				{ type: 'image', data, mimeType: 'image/png' },
				{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
				{ type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'inline text' } },
				{ type: 'resource', resource: { uri: 'file:///b.bin', blob: data } },
				{ type: 'resource_link', uri: 'https://x.example/doc', name: 'doc' },
				{ type: 'text', text: 'last' }
			]
		});
		expect(text).not.toContain('AAAA');
		expect(text).toMatch(/^first/);
		expect(text).toMatch(/\[image: image\/png, 2\.9 KB — not shown\]/);
		expect(text).toContain('inline text');
		expect(text).toMatch(/\[resource file:\/\/\/b\.bin: binary, 2\.9 KB — not shown\]/);
		expect(text).toContain('[resource link: doc <https://x.example/doc>]');
		expect(text).toMatch(/last$/);
	});

	it('says when a result is empty', () => {
		expect(unwrapToolResult({ content: [] })).toBe('(empty result)');
	});
});

describe('fitResult', () => {
	it('leaves short results alone', () => {
		expect(fitResult('{"a":1}', 100, 'hint')).toEqual({ text: '{"a":1}', truncated: false, size: 7 });
	});

	it('trims arrays so a JSON result stays valid JSON, saying how many items were dropped', () => {
		const rows = Array.from({ length: 1000 }, (_, index) => ({ id: index, name: `row ${index}`, value: index * 3 }));
		const full = JSON.stringify({ total: 1000, rows });
		const fitted = fitResult(full, 2000, "recall('toolu_1')");
		expect(fitted.truncated).toBe(true);
		expect(fitted.size).toBe(full.length);
		expect(fitted.text.length).toBeLessThanOrEqual(2000);
		const parsed = JSON.parse(fitted.text);
		expect(parsed.total).toBe(1000);
		expect(parsed.rows.length).toBeGreaterThan(10);
		expect(parsed.rows[0]).toEqual(rows[0]);
		expect(parsed._truncated.droppedItems.rows).toBe(1000 - parsed.rows.length);
		expect(parsed._truncated.note).toContain("recall('toolu_1')");
	});

	it('wraps a top-level array so the note fits, and cuts long strings when arrays are not enough', () => {
		const array = JSON.stringify(Array.from({ length: 300 }, (_, index) => index));
		const fitted = JSON.parse(fitResult(array, 600, 'h').text);
		expect(Array.isArray(fitted.items)).toBe(true);
		expect(fitted._truncated.droppedItems.$).toBe(300 - fitted.items.length);
		const longString = JSON.stringify({ text: 'x'.repeat(50_000) });
		const cut = fitResult(longString, 1000, 'h');
		expect(cut.text.length).toBeLessThanOrEqual(1000);
		expect(JSON.parse(cut.text)._truncated.shortenedStrings).toBe(1);
	});

	it('falls back to a valid preview object for JSON that cannot be trimmed enough', () => {
		const wide = JSON.stringify(
			Object.fromEntries(Array.from({ length: 2000 }, (_, index) => [`key_${index}`, index]))
		);
		const fitted = fitResult(wide, 800, 'h');
		expect(fitted.text.length).toBeLessThanOrEqual(800);
		expect(JSON.parse(fitted.text).preview).toMatch(/^\{"key_0":0/);
	});

	it('cuts plain text with a note', () => {
		const fitted = fitResult('y'.repeat(20_000), 10_000, "recall('a')");
		expect(fitted.text.length).toBeLessThanOrEqual(10_000);
		expect(fitted.text).toMatch(/truncated: 10000 more characters\. recall\('a'\)\]$/);
	});
});

describe('fitting very large results', () => {
	it('fits a result over the parse limit from its head: valid JSON with the first rows, never a whole parse', () => {
		const rows = Array.from({ length: 60_000 }, (_, index) => ({
			id: index,
			name: `row ${index}`,
			value: index * 1.5
		}));
		const text = JSON.stringify({ columns: ['id', 'name', 'value'], rows });
		expect(text.length).toBeGreaterThan(MAX_PARSED_CHARS);
		const parse = vi.spyOn(JSON, 'parse');
		try {
			const fitted = fitResult(text, 10_000, 'Call recall("c1") for the full result.');
			expect(fitted.truncated).toBe(true);
			expect(fitted.size).toBe(text.length);
			expect(fitted.text.length).toBeLessThanOrEqual(10_000);
			const value = JSON.parse(fitted.text) as { rows: Array<{ id: number }> };
			expect(value.rows[0]).toEqual({ id: 0, name: 'row 0', value: 0 });
			expect(parse.mock.calls.every(([input]) => String(input).length < 1_000_000)).toBe(true);
		} finally {
			parse.mockRestore();
		}
	});
});
