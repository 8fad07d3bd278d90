import { describe, expect, it } from 'vitest';
import { allowSandboxFrames, sandboxOriginsFor } from './origin';

describe('the sandbox origins', () => {
	const page = 'http://127.0.0.1:4173';

	it('are the page host on PORT+1 by default (and *.localhost there on loopback), SANDBOX_PORT when set, SANDBOX_ORIGIN above all', () => {
		expect(sandboxOriginsFor(page, { PORT: '4173' })).toEqual({
			shared: 'http://127.0.0.1:4174',
			perServer: 'http://*.localhost:4174'
		});
		expect(sandboxOriginsFor('http://localhost:4173', { PORT: '4173', SANDBOX_PORT: '5000' })).toEqual({
			shared: 'http://localhost:5000',
			perServer: 'http://*.localhost:5000'
		});
		// Another name (a LAN address): *.localhost would be the visitor's own machine, so one shared origin.
		expect(sandboxOriginsFor('http://192.168.1.5:4173', { PORT: '4173' })).toEqual({
			shared: 'http://192.168.1.5:4174'
		});
		expect(sandboxOriginsFor(page, { PORT: '4173', SANDBOX_ORIGIN: 'https://views.example.com/' })).toEqual({
			shared: 'https://views.example.com'
		});
		expect(sandboxOriginsFor(page, { SANDBOX_ORIGIN: 'https://*.Views.example.com' })).toEqual({
			perServer: 'https://*.views.example.com'
		});
		expect(sandboxOriginsFor(page, {})).toEqual({});
		// No configured origin (a request under a host name that is not the app's): no sandbox named.
		expect(sandboxOriginsFor(undefined, { PORT: '4173' })).toEqual({});
		expect(sandboxOriginsFor(undefined, { SANDBOX_ORIGIN: 'https://views.example.com' })).toEqual({
			shared: 'https://views.example.com'
		});
	});

	it('opens frame-src to exactly the sandbox origins, never to the app’s own', () => {
		const policy = "default-src 'self'; frame-src 'none'; object-src 'none'";
		expect(allowSandboxFrames(policy, sandboxOriginsFor(page, { PORT: '4173' }), 'http://127.0.0.1:4173')).toBe(
			"default-src 'self'; frame-src http://*.localhost:4174 http://127.0.0.1:4174; object-src 'none'"
		);
		expect(allowSandboxFrames(policy, { shared: 'http://127.0.0.1:4173' }, 'http://127.0.0.1:4173')).toBe(policy);
		expect(allowSandboxFrames(policy, {}, 'http://127.0.0.1:4173')).toBe(policy);
		// adapter-node without ORIGIN takes its own requests for https: the same host and port is still the app.
		expect(allowSandboxFrames(policy, { shared: 'http://127.0.0.1:4173' }, 'https://127.0.0.1:4173')).toBe(policy);
	});
});
