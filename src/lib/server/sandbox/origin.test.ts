import { describe, expect, it } from 'vitest';
import { allowSandboxFrames, sandboxOriginFor } from './origin';

describe('the sandbox origin', () => {
	const page = 'http://127.0.0.1:4173';

	it("is the app's host on PORT+1 by default, SANDBOX_PORT when set, SANDBOX_ORIGIN above all", () => {
		expect(sandboxOriginFor(page, { PORT: '4173' })).toBe('http://127.0.0.1:4174');
		expect(sandboxOriginFor('http://localhost:4173', { PORT: '4173', SANDBOX_PORT: '5000' })).toBe(
			'http://localhost:5000'
		);
		expect(sandboxOriginFor(page, { PORT: '4173', SANDBOX_ORIGIN: 'https://views.example.com/' })).toBe(
			'https://views.example.com'
		);
		expect(sandboxOriginFor(page, {})).toBeUndefined();
		// No configured origin (a request under a host name that is not the app's): no sandbox named.
		expect(sandboxOriginFor(undefined, { PORT: '4173' })).toBeUndefined();
		expect(sandboxOriginFor(undefined, { SANDBOX_ORIGIN: 'https://views.example.com' })).toBe(
			'https://views.example.com'
		);
	});

	it('opens frame-src to exactly the sandbox origin, never to the app’s own', () => {
		const policy = "default-src 'self'; frame-src 'none'; object-src 'none'";
		expect(allowSandboxFrames(policy, 'http://127.0.0.1:4174', 'http://127.0.0.1:4173')).toBe(
			"default-src 'self'; frame-src http://127.0.0.1:4174; object-src 'none'"
		);
		expect(allowSandboxFrames(policy, 'http://127.0.0.1:4173', 'http://127.0.0.1:4173')).toBe(policy);
		expect(allowSandboxFrames(policy, undefined, 'http://127.0.0.1:4173')).toBe(policy);
		// adapter-node without ORIGIN takes its own requests for https: the same host and port is still the app.
		expect(allowSandboxFrames(policy, 'http://127.0.0.1:4173', 'https://127.0.0.1:4173')).toBe(policy);
	});
});
