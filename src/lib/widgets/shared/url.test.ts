import { describe, expect, it } from 'vitest';
import { safeImageUrl, safeLinkUrl, urlHost } from './url';

describe('URL policy', () => {
	it.each(['https://example.org/a?b=1', 'mailto:ada@example.org'])('allows the link %s', (url) => {
		expect(safeLinkUrl(url)).toBe(url);
	});

	it.each([
		'javascript:alert(1)',
		'JaVaScRiPt:alert(1)',
		' javascript:alert(1)',
		'java\tscript:alert(1)',
		'data:text/html,<script>',
		'vbscript:x',
		'file:///etc/passwd',
		'',
		null,
		42
	])('refuses the link %j (http(s) and mailto only)', (bad) => {
		expect(safeLinkUrl(bad)).toBeUndefined();
	});

	it.each(['https://upload.wikimedia.org/a.png', '/examples/harbour.png', 'data:image/png;base64,iVBORw0KGgo='])(
		'allows the image %s (allow-listed https host, inline raster data, /examples)',
		(url) => {
			expect(safeImageUrl(url)).toBe(url);
		}
	);

	it.each([
		'/favicon.png',
		'/examples/../api/llm/x.png',
		'/examples/x.svg',
		'/examples/sub/x.png',
		'examples/x.png',
		'/api/llm/anthropic/v1/models?x=.png',
		'[click](javascript:x)',
		'https://evil.example/x.png',
		'http://upload.wikimedia.org/a.png',
		'https://upload.wikimedia.org.evil.example/a.png',
		'https://user:pw@upload.wikimedia.org/a.png',
		'data:image/svg+xml,<svg onload=alert(1)>',
		'javascript:alert(1)',
		'//evil.example/x.png'
	])('refuses the image %s', (bad) => {
		expect(safeImageUrl(bad)).toBeUndefined();
	});

	it('allows images from hosts the user added', () => {
		expect(safeImageUrl('https://cdn.example.com/x.png', ['example.com'])).toBe('https://cdn.example.com/x.png');
	});

	it('reads the host for display', () => {
		expect(urlHost('https://www.example.org/path')).toBe('www.example.org');
		expect(urlHost('nonsense')).toBe('localhost');
	});
});
