import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetEngine } from './engine';
import { createDatasetsHttpHandler } from './http';
import { startStandaloneDatasetsServer, type StandaloneDatasetsServer } from './standalone';

let engine: DatasetEngine;
let standalone: StandaloneDatasetsServer;

beforeAll(async () => {
	engine = await DatasetEngine.create({ queryTimeoutMs: 5_000 });
	standalone = await startStandaloneDatasetsServer({ port: 0, engine: async () => engine });
});

afterAll(async () => {
	await standalone.close();
	engine.close();
});

async function connect(url: string): Promise<Client> {
	const client = new Client({ name: 'http-test', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url)));
	return client;
}

const initialize = JSON.stringify({
	jsonrpc: '2.0',
	id: 1,
	method: 'initialize',
	params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }
});

/** A JSON-RPC POST to the handler, in the session `sessionId` when given. */
function mcpRequest(body: string, sessionId?: string): Request {
	return new Request('http://127.0.0.1/mcp', {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			accept: 'application/json, text/event-stream',
			...(sessionId ? { 'mcp-session-id': sessionId } : {})
		},
		body
	});
}

function initRequest(): Request {
	return mcpRequest(initialize);
}

/** Initializes a session on `handler` (from `address`) and returns its id (the answer is read to the end). */
async function openSession(
	handler: { handle(request: Request, address?: string): Promise<Response> },
	address?: string
): Promise<string> {
	const response = await handler.handle(initRequest(), address);
	await response.text();
	return response.headers.get('mcp-session-id')!;
}

describe('standalone datasets server', () => {
	it('listens on loopback and answers a real SDK client over Streamable HTTP', async () => {
		expect(standalone.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
		const client = await connect(standalone.url);
		try {
			const result = (await client.callTool({
				name: 'query_sql',
				arguments: {
					sql: 'SELECT origin, count(*) AS flights FROM flights_3m GROUP BY origin ORDER BY flights DESC LIMIT 3'
				}
			})) as CallToolResult;
			const part = result.content[0];
			const body = JSON.parse(part.type === 'text' ? part.text : '{}');
			expect(body.rows[0]).toEqual({ origin: 'ORD', flights: 166341 });
			const recipes = (await client.callTool({ name: 'list_recipes', arguments: {} })) as CallToolResult;
			expect(recipes.isError).toBeFalsy();
		} finally {
			await client.close();
		}
	});

	it('sends CORS headers, answers preflight and exposes the session header', async () => {
		const preflight = await fetch(standalone.url, {
			method: 'OPTIONS',
			headers: {
				origin: 'http://localhost:5173',
				'access-control-request-method': 'POST',
				'access-control-request-headers': 'mcp-session-id'
			}
		});
		expect(preflight.status).toBe(204);
		expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
		expect(preflight.headers.get('access-control-allow-headers')).toContain('mcp-session-id');
		expect(preflight.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
		expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
		const init = await fetch(standalone.url, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				accept: 'application/json, text/event-stream',
				origin: 'http://localhost:5173'
			},
			body: initialize
		});
		expect(init.status).toBe(200);
		expect(init.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id');
		expect(init.headers.get('mcp-session-id')).toBeTruthy();
		await init.body?.cancel();
	});

	it('answers 404 on other paths', async () => {
		const response = await fetch(standalone.url.replace(/\/mcp$/, '/other'));
		expect(response.status).toBe(404);
	});
});

describe('session bookkeeping', () => {
	it('caps live sessions by closing the least recently used one once it is idle', async () => {
		const handler = createDatasetsHttpHandler({ engine: async () => engine, maxSessions: 2, evictIdleMs: 0 });
		try {
			const ids: string[] = [];
			for (let index = 0; index < 3; index++) {
				ids.push(await openSession(handler));
			}
			expect(handler.sessionCount).toBe(2);
			const evicted = await handler.handle(
				mcpRequest(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), ids[0])
			);
			expect(evicted.status).toBe(404);
		} finally {
			await handler.close();
		}
		expect(handler.sessionCount).toBe(0);
	});

	it('closes sessions that stay idle', async () => {
		const handler = createDatasetsHttpHandler({ engine: async () => engine, idleMs: 50 });
		try {
			await (await handler.handle(initRequest())).text();
			expect(handler.sessionCount).toBe(1);
			await new Promise((resolve) => setTimeout(resolve, 250));
			expect(handler.sessionCount).toBe(0);
		} finally {
			await handler.close();
		}
	});

	it('answers a JSON-RPC error when the engine cannot start', async () => {
		const handler = createDatasetsHttpHandler({
			engine: async () => {
				throw new Error('no DuckDB here');
			}
		});
		try {
			const response = await handler.handle(initRequest());
			expect(response.status).toBe(500);
			const body = await response.json();
			expect(body.error.message).toBe('The datasets engine could not start: no DuckDB here');
			expect(handler.sessionCount).toBe(0);
		} finally {
			await handler.close();
		}
	});

	it('rejects a body over the size limit before parsing it', async () => {
		const handler = createDatasetsHttpHandler({ engine: async () => engine, maxBodyBytes: 100 });
		try {
			const response = await handler.handle(initRequest());
			expect(response.status).toBe(413);
		} finally {
			await handler.close();
		}
	});

	it("never evicts another client's active session for one client's churn: its own oldest goes", async () => {
		const handler = createDatasetsHttpHandler({ engine: async () => engine, maxSessions: 4, sessionsPerMinute: 600 });
		const listTools = (id: string) =>
			handler.handle(mcpRequest(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), id), '10.0.0.2');
		try {
			const mine = await openSession(handler, '10.0.0.2');
			const churn: string[] = [];
			for (let index = 0; index < 40; index++) churn.push(await openSession(handler, '10.0.0.1'));
			expect(churn.every(Boolean)).toBe(true);
			expect(handler.sessionCount).toBe(4);
			const still = await listTools(mine);
			expect(still.status).toBe(200);
			expect(await still.text()).toContain('query_sql');
			// The churning client keeps its three newest sessions.
			expect((await listTools(churn[36])).status).toBe(404);
			expect((await listTools(churn[39])).status).toBe(200);
		} finally {
			await handler.close();
		}
	});

	it('tells a newcomer to retry when every client holds one active session (really full)', async () => {
		const handler = createDatasetsHttpHandler({ engine: async () => engine, maxSessions: 3 });
		try {
			for (const address of ['10.0.1.1', '10.0.1.2', '10.0.1.3']) await openSession(handler, address);
			const response = await handler.handle(initRequest(), '10.0.1.4');
			expect(response.status).toBe(503);
			expect(response.headers.get('retry-after')).toBe('60');
			expect((await response.json()).error.message).toMatch(/full \(3 sessions in use\)\. Retry/);
		} finally {
			await handler.close();
		}
	});

	it('answers 413 (not a JSON parse error) to an oversized body on a live session', async () => {
		const handler = createDatasetsHttpHandler({ engine: async () => engine, maxBodyBytes: 10_000 });
		try {
			const id = await openSession(handler);
			const big = await handler.handle(
				mcpRequest(
					JSON.stringify({
						jsonrpc: '2.0',
						id: 3,
						method: 'tools/call',
						params: { name: 'query_sql', arguments: { sql: `SELECT '${'x'.repeat(20_000)}'` } }
					}),
					id
				)
			);
			expect(big.status).toBe(413);
			expect((await big.json()).error).toMatchObject({
				code: -32600,
				message: 'Request body larger than 10000 bytes.'
			});
		} finally {
			await handler.close();
		}
	});

	it('refuses requests sent under another host name (DNS rebinding)', async () => {
		const handler = createDatasetsHttpHandler({ engine: async () => engine, hosts: { extra: [] } });
		try {
			const rebinding = new Request('http://evil.example:4173/mcp', {
				method: 'POST',
				headers: {
					host: 'evil.example:4173',
					'content-type': 'application/json',
					accept: 'application/json, text/event-stream'
				},
				body: initialize
			});
			expect((await handler.handle(rebinding)).status).toBe(403);
			expect(handler.sessionCount).toBe(0);
			expect((await handler.handle(initRequest())).status).toBe(200);
		} finally {
			await handler.close();
		}
	});
});
