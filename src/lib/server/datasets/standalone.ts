/**
 * The datasets MCP server on its own Node HTTP server (`npm run mcp:datasets`), for MCP
 * clients other than the app: loopback by default (`host` widens it on purpose), with CORS
 * open to any origin (the data is public and read-only, and browser-based clients live on
 * other origins). `stop()` drains: no new connections, GET streams ended, requests in flight
 * answered, then the rest closed. Sessions are counted per client: the socket's peer address,
 * or, with `ADDRESS_HEADER` (and `XFF_DEPTH`) set as for the app, the address the proxy in
 * front forwarded.
 */
import { nodeClientAddress, trustedProxyFromEnv, type TrustedProxy } from '../client-address';
import { hostPolicyFromEnv } from '../host-guard';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toWebRequest, writeWebResponse } from '../node-http';
import { createDatasetsHttpHandler, type DatasetsHttpOptions } from './http';

/** Headers that let a browser client on any origin speak Streamable HTTP to the server. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
	'access-control-allow-origin': '*',
	'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
	'access-control-allow-headers':
		'content-type, accept, authorization, mcp-session-id, mcp-protocol-version, last-event-id',
	'access-control-expose-headers': 'Mcp-Session-Id, Mcp-Protocol-Version',
	'access-control-max-age': '86400'
};

/** Adds the CORS headers to a response (answers preflight requests on its own). */
export function withCors<Rest extends unknown[]>(
	handle: (request: Request, ...rest: Rest) => Promise<Response>
): (request: Request, ...rest: Rest) => Promise<Response> {
	return async (request, ...rest) => {
		if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
		const response = await handle(request, ...rest);
		const headers = new Headers(response.headers);
		for (const [name, value] of Object.entries(CORS_HEADERS)) headers.set(name, value);
		return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
	};
}

/** A running standalone server. */
export interface StandaloneDatasetsServer {
	/** The MCP endpoint, e.g. `http://127.0.0.1:4175/mcp`. */
	url: string;
	port: number;
	/** Stops taking requests, lets those in flight finish (at most `graceMs`, default 10 s), then closes. */
	stop(graceMs?: number): Promise<void>;
	close(): Promise<void>;
}

/**
 * Starts the standalone server on 127.0.0.1 or `host` (`port` 0 picks a free one). The MCP
 * endpoint answers on `/mcp` (and `/mcp/datasets`, the app's path, for symmetry); other paths are 404.
 */
export async function startStandaloneDatasetsServer(
	options: { port?: number; host?: string; trustedProxy?: TrustedProxy } & DatasetsHttpOptions = {}
): Promise<StandaloneDatasetsServer> {
	const proxy = options.trustedProxy ?? trustedProxyFromEnv(process.env);
	const host = options.host ?? '127.0.0.1';
	// Loopback names only (plus ALLOWED_HOSTS): a DNS-rebinding page cannot reach it.
	const handler = createDatasetsHttpHandler({
		hosts: hostPolicyFromEnv({ ALLOWED_HOSTS: process.env.ALLOWED_HOSTS }),
		...options
	});
	const handle = withCors((request: Request, client: string) => handler.handle(request, client));
	const server = createServer((incoming, outgoing) => {
		void (async () => {
			try {
				const path = new URL(incoming.url ?? '/', 'http://localhost').pathname;
				if (path !== '/mcp' && path !== '/mcp/datasets') {
					outgoing.writeHead(404, { 'content-type': 'text/plain', ...CORS_HEADERS });
					outgoing.end('Not found: the MCP endpoint is /mcp');
					return;
				}
				await writeWebResponse(
					await handle(
						await toWebRequest(incoming, `http://${incoming.headers.host ?? 'localhost'}`),
						nodeClientAddress(incoming, proxy)
					),
					outgoing
				);
			} catch (error) {
				if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'text/plain', ...CORS_HEADERS });
				outgoing.end(error instanceof Error ? error.message : 'internal error');
			}
		})();
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 4175, host, () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`,
		port,
		async stop(graceMs = 10_000) {
			const closed = new Promise<void>((resolve) => server.close(() => resolve()));
			handler.drain();
			server.closeIdleConnections();
			const idle = setInterval(() => server.closeIdleConnections(), 100);
			const late = setTimeout(() => server.closeAllConnections(), graceMs);
			await closed;
			clearInterval(idle);
			clearTimeout(late);
			await handler.close();
		},
		async close() {
			await handler.close();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	};
}
