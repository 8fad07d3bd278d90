import { describe, expect, it } from 'vitest';
import { allowAttribute, buildViewCsp, grantFor, restrictiveDefault } from './csp.js';

function directives(policy: string): Map<string, string[]> {
	return new Map(
		policy
			.split(';')
			.map((part) => part.trim().split(/\s+/))
			.map(([name, ...values]) => [name, values])
	);
}

describe('the View CSP', () => {
	it('uses the spec’s restrictive default when the resource declares none', () => {
		const csp = buildViewCsp(undefined);
		expect(csp.declared).toBe(false);
		const parsed = directives(csp.policy);
		expect(parsed.get('default-src')).toEqual(["'none'"]);
		expect(parsed.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
		expect(parsed.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
		expect(parsed.get('img-src')).toEqual(["'self'", 'data:']);
		expect(parsed.get('media-src')).toEqual(["'self'", 'data:']);
		expect(parsed.get('connect-src')).toEqual(["'none'"]);
		expect(parsed.get('frame-src')).toEqual(["'none'"]);
		expect(parsed.get('object-src')).toEqual(["'none'"]);
		expect(parsed.get('base-uri')).toEqual(["'self'"]);
		expect(csp.policy).toBe(restrictiveDefault.join('; '));
		expect(buildViewCsp('connect everything').policy).toBe(csp.policy);
	});

	it('maps each declared field to its directives only', () => {
		const csp = buildViewCsp({
			connectDomains: ['https://api.weather.example', 'wss://live.weather.example'],
			resourceDomains: ['https://cdn.example.net', 'https://*.tiles.example'],
			frameDomains: ['https://www.youtube.com'],
			baseUriDomains: ['https://cdn.example.net']
		});
		const parsed = directives(csp.policy);
		expect(parsed.get('connect-src')).toEqual(['https://api.weather.example', 'wss://live.weather.example']);
		for (const name of ['script-src', 'style-src', 'img-src', 'media-src', 'font-src']) {
			expect(parsed.get(name)).toEqual(expect.arrayContaining(['https://cdn.example.net', 'https://*.tiles.example']));
			expect(parsed.get(name)).not.toContain('https://api.weather.example');
		}
		expect(parsed.get('frame-src')).toEqual(['https://www.youtube.com']);
		expect(parsed.get('base-uri')).toEqual(['https://cdn.example.net']);
		expect(parsed.get('default-src')).toEqual(["'none'"]);
		expect(parsed.get('object-src')).toEqual(["'none'"]);
		expect(csp.rejected).toEqual([]);
	});

	it('keeps the secure default for fields left empty', () => {
		const parsed = directives(buildViewCsp({ resourceDomains: ['https://cdn.example.net'] }).policy);
		expect(parsed.get('connect-src')).toEqual(["'none'"]);
		expect(parsed.get('frame-src')).toEqual(["'none'"]);
		expect(parsed.get('base-uri')).toEqual(["'self'"]);
	});

	it('is never loosened by keywords, wildcards, schemes or injected directives', () => {
		const csp = buildViewCsp({
			connectDomains: [
				'*',
				'https:',
				"'unsafe-eval'",
				'https://ok.example; script-src *',
				'https://a.example https://b.example',
				'data:',
				'javascript:alert(1)',
				42
			],
			resourceDomains: ["https://x.example'", 'https://fine.example,https://evil.example', 'http://127.0.0.1:8080']
		});
		const parsed = directives(csp.policy);
		expect(parsed.get('connect-src')).toEqual(["'none'"]);
		expect(parsed.get('script-src')).toEqual(["'self'", "'unsafe-inline'", 'http://127.0.0.1:8080']);
		expect(csp.policy).not.toContain('unsafe-eval');
		expect(csp.policy.split(';').filter((part) => part.trim().startsWith('script-src'))).toHaveLength(1);
		expect(csp.rejected).toHaveLength(10);
		expect(csp.rejected[0]).toBe('connectDomains: *');
	});
});

describe('the View’s permissions', () => {
	it('maps the four declared permissions to the allow attribute and ignores the rest', () => {
		expect(allowAttribute({ camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} })).toBe(
			'camera; microphone; geolocation; clipboard-write'
		);
		expect(allowAttribute({ camera: {}, usb: {}, 'display-capture': {} })).toBe('camera');
		expect(allowAttribute(undefined)).toBe('');
		expect(allowAttribute('camera')).toBe('');
	});
});

describe('what the user allowed a server (grants)', () => {
	it('widens only the granted directive by the granted source', () => {
		const csp = buildViewCsp(undefined, [
			{ directive: 'script-src', source: "'unsafe-eval'" },
			{ directive: 'connect-src', source: 'https://tiles.example' },
			{ directive: 'script-src', source: 'data:' },
			{ directive: 'worker-src', source: 'blob:' }
		]);
		const parsed = directives(csp.policy);
		expect(parsed.get('script-src')).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'", 'data:']);
		expect(parsed.get('connect-src')).toEqual(['https://tiles.example']);
		// A new worker-src keeps what it fell back to (script-src without its keywords).
		expect(parsed.get('worker-src')).toEqual(["'self'", 'data:', 'blob:']);
		expect(parsed.get('object-src')).toEqual(["'none'"]);
		expect(csp.declared).toBe(false);
	});

	it('ignores grants that would widen anything else', () => {
		const csp = buildViewCsp(undefined, [
			{ directive: 'connect-src', source: '*' },
			{ directive: 'connect-src', source: 'https://*.example.com' },
			{ directive: 'connect-src', source: "'unsafe-eval'" },
			{ directive: 'connect-src', source: 'data:' },
			{ directive: 'object-src', source: 'https://a.example' },
			{ directive: 'frame-ancestors', source: 'https://a.example' },
			{ directive: 'script-src', source: "'unsafe-hashes'" },
			{ directive: 'script-src', source: 'https://a.example; connect-src *' },
			'script-src *'
		]);
		expect(csp.policy).toBe(buildViewCsp(undefined).policy);
	});

	it('names the grant a violation needs', () => {
		expect(grantFor('script-src', 'eval')).toEqual({ directive: 'script-src', source: "'unsafe-eval'" });
		expect(grantFor('script-src', 'wasm-eval')).toEqual({ directive: 'script-src', source: "'wasm-unsafe-eval'" });
		expect(grantFor('script-src-elem', 'data')).toEqual({ directive: 'script-src', source: 'data:' });
		expect(grantFor('connect-src', 'https://api.example/v1/x?y=1')).toEqual({
			directive: 'connect-src',
			source: 'https://api.example'
		});
		expect(grantFor('script-src-elem', 'inline')).toBeUndefined();
		expect(grantFor('connect-src', 'data')).toBeUndefined();
	});
});
