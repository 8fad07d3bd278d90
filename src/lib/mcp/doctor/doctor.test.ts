import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnose } from './doctor';
import {
	startEverything,
	startFixtureServer,
	startOAuthServer,
	type RunningServer
} from '../../../../tests/fixtures/mcp/launchers';
import { startGarbageServer, type FakeServer } from '../../../../tests/fixtures/mcp/http-fakes';

describe('connection doctor (Node: no CORS, so only server-side causes)', () => {
	let fixture: RunningServer & { sseUrl: string };
	let legacy: RunningServer;
	let secure: RunningServer;
	let garbage: FakeServer;
	beforeAll(async () => {
		[fixture, legacy, secure, garbage] = await Promise.all([
			startFixtureServer(),
			startEverything({ mode: 'sse' }),
			startOAuthServer(),
			startGarbageServer('html')
		]);
	});
	afterAll(async () => Promise.all([fixture?.stop(), legacy?.stop(), secure?.stop(), garbage?.stop()]));

	it('names the 2026-07-28 header a CORS allow-list lacks, for a server set to modern only', async () => {
		// What a browser does with a preflight that does not allow a header: the request fails.
		const refusing =
			(header: string): typeof fetch =>
			(input, init) => {
				const names = Object.keys((init?.headers as Record<string, string> | undefined) ?? {}).map((name) =>
					name.toLowerCase()
				);
				return names.includes(header) ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
			};
		expect(await diagnose({ url: fixture.url, protocol: 'modern', fetch: refusing('mcp-method') })).toMatchObject({
			code: 'cors_header',
			missingHeader: 'mcp-method',
			summary: expect.stringContaining('every 2026-07-28 request carries'),
			fix: expect.stringMatching(/Access-Control-Allow-Headers.*"auto" or "legacy"/),
			suggestedProtocol: 'auto'
		});
		expect(await diagnose({ url: fixture.url, protocol: 'modern', fetch: refusing('mcp-name') })).toMatchObject({
			code: 'cors_header',
			missingHeader: 'mcp-name'
		});
		// On auto or legacy the 2026 headers are never needed, so they are not checked.
		expect((await diagnose({ url: fixture.url, protocol: 'auto', fetch: refusing('mcp-method') })).code).toBe('ok');
	});

	it('says ok for a healthy server', async () => {
		expect((await diagnose({ url: fixture.url })).code).toBe('ok');
	});

	it('a port the browser itself refuses (9, ERR_UNSAFE_PORT) is diagnosed as such, before any request', async () => {
		let requests = 0;
		const counting: typeof fetch = (input, init) => (requests++, fetch(input, init));
		const diagnosis = await diagnose({ url: 'http://127.0.0.1:9/mcp', fetch: counting });
		expect(diagnosis).toMatchObject({
			code: 'blocked_port',
			summary: expect.stringMatching(/browsers refuse port 9.*ERR_UNSAFE_PORT/i)
		});
		expect(diagnosis.fix).not.toMatch(/running/);
		expect(requests).toBe(0);
	});

	it('tells a refused connection, a name that does not resolve and a TLS mismatch apart', async () => {
		const { freePort } = await import('../../../../tests/fixtures/net');
		const port = await freePort();
		expect(await diagnose({ url: `http://127.0.0.1:${port}/mcp` })).toMatchObject({
			code: 'refused',
			summary: expect.stringContaining(`127.0.0.1:${port}`),
			fix: expect.stringMatching(/running/)
		});
		expect(await diagnose({ url: 'https://no-such-host.invalid/mcp' })).toMatchObject({
			code: 'dns',
			summary: expect.stringContaining('no-such-host.invalid')
		});
		const plain = new URL(fixture.url);
		const tls = await diagnose({ url: `https://${plain.host}/mcp` });
		expect(tls).toMatchObject({ code: 'tls', suggestedUrl: fixture.url });
	});

	it('points from a wrong path to the real endpoint', async () => {
		const diagnosis = await diagnose({ url: fixture.url.replace('/mcp', '/api') });
		expect(diagnosis).toMatchObject({ code: 'not_found', status: 404, suggestedUrl: fixture.url });
	});

	it('recognises a legacy SSE endpoint given as Streamable HTTP, and the reverse', async () => {
		expect(await diagnose({ url: legacy.url, transport: 'streamable-http' })).toMatchObject({
			code: 'wrong_transport',
			suggestedTransport: 'sse'
		});
		expect(await diagnose({ url: fixture.url, transport: 'sse' })).toMatchObject({
			code: 'wrong_transport',
			suggestedTransport: 'streamable-http'
		});
	});

	it('offers OAuth on a 401 with protected-resource metadata', async () => {
		const diagnosis = await diagnose({ url: secure.url });
		expect(diagnosis).toMatchObject({ code: 'auth_required', status: 401, offerOAuth: true });
	});

	it('says a web page is not an MCP endpoint', async () => {
		const diagnosis = await diagnose({ url: garbage.url });
		expect(diagnosis.code).toBe('not_mcp');
		expect(diagnosis.summary).toMatch(/text\/html/);
	});

	it('refuses plain http to remote hosts from the app page, before any request', async () => {
		expect((await diagnose({ url: 'http://example.com/mcp', pageUrl: 'https://autoui.example/' })).code).toBe(
			'mixed_content'
		);
		expect((await diagnose({ url: 'http://example.com/mcp', pageUrl: 'http://127.0.0.1:4173/' })).code).toBe(
			'blocked_url'
		);
		expect((await diagnose({ url: 'not a url' })).code).toBe('invalid_url');
	});
});
