/**
 * The relay for HTTP tools against a real upstream HTTP server: paths, queries, bodies and
 * configured headers are forwarded; paths that would leave the API's base are refused; and
 * an HTTP tool set pointed at the relay reaches the API through it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseToolSet } from '$lib/http-tools/descriptor';
import { HttpToolServer } from '$lib/http-tools/http-server';
import { serveWeb } from '../node-http';
import { createApiRelay, relayTarget } from './api-relay';
import { parseRelayConfig } from './config';

const seen: Array<{ method?: string; url?: string; headers: IncomingMessage['headers']; body: string }> = [];
let upstream: Server;
let front: Server;
let upstreamUrl: string;
let relayBase: string;
let dir: string;

async function listen(server: Server): Promise<string> {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
	upstream = createServer((request, response) => {
		let body = '';
		request.on('data', (chunk) => (body += chunk));
		request.on('end', () => {
			seen.push({ method: request.method, url: request.url, headers: request.headers, body });
			response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'upstream=1' });
			response.end(JSON.stringify({ path: request.url, key: request.headers['x-api-key'] ?? null }));
		});
	});
	upstreamUrl = await listen(upstream);
	dir = mkdtempSync(join(tmpdir(), 'autoui-api-relay-'));
	const config = join(dir, '.relay.json');
	writeFileSync(
		config,
		JSON.stringify({ apis: { pets: { url: `${upstreamUrl}/v1`, headers: { 'x-api-key': 'server-side-key' } } } })
	);
	const relay = createApiRelay(config);
	const served = await serveWeb((request, incoming) => {
		// The raw request path (dot segments included), so the relay's own check is what refuses them.
		const [, name = '', ...rest] = (incoming.url ?? '').split('?')[0].replace('/api/relay-http', '').split('/');
		return relay.handle({ request, name, path: rest.join('/'), clientAddress: incoming.socket.remoteAddress ?? '' });
	});
	front = served.server;
	relayBase = `${served.origin}/api/relay-http`;
});

afterAll(async () => {
	await Promise.all([
		new Promise((resolve) => upstream?.close(resolve)),
		new Promise((resolve) => front?.close(resolve))
	]);
	if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the relay for HTTP tools', () => {
	it('forwards path, query and body under the API base with the configured headers, without cookies', async () => {
		const response = await fetch(`${relayBase}/pets/pets/a%2Fb?limit=2`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', cookie: 'session=secret' },
			body: '{"name":"Rex"}'
		});
		expect(response.status).toBe(200);
		expect(response.headers.get('set-cookie')).toBeNull();
		expect(await response.json()).toEqual({ path: '/v1/pets/a%2Fb?limit=2', key: 'server-side-key' });
		const last = seen.at(-1)!;
		expect(last).toMatchObject({ method: 'POST', body: '{"name":"Rex"}' });
		expect(last.headers.cookie).toBeUndefined();
	});

	it('refuses paths that leave the base, unknown names and pages of other sites', async () => {
		// Sent as is (fetch would normalise the dot segment away before sending).
		const status = await new Promise<number>((resolve, reject) => {
			const url = new URL(relayBase);
			request({ host: url.hostname, port: url.port, path: '/api/relay-http/pets/%2e%2e/admin' }, (response) => {
				response.resume();
				resolve(response.statusCode ?? 0);
			})
				.on('error', reject)
				.end();
		});
		expect(status).toBe(400);
		expect(
			relayTarget({ kind: 'api', name: 'x', url: 'https://api.example.com/v1', headers: {} }, '../admin', '')
		).toMatch(/segment/);
		expect((await fetch(`${relayBase}/nothing/x`)).status).toBe(404);
		expect((await fetch(`${relayBase}/pets/x`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
	});

	it('refuses a cross-site GET (no Origin, Sec-Fetch-Site: cross-site) before the secret header goes out', async () => {
		const before = seen.length;
		for (const site of ['cross-site', 'same-site', 'none']) {
			const response = await fetch(`${relayBase}/pets/pets`, { headers: { 'sec-fetch-site': site } });
			expect(response.status).toBe(403);
			expect((await response.json()).error).toBe("The relay only serves this app's own pages.");
		}
		expect(seen.length).toBe(before);
		const same = await fetch(`${relayBase}/pets/pets`, { headers: { 'sec-fetch-site': 'same-origin' } });
		expect(await same.json()).toEqual({ path: '/v1/pets', key: 'server-side-key' });
	});

	it('is what an HTTP tool set calls when it uses the relay', async () => {
		const set = parseToolSet({
			name: 'pets',
			base_url: 'https://no-cors.example.com/v1',
			tools: [
				{
					name: 'get_pet',
					input_schema: { type: 'object', properties: { id: { type: 'string' } } },
					http: { url: '/pets/{id}' }
				}
			]
		});
		const server = new HttpToolServer({ name: 'pets', set, baseUrl: `${relayBase}/pets` });
		const result = await server.callTool('get_pet', { id: '7' });
		expect(result.structuredContent).toEqual({ path: '/v1/pets/7', key: 'server-side-key' });
	});

	it('reads "apis" from the relay config, beside "servers"', () => {
		const upstreams = parseRelayConfig(
			JSON.stringify({
				servers: { a: { url: 'https://a.example/mcp' } },
				apis: { b: { url: 'https://b.example/api/' } }
			})
		);
		expect(upstreams.get('b')).toEqual({ kind: 'api', name: 'b', url: 'https://b.example/api', headers: {} });
		expect(() =>
			parseRelayConfig(
				JSON.stringify({ servers: { a: { url: 'https://a.example' } }, apis: { a: { url: 'https://b.example' } } })
			)
		).toThrow(/already used by a server/);
	});
});
