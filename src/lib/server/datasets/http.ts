/**
 * Streamable HTTP for the datasets server, as one `Request → Response` function that both
 * the SvelteKit endpoint and the standalone Node server call. Sessions are stateful (the
 * SDK's web-standard transport issues `Mcp-Session-Id`), so a client keeps its GET stream
 * and cancellations; live sessions are capped (the least recently used one is closed to make
 * room) and closed after an idle period. Unknown sessions answer 404 so clients start over.
 */
import { isAllowedHost, requestHost, type HostPolicy } from '../host-guard';
import { isCrossOrigin } from '../same-origin';
import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '$lib/shared';
import { getDatasetEngine, type DatasetEngine } from './engine';
import { createDatasetsMcpServer } from './server';

/** Options of the HTTP handler. */
export interface DatasetsHttpOptions {
	/** The engine to serve (default: the process-wide one, created on first session). */
	engine?: () => Promise<DatasetEngine>;
	/** Live sessions at most (default 256: a session is a small object; DuckDB connections are per query). */
	maxSessions?: number;
	/** A session unused for this long is closed (default 30 minutes). */
	idleMs?: number;
	/**
	 * Refuse browser requests whose `Origin` is not the request's own host (default false).
	 * The app's endpoint sets it: only its own page may call it from a browser.
	 */
	sameOriginOnly?: boolean;
	/** Largest POST body accepted, in bytes (default 1 MiB). */
	maxBodyBytes?: number;
	/**
	 * Only requests sent to these host names (plus loopback) are served: a DNS-rebinding page
	 * cannot open sessions. Absent: any host (for tests that call the handler directly).
	 */
	hosts?: HostPolicy;
	/**
	 * A full server closes the least recently used session only if it has been idle this
	 * long (default 60 s); otherwise the new client is refused with 503 and Retry-After, so
	 * one client's churn never evicts another client's active session.
	 */
	evictIdleMs?: number;
}

/** The request handler and its session bookkeeping. */
export interface DatasetsHttpHandler {
	/** Handles GET (event stream), POST (JSON-RPC) and DELETE (end session) for one request. */
	handle(request: Request): Promise<Response>;
	/** Live sessions right now. */
	readonly sessionCount: number;
	/** Closes every session and stops the idle sweep (the engine stays open). */
	close(): Promise<void>;
}

interface Session {
	transport: WebStandardStreamableHTTPServerTransport;
	server: McpServer;
	lastSeen: number;
}

/** A JSON-RPC error response with no request id (transport-level failures). */
function jsonRpcError(status: number, code: number, message: string): Response {
	return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
		status,
		headers: { 'content-type': 'application/json' }
	});
}

/** Creates the handler. Call `close()` when the hosting server stops. */
export function createDatasetsHttpHandler(options: DatasetsHttpOptions = {}): DatasetsHttpHandler {
	const engine = options.engine ?? (() => getDatasetEngine());
	const maxSessions = options.maxSessions ?? 256;
	const idleMs = options.idleMs ?? 30 * 60_000;
	const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
	const evictIdleMs = options.evictIdleMs ?? 60_000;
	const sessions = new Map<string, Session>();

	async function closeSession(id: string): Promise<void> {
		const session = sessions.get(id);
		if (!session) return;
		sessions.delete(id);
		await session.server.close().catch(() => undefined);
	}

	function sweep(now = Date.now()): void {
		for (const [id, session] of sessions) if (now - session.lastSeen > idleMs) void closeSession(id);
	}
	const sweeper = setInterval(sweep, Math.min(idleMs, 60_000));
	sweeper.unref?.();

	/** Makes room for a new session; false when every session is in active use. */
	async function makeRoom(): Promise<boolean> {
		sweep();
		while (sessions.size >= maxSessions) {
			let oldest: [string, Session] | undefined;
			for (const entry of sessions) if (!oldest || entry[1].lastSeen < oldest[1].lastSeen) oldest = entry;
			if (!oldest || Date.now() - oldest[1].lastSeen < evictIdleMs) return false;
			await closeSession(oldest[0]);
		}
		return true;
	}

	/** Reads a JSON-RPC body up to the size limit: 413 past it, 400 when it is not JSON. */
	async function readBody(request: Request): Promise<{ parsed: unknown } | { error: Response }> {
		const tooLarge = () => ({ error: jsonRpcError(413, -32600, `Request body larger than ${maxBodyBytes} bytes.`) });
		const declared = Number(request.headers.get('content-length') ?? 0);
		if (declared > maxBodyBytes) return tooLarge();
		const body = await request.text();
		if (new TextEncoder().encode(body).length > maxBodyBytes) return tooLarge();
		try {
			return { parsed: JSON.parse(body) };
		} catch {
			return { error: jsonRpcError(400, -32700, 'Parse error: the body is not JSON.') };
		}
	}

	async function start(request: Request): Promise<Response> {
		const read = await readBody(request);
		if ('error' in read) return read.error;
		const { parsed } = read;
		const messages = Array.isArray(parsed) ? parsed : [parsed];
		if (!messages.some((message) => isInitializeRequest(message))) {
			return jsonRpcError(400, -32000, 'Bad Request: send initialize first, or the Mcp-Session-Id header of a live session.');
		}
		if (!(await makeRoom())) {
			return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: `The datasets server is full (${maxSessions} sessions in use). Retry in a minute.` }, id: null }), {
				status: 503,
				headers: { 'content-type': 'application/json', 'retry-after': String(Math.ceil(evictIdleMs / 1000)) }
			});
		}
		let server: McpServer;
		try {
			server = createDatasetsMcpServer(await engine());
		} catch (error) {
			return jsonRpcError(500, -32603, `The datasets engine could not start: ${errorMessage(error)}`);
		}
		const transport = new WebStandardStreamableHTTPServerTransport({
			sessionIdGenerator: () => randomUUID(),
			onsessioninitialized: (id) => {
				sessions.set(id, { transport, server, lastSeen: Date.now() });
			},
			onsessionclosed: (id) => {
				sessions.delete(id);
			}
		});
		transport.onclose = () => {
			if (transport.sessionId) sessions.delete(transport.sessionId);
		};
		await server.connect(transport);
		return transport.handleRequest(request, { parsedBody: parsed });
	}

	return {
		get sessionCount() {
			return sessions.size;
		},
		async handle(request) {
			if (options.hosts && !isAllowedHost(requestHost(request), options.hosts)) {
				return jsonRpcError(403, -32000, 'Forbidden: this server only answers under its own host names.');
			}
			if (options.sameOriginOnly && isCrossOrigin(request)) {
				return jsonRpcError(403, -32000, 'Forbidden: cross-origin requests are not accepted here.');
			}
			const id = request.headers.get('mcp-session-id');
			if (id) {
				const session = sessions.get(id);
				if (!session) return jsonRpcError(404, -32001, 'Session not found: initialize a new session.');
				session.lastSeen = Date.now();
				if (request.method !== 'POST') return session.transport.handleRequest(request);
				const read = await readBody(request);
				if ('error' in read) return read.error;
				return session.transport.handleRequest(request, { parsedBody: read.parsed });
			}
			if (request.method === 'POST') return start(request);
			if (request.method === 'GET' || request.method === 'DELETE') {
				return jsonRpcError(400, -32000, 'Bad Request: the Mcp-Session-Id header is required.');
			}
			return new Response(null, { status: 405, headers: { allow: 'GET, POST, DELETE' } });
		},
		async close() {
			clearInterval(sweeper);
			await Promise.all([...sessions.keys()].map(closeSession));
		}
	};
}
