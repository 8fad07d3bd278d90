import { describe, expect, it } from 'vitest';
import { sanitizeImageUrl, sanitizeLinkUrl } from './url';

const png =
	'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const gif = 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
const svgB64 = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')}`;

describe('sanitizeImageUrl', () => {
	it('accepts https from any host and normalises it', () => {
		expect(sanitizeImageUrl('https://Example.ORG/a b.png'.replace(' ', '%20'))).toEqual({
			ok: true,
			value: 'https://example.org/a%20b.png'
		});
	});

	it('accepts base64 png/gif data whose bytes match the declared type', () => {
		expect(sanitizeImageUrl(png)).toEqual({ ok: true, value: png });
		expect(sanitizeImageUrl(gif).ok).toBe(true);
		expect(sanitizeImageUrl(png.replace('image/png', 'IMAGE/PNG')).ok).toBe(true);
	});

	it.each([
		['javascript:alert(1)'],
		['JaVaScRiPt:alert(1)'],
		['  javascript:alert(1)'],
		['java\tscript:alert(1)'],
		['java\nscript:alert(1)'],
		['vbscript:msgbox(1)'],
		['data:text/html,<script>alert(1)</script>'],
		['data:image/svg+xml,<svg onload=alert(1)>'],
		[svgB64],
		['data:image/svg+xml;utf8,<svg/>'],
		['data:image/png,notbase64<script>'],
		[png.replace('image/png', 'image/gif')],
		[`data:image/png;base64,${btoa('<svg onload=alert(1)>')}`],
		['http://evil.example/a.png'],
		['//evil.example/a.png'],
		['/relative.png'],
		['file:///etc/passwd'],
		['blob:https://example.org/1234'],
		['https://user:pass@example.org/a.png'],
		['https://example.org/a.png\u0000'],
		['https://example.org\\@evil.example/'],
		[''],
		[42],
		[null],
		[{ toString: () => 'https://example.org' }]
	])('refuses %j', (input) => {
		const result = sanitizeImageUrl(input);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error.length).toBeGreaterThan(10);
	});

	it('allows http only from configured hosts', () => {
		expect(sanitizeImageUrl('http://127.0.0.1:8080/tile.png', { hosts: ['127.0.0.1:8080'] }).ok).toBe(true);
		expect(sanitizeImageUrl('http://127.0.0.1:9999/tile.png', { hosts: ['127.0.0.1:8080'] }).ok).toBe(false);
		const refused = sanitizeImageUrl('http://other.example/a.png', { hosts: ['tiles.example'] });
		expect(refused.ok || refused.error).toMatch(/http only from tiles\.example/);
	});

	it('limits data URL size', () => {
		expect(sanitizeImageUrl(png, { maxDataLength: 20 }).ok).toBe(false);
	});
});

describe('sanitizeLinkUrl', () => {
	it.each([
		['https://example.org/path?q=1#x', 'https://example.org/path?q=1#x'],
		['http://example.org', 'http://example.org/'],
		['mailto:someone@example.org', 'mailto:someone@example.org']
	])('accepts %s', (input, expected) => {
		expect(sanitizeLinkUrl(input)).toEqual({ ok: true, value: expected });
	});

	it.each([
		['javascript:alert(document.cookie)'],
		['javascript&colon;alert(1)'],
		['jav&#x09;ascript:alert(1)'],
		['\u0001javascript:alert(1)'],
		['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
		['vbscript:x'],
		['ftp://example.org/file'],
		['mailto:'],
		['mailto:a@b.org,c@d.org%0Abcc:x@y.org'],
		['https://user:secret@example.org'],
		['/local/path'],
		['x'.repeat(9000)]
	])('refuses %j', (input) => {
		const result = sanitizeLinkUrl(input);
		expect(result.ok).toBe(false);
	});

	it('names the allowed schemes', () => {
		const result = sanitizeLinkUrl('ftp://example.org');
		expect(result.ok || result.error).toMatch(/http:, https:, mailto:/);
	});
});
