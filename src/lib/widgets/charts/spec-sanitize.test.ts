import { imageHosts } from '../shared/image-hosts.svelte';
import { describe, expect, it } from 'vitest';
import { inlineRows, sanitizeChartSpec } from './spec-sanitize';
import { createSafeLoader, escapeHtml } from './vega-mount';

describe('sanitizeChartSpec', () => {
	it('removes url data everywhere, keeping inline values', () => {
		const { spec, removed } = sanitizeChartSpec({
			data: { url: 'https://evil.example/data.csv' },
			mark: 'bar',
			layer: [{ data: { url: '/api/secret.json', format: { type: 'json' } }, mark: 'line' }],
			transform: [{ lookup: 'id', from: { data: { url: 'https://evil.example/x.json' }, key: 'id' } }]
		});
		expect(JSON.stringify(spec)).not.toContain('evil.example');
		expect(JSON.stringify(spec)).not.toContain('/api/secret.json');
		expect(spec.data).toEqual({ values: [] });
		expect(removed.some((entry) => entry.startsWith('data.url'))).toBe(true);
		expect(removed.length).toBe(3);
	});

	it('removes usermeta (embed options) and config groups that are not pure style', () => {
		const { spec, removed } = sanitizeChartSpec({
			mark: 'point',
			usermeta: { embedOptions: { actions: true, ast: false, loader: { baseURL: 'https://evil.example' } } },
			config: {
				axis: { labelColor: 'red' },
				customFormatTypes: true,
				locale: { number: {} },
				background: 'url(https://evil.example/x)'
			}
		});
		expect(spec.usermeta).toBeUndefined();
		expect(spec.config).toEqual({ axis: { labelColor: 'red' } });
		expect(removed).toEqual(
			expect.arrayContaining(['usermeta', 'config.customFormatTypes', 'config.locale', 'config.background'])
		);
	});

	it('drops literal hrefs outside the link policy, CSS url() and javascript: strings', () => {
		const { spec } = sanitizeChartSpec({
			data: { values: [{ a: 'javascript:alert(1)', b: 'fine', c: 'url(https://evil.example/t.png)' }] },
			mark: { type: 'bar', fill: 'url(https://evil.example/#p)' },
			encoding: { href: { value: 'javascript:alert(1)' }, tooltip: { value: '<script>alert(1)</script>' } }
		});
		expect(spec.data).toEqual({ values: [{ b: 'fine' }] });
		expect(spec.mark).toEqual({ type: 'bar' });
		expect(spec.encoding).toEqual({ tooltip: {} });
		const kept = sanitizeChartSpec({ mark: 'bar', encoding: { href: { value: 'https://example.org/' } } });
		expect(kept.spec.encoding).toEqual({ href: { value: 'https://example.org/' } });
	});

	it('keeps input bindings inside the chart and ignores prototype keys', () => {
		const input = JSON.parse(
			'{"mark":"point","params":[{"name":"p","bind":{"input":"range","element":"#chat"}}],"__proto__":{"polluted":true}}'
		);
		const { spec, removed } = sanitizeChartSpec(input);
		expect(spec.params).toEqual([{ name: 'p', bind: { input: 'range' } }]);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(removed).toContain('params[0].bind.element (inputs stay inside the chart)');
	});

	it('replaces a non-object spec and finds inline rows for the table view', () => {
		expect(sanitizeChartSpec('bar chart').removed).toEqual(['spec (not an object)']);
		expect(inlineRows({ layer: [{ data: { values: [{ a: 1 }, 2] } }] })).toEqual([{ a: 1 }]);
		expect(inlineRows({ datasets: { d: [{ b: 2 }] }, data: { name: 'd' } })).toEqual([{ b: 2 }]);
	});
});

describe('safe Vega loader', () => {
	const loader = createSafeLoader();

	it('refuses to load any URL, same-origin included', async () => {
		await expect(loader.load('https://example.org/data.json')).rejects.toThrow(/inline in data.values/);
		await expect(loader.load('/data.json')).rejects.toThrow(/cannot load/);
	});

	it('sanitises links and images through the URL policy', async () => {
		await expect(loader.sanitize('https://example.org/', { context: 'href' })).resolves.toMatchObject({
			href: 'https://example.org/',
			rel: 'noopener noreferrer'
		});
		await expect(loader.sanitize('javascript:alert(1)', { context: 'href' })).rejects.toThrow();
		await expect(loader.sanitize('https://evil.example/x.png', { context: 'image' })).rejects.toThrow();
		// Images load only from hosts the user approved (click-to-load elsewhere).
		await expect(loader.sanitize('https://upload.wikimedia.org/x.png', { context: 'image' })).rejects.toThrow();
		imageHosts.approve('upload.wikimedia.org');
		await expect(loader.sanitize('https://upload.wikimedia.org/x.png', { context: 'image' })).resolves.toMatchObject({
			href: 'https://upload.wikimedia.org/x.png'
		});
		await expect(
			loader.sanitize('https://example.org/x.csv', { context: 'dataflow', response: 'json' })
		).rejects.toThrow();
	});

	it('escapes tooltip HTML', () => {
		expect(escapeHtml('<img src=x onerror=alert(1)>')).toBe('&#60;img src=x onerror=alert(1)&#62;');
	});
});
