import { describe, expect, it } from 'vitest';
import { DELETE, GET, POST } from './+server';

type Handler = typeof POST;
const url = 'http://127.0.0.1:4173/mcp/datasets';
const protocolVersion = '2025-06-18';

/** Calls a route handler the way SvelteKit does, with a real Request from `address` (a function: it may throw). */
function invoke(handler: Handler, request: Request, address: string | (() => string) = '127.0.0.1'): Promise<Response> {
	const getClientAddress = typeof address === 'string' ? () => address : address;
	return Promise.resolve(handler({ request, getClientAddress } as Parameters<Handler>[0]));
}

function rpc(body: unknown, session?: string, extra: Record<string, string> = {}): Request {
	const headers: Record<string, string> = {
		'content-type': 'application/json',
		accept: 'application/json, text/event-stream',
		host: '127.0.0.1:4173',
		...extra
	};
	if (session) Object.assign(headers, { 'mcp-session-id': session, 'mcp-protocol-version': protocolVersion });
	return new Request(url, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** The JSON-RPC message of a response, whether sent as JSON or as one SSE event. */
async function message(response: Response): Promise<any> {
	const text = await response.text();
	if (response.headers.get('content-type')?.includes('text/event-stream')) {
		const data = text.split('\n').find((line) => line.startsWith('data: '));
		return JSON.parse(data!.slice(6));
	}
	return JSON.parse(text);
}

const initialize = {
	jsonrpc: '2.0',
	id: 1,
	method: 'initialize',
	params: { protocolVersion, capabilities: {}, clientInfo: { name: 'endpoint-test', version: '1.0.0' } }
};

describe('/mcp/datasets endpoint', () => {
	it('serves initialize → tools/list → tools/call → DELETE over real Requests', async () => {
		const init = await invoke(POST, rpc(initialize));
		expect(init.status).toBe(200);
		const session = init.headers.get('mcp-session-id')!;
		expect(session).toMatch(/^[0-9a-f-]{36}$/);
		expect((await message(init)).result.serverInfo.name).toBe('datasets');

		const initialized = await invoke(POST, rpc({ jsonrpc: '2.0', method: 'notifications/initialized' }, session));
		expect(initialized.status).toBe(202);

		const list = await message(await invoke(POST, rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, session)));
		expect(list.result.tools.map((tool: { name: string }) => tool.name)).toContain('query_sql');

		const call = await message(
			await invoke(
				POST,
				rpc(
					{
						jsonrpc: '2.0',
						id: 3,
						method: 'tools/call',
						params: { name: 'query_sql', arguments: { sql: 'SELECT count(*) AS n FROM penguins' } }
					},
					session
				)
			)
		);
		expect(call.result.isError).toBeFalsy();
		expect(JSON.parse(call.result.content[0].text).rows).toEqual([{ n: 344 }]);

		const ended = await invoke(
			DELETE,
			new Request(url, {
				method: 'DELETE',
				headers: { 'mcp-session-id': session, 'mcp-protocol-version': protocolVersion, host: '127.0.0.1:4173' }
			})
		);
		expect(ended.status).toBe(200);
		const after = await invoke(POST, rpc({ jsonrpc: '2.0', id: 4, method: 'tools/list' }, session));
		expect(after.status).toBe(404);
	});

	it('asks for initialize first when a request has no session', async () => {
		const response = await invoke(POST, rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
		expect(response.status).toBe(400);
		expect((await message(response)).error.message).toMatch(/initialize/);
		const stream = await invoke(
			GET,
			new Request(url, { headers: { accept: 'text/event-stream', host: '127.0.0.1:4173' } })
		);
		expect(stream.status).toBe(400);
	});

	it('refuses browser requests from another origin', async () => {
		const response = await invoke(POST, rpc(initialize, undefined, { origin: 'https://evil.example' }));
		expect(response.status).toBe(403);
		const same = await invoke(POST, rpc(initialize, undefined, { origin: 'http://127.0.0.1:4173' }));
		expect(same.status).toBe(200);
	});

	it("counts new sessions per client address: one address's burst does not stop another's", async () => {
		// 30 at once, then one a second: sent one after another, a 429 comes after 30 or a few more.
		let accepted = 0;
		let refused: number | undefined;
		for (let index = 0; index < 100 && refused === undefined; index++) {
			const response = await invoke(POST, rpc(initialize), '192.0.2.10');
			await response.text();
			if (response.status === 200) accepted++;
			else refused = response.status;
		}
		expect(accepted).toBeGreaterThanOrEqual(30);
		expect(refused).toBe(429);
		const other = await invoke(POST, rpc(initialize), '192.0.2.11');
		expect(other.status).toBe(200);
		await other.text();
	});

	it('serves a request that did not come through the trusted proxy (no forwarded address) as one client', async () => {
		const response = await invoke(POST, rpc(initialize), () => {
			throw new Error('Address header was specified with ADDRESS_HEADER=x-forwarded-for but is absent from request');
		});
		expect(response.status).toBe(200);
		await response.text();
	});
});
