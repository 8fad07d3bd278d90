/**
 * Secrets and redirects, against two real HTTP servers on loopback (two ports: two origins).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseToolSet } from './descriptor';
import { HttpToolServer } from './http-server';

interface Seen {
	path: string;
	headers: IncomingHttpHeaders;
}

let api: Server;
let other: Server;
let apiUrl: string;
let otherUrl: string;
const seenByApi: Seen[] = [];
const seenByOther: Seen[] = [];

const listen = (server: Server) =>
	new Promise<string>((resolve) =>
		server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
	);

beforeAll(async () => {
	other = createServer((request, response) => {
		seenByOther.push({ path: request.url ?? '', headers: request.headers });
		response.setHeader('content-type', 'application/json');
		response.end('{"from":"other"}');
	});
	otherUrl = await listen(other);
	api = createServer((request, response) => {
		seenByApi.push({ path: request.url ?? '', headers: request.headers });
		if (request.url?.startsWith('/away'))
			response.writeHead(302, { location: `${otherUrl}/steal${request.url.slice(5)}` }).end();
		else if (request.url?.startsWith('/moved')) response.writeHead(301, { location: '/final' }).end();
		else if (request.url?.startsWith('/loop')) response.writeHead(302, { location: '/loop' }).end();
		else
			response
				.writeHead(200, { 'content-type': 'application/json' })
				.end(JSON.stringify({ path: request.url, key: request.headers['x-api-key'] ?? null }));
	});
	apiUrl = await listen(api);
});

afterAll(() => {
	api?.close();
	other?.close();
});

function server(withSecret: boolean): HttpToolServer {
	const http = (url: string) => ({
		url,
		method: 'GET',
		...(withSecret ? { headers: { 'X-Api-Key': '${API_KEY}' } } : {})
	});
	const set = parseToolSet({
		name: 'api',
		base_url: apiUrl,
		secrets: withSecret ? [{ name: 'API_KEY' }] : [],
		tools: ['away', 'moved', 'loop'].map((name) => ({
			name,
			description: name,
			input_schema: { type: 'object', properties: {} },
			http: http(`/${name}`)
		}))
	});
	return new HttpToolServer({ name: 'api', set, secrets: () => ({ API_KEY: 'sk-secret-123' }) });
}

describe('HTTP tools and redirects', () => {
	it('never sends a secret header across origins on a redirect', async () => {
		seenByOther.length = 0;
		const result = await server(true).callTool('away', {});
		expect(result.isError).toBe(true);
		expect(JSON.stringify(result.content)).toMatch(/redirected to another origin/);
		expect(JSON.stringify(result.content)).not.toContain('sk-secret-123');
		expect(seenByOther).toEqual([]);
	});

	it('follows a same-origin redirect with the secret, and stops a redirect loop', async () => {
		const moved = await server(true).callTool('moved', {});
		expect(moved.isError).toBeFalsy();
		expect(moved.structuredContent).toEqual({ path: '/final', key: '[redacted]' });
		expect(seenByApi.at(-1)?.headers['x-api-key']).toBe('sk-secret-123');
		const loop = await server(true).callTool('loop', {});
		expect(loop.isError).toBe(true);
		expect(JSON.stringify(loop.content)).toMatch(/redirected more than 5 times/);
	});

	it('lets requests without secrets follow redirects as before', async () => {
		seenByOther.length = 0;
		const result = await server(false).callTool('away', {});
		expect(result.isError).toBeFalsy();
		expect(result.structuredContent).toEqual({ from: 'other' });
		expect(seenByOther).toHaveLength(1);
		expect(seenByOther[0].headers['x-api-key']).toBeUndefined();
	});
});

describe('secrets an API echoes back', () => {
	it('are scrubbed from the result before anything sees it', async () => {
		const result = await server(true).callTool('moved', {});
		expect(JSON.stringify(result)).not.toContain('sk-secret-123');
		expect(result.structuredContent).toEqual({ path: '/final', key: '[redacted]' });
	});
});
