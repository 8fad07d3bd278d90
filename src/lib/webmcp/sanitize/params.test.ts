import { describe, expect, it } from 'vitest';
import { sanitizeParams } from './params';

const schema = {
	type: 'object',
	properties: {
		title: { type: 'string' },
		icon: { type: 'string' },
		imageUrl: { type: 'string' },
		source: { type: 'string', format: 'uri' },
		cover: { type: 'string', 'x-url': 'image' },
		links: {
			type: 'array',
			items: { type: 'object', properties: { label: { type: 'string' }, href: { type: 'string' } } }
		},
		style: { type: 'object' }
	}
};

describe('sanitizeParams', () => {
	it('normalises URLs and styles and leaves text alone', () => {
		const input = {
			title: 'javascript:alert(1) is just text here',
			icon: 'star',
			imageUrl: 'https://Example.org/a.png',
			source: 'https://example.org',
			links: [{ label: 'Docs', href: 'https://example.org/docs' }],
			style: { backgroundColor: '#fff' }
		};
		const result = sanitizeParams(schema, input);
		expect(result).toEqual({
			ok: true,
			value: {
				...input,
				imageUrl: 'https://example.org/a.png',
				source: 'https://example.org/',
				style: { 'background-color': '#fff' }
			}
		});
		expect(input.style).toEqual({ backgroundColor: '#fff' });
	});

	it('reports every refused value with its JSON pointer', () => {
		const result = sanitizeParams(schema, {
			icon: 'javascript:alert(1)',
			imageUrl: 'data:image/svg+xml,<svg onload=alert(1)>',
			source: 'not a url',
			cover: 'http://evil.example/x.png',
			links: [
				{ label: 'x', href: 'https://ok.example' },
				{ label: 'y', href: 'javascript:alert(1)' }
			],
			style: { background: 'url(https://evil.example)' }
		});
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.issues.map((issue) => issue.path)).toEqual([
			'/icon',
			'/imageUrl',
			'/source',
			'/cover',
			'/links/1/href',
			'/style'
		]);
	});

	it('checks URL-named fields without a schema when the value has a scheme', () => {
		const result = sanitizeParams(undefined, { rows: [{ url: 'javascript:alert(1)' }, { url: 'plain words' }] });
		expect(result.ok).toBe(false);
		if (!result.ok)
			expect(result.issues).toEqual([{ path: '/rows/0/url', message: expect.stringMatching(/javascript:/) }]);
	});

	it('allows configured http image hosts', () => {
		const result = sanitizeParams(
			schema,
			{ imageUrl: 'http://127.0.0.1:9000/a.png' },
			{ image: { hosts: ['127.0.0.1:9000'] } }
		);
		expect(result.ok).toBe(true);
	});

	it('keeps data marked x-opaque as it is (an MCP App View reads it in its sandbox), and checks the rest', () => {
		const schema = {
			type: 'object',
			properties: { toolInput: { type: 'object', 'x-opaque': true }, link: { type: 'string', format: 'uri' } }
		};
		const opaque = sanitizeParams(schema, { toolInput: { url: 'file:///tmp/report.pdf' }, link: 'https://a.example/' });
		expect(opaque).toEqual({
			ok: true,
			value: { toolInput: { url: 'file:///tmp/report.pdf' }, link: 'https://a.example/' }
		});
		const checked = sanitizeParams(schema, { toolInput: {}, link: 'file:///etc/passwd' });
		expect(checked.ok).toBe(false);
	});
});
