/**
 * Two instances behind a round-robin balancer: a session opened on one is served by the other
 * (no sticky sessions), ended ids still answer 404, and draining ends GET streams.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetEngine } from './engine';
import { createDatasetsHttpHandler, type DatasetsHttpHandler } from './http';
import { startStandaloneDatasetsServer, type StandaloneDatasetsServer } from './standalone';

let engine: DatasetEngine;
let servers: StandaloneDatasetsServer[];

beforeAll(async () => {
	engine = await DatasetEngine.create({ queryTimeoutMs: 5_000 });
	servers = await Promise.all([0, 1].map(() => startStandaloneDatasetsServer({ port: 0, engine: async () => engine })));
});

afterAll(async () => {
	await Promise.all(servers.map((server) => server.close()));
	engine.close();
});

/** A fetch that sends each request to the next instance in turn, as nginx's round robin does. */
function roundRobin(): { fetch: typeof fetch; hits: number[] } {
	const hits = [0, 0];
	let next = 0;
	const balanced: typeof fetch = (input, init) => {
		const index = next++ % servers.length;
		hits[index]++;
		const url = new URL(input instanceof Request ? input.url : String(input));
		url.port = String(servers[index].port);
		return fetch(url, init);
	};
	return { fetch: balanced, hits };
}

const rpc = (body: unknown, session?: string) =>
	new Request('http://127.0.0.1/mcp', {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			accept: 'application/json, text/event-stream',
			...(session ? { 'mcp-session-id': session } : {})
		},
		body: JSON.stringify(body)
	});
const initialize = {
	jsonrpc: '2.0',
	id: 1,
	method: 'initialize',
	params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }
};
const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list' };

describe('two instances, no sticky sessions', () => {
	it('serves every request of one SDK client whichever instance it reaches', async () => {
		const balancer = roundRobin();
		const client = new Client({ name: 'balanced', version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(new URL(servers[0].url), { fetch: balancer.fetch }));
		try {
			for (let index = 0; index < 6; index++) {
				const result = (await client.callTool({
					name: 'query_sql',
					arguments: { sql: `SELECT ${index} AS n` }
				})) as CallToolResult;
				expect(result.isError).toBeFalsy();
				const part = result.content[0];
				expect(JSON.parse(part.type === 'text' ? part.text : '{}').rows).toEqual([{ n: index }]);
			}
			expect(Math.min(...balancer.hits)).toBeGreaterThanOrEqual(3);
		} finally {
			await client.close();
		}
	});

	it('takes up an id issued elsewhere once, and answers 404 for ids it ended or never issued', async () => {
		const [first, second]: DatasetsHttpHandler[] = [0, 1].map(() =>
			createDatasetsHttpHandler({ engine: async () => engine })
		);
		try {
			const opened = await first.handle(rpc(initialize));
			const id = opened.headers.get('mcp-session-id')!;
			await opened.text();
			const [a, b] = await Promise.all([
				second.handle(rpc(listTools, id)),
				second.handle(rpc({ ...listTools, id: 3 }, id))
			]);
			expect([a.status, b.status]).toEqual([200, 200]);
			expect(await a.text()).toContain('query_sql');
			await b.text();
			expect(second.status()).toMatchObject({ engine: 'ready', sessions: 1, adopted: 1 });

			const ended = await second.handle(
				new Request('http://127.0.0.1/mcp', { method: 'DELETE', headers: { 'mcp-session-id': id } })
			);
			expect(ended.status).toBe(200);
			expect((await second.handle(rpc(listTools, id))).status).toBe(404);
			expect((await first.handle(rpc(listTools, 'not-an-issued-id'))).status).toBe(404);
		} finally {
			await Promise.all([first.close(), second.close()]);
		}
	});

	it('ends GET streams when draining and refuses new ones, while POSTs are still served', async () => {
		const handler = createDatasetsHttpHandler({ engine: async () => engine });
		try {
			const opened = await handler.handle(rpc(initialize));
			const id = opened.headers.get('mcp-session-id')!;
			await opened.text();
			const stream = await handler.handle(
				new Request('http://127.0.0.1/mcp', {
					method: 'GET',
					headers: { accept: 'text/event-stream', 'mcp-session-id': id }
				})
			);
			expect(stream.status).toBe(200);
			const body = stream.text();
			handler.drain();
			await body;
			expect(handler.status().draining).toBe(true);
			const again = await handler.handle(
				new Request('http://127.0.0.1/mcp', {
					method: 'GET',
					headers: { accept: 'text/event-stream', 'mcp-session-id': id }
				})
			);
			expect(again.status).toBe(405);
			expect((await handler.handle(rpc(listTools, id))).status).toBe(200);
		} finally {
			await handler.close();
		}
	});
});
