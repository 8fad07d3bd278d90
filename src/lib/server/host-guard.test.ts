import { describe, expect, it } from 'vitest';
import { hasSameOriginEvidence, hostPolicyFromEnv, isAllowedHost } from './host-guard';

describe('host guard (DNS rebinding)', () => {
	const none = hostPolicyFromEnv({});

	it('accepts the loopback names on any port', () => {
		for (const host of ['127.0.0.1:4173', 'localhost:4173', 'LOCALHOST', '[::1]:80', '127.1.2.3:9'])
			expect(isAllowedHost(host, none), host).toBe(true);
	});

	it('refuses a rebinding name, and accepts ORIGIN and ALLOWED_HOSTS', () => {
		expect(isAllowedHost('evil.example:4173', none)).toBe(false);
		expect(isAllowedHost('127.0.0.1.evil.example', none)).toBe(false);
		expect(isAllowedHost('localhost.evil.example:4173', none)).toBe(false);
		expect(isAllowedHost(null, none)).toBe(false);
		const policy = hostPolicyFromEnv({
			ORIGIN: 'https://autoui.example.com',
			ALLOWED_HOSTS: ' lan-box:4173 , other.example '
		});
		expect(isAllowedHost('autoui.example.com', policy)).toBe(true);
		expect(isAllowedHost('lan-box:4173', policy)).toBe(true);
		expect(isAllowedHost('lan-box:9999', policy)).toBe(false);
		expect(isAllowedHost('other.example:8080', policy)).toBe(true);
		expect(isAllowedHost('evil.example', policy)).toBe(false);
	});

	it('asks for Sec-Fetch-Site: same-origin as evidence', () => {
		const request = (site?: string) =>
			new Request('http://127.0.0.1:4173/api/llm/openai/models', site ? { headers: { 'sec-fetch-site': site } } : {});
		expect(hasSameOriginEvidence(request('same-origin'))).toBe(true);
		expect(hasSameOriginEvidence(request('cross-site'))).toBe(false);
		expect(hasSameOriginEvidence(request('same-site'))).toBe(false);
		expect(hasSameOriginEvidence(request())).toBe(false);
	});
});
