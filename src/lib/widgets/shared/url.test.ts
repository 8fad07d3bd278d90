import { describe, expect, it } from 'vitest';
import { safeImageUrl, safeLinkUrl, urlHost } from './url';

describe('URL policy', () => {
	it('allows http(s) and mailto links, nothing else', () => {
		expect(safeLinkUrl('https://example.org/a?b=1')).toBe('https://example.org/a?b=1');
		expect(safeLinkUrl('mailto:ada@example.org')).toBe('mailto:ada@example.org');
		for (const bad of [
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
		]) {
			expect(safeLinkUrl(bad), String(bad)).toBeUndefined();
		}
	});

	it("allows images from allow-listed https hosts, inline raster data and the app's own /examples images only", () => {
		expect(safeImageUrl('https://upload.wikimedia.org/a.png')).toBe('https://upload.wikimedia.org/a.png');
		expect(safeImageUrl('/examples/harbour.png')).toBe('/examples/harbour.png');
		for (const relative of [
			'/favicon.png',
			'/examples/../api/llm/x.png',
			'/examples/x.svg',
			'/examples/sub/x.png',
			'examples/x.png',
			'/api/llm/anthropic/v1/models?x=.png'
		]) {
			expect(safeImageUrl(relative), relative).toBeUndefined();
		}
		expect(safeImageUrl('[click](javascript:x)')).toBeUndefined();
		expect(safeImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
		for (const bad of [
			'https://evil.example/x.png',
			'http://upload.wikimedia.org/a.png',
			'https://upload.wikimedia.org.evil.example/a.png',
			'https://user:pw@upload.wikimedia.org/a.png',
			'data:image/svg+xml,<svg onload=alert(1)>',
			'javascript:alert(1)',
			'//evil.example/x.png'
		]) {
			expect(safeImageUrl(bad), bad).toBeUndefined();
		}
		expect(safeImageUrl('https://cdn.example.com/x.png', ['example.com'])).toBe('https://cdn.example.com/x.png');
	});

	it('reads the host for display', () => {
		expect(urlHost('https://www.example.org/path')).toBe('www.example.org');
		expect(urlHost('nonsense')).toBe('localhost');
	});
});
