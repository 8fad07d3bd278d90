/**
 * Streamable HTTP for the datasets server, as one `Request → Response` function that both
 * the SvelteKit endpoint and the standalone Node server call. Sessions are stateful (the
 * SDK's web-standard transport issues `Mcp-Session-Id`), so a client keeps its GET stream
 * and cancellations; live sessions are capped (the least recently used one is closed to make
 * room) and closed after an idle period. Unknown sessions answer 404 so clients start over.
 */
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
	/** Live sessions at most (default 32). */
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
	const maxSessions = options.maxSessions ?? 32;
	const idleMs = options.idleMs ?? 30 * 60_000;
	const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
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

	async function makeRoom(): Promise<void> {
		sweep();
		while (sessions.size >= maxSessions) {
			let oldest: [string, Session] | undefined;
			for (const entry of sessions) if (!oldest || entry[1].lastSeen < oldest[1].lastSeen) oldest = entry;
			if (!oldest) return;
			await closeSession(oldest[0]);
		}
	}

	async function start(request: Request): Promise<Response> {
		const declared = Number(request.headers.get('content-length') ?? 0);
		if (declared > maxBodyBytes) return jsonRpcError(413, -32600, `Request body larger than ${maxBodyBytes} bytes.`);
		const body = await request.text();
		if (body.length > maxBodyBytes) return jsonRpcError(413, -32600, `Request body larger than ${maxBodyBytes} bytes.`);
		let parsed: unknown;
		try {
			parsed = JSON.parse(body);
		} catch {
			return jsonRpcError(400, -32700, 'Parse error: the body is not JSON.');
		}
		const messages = Array.isArray(parsed) ? parsed : [parsed];
		if (!messages.some((message) => isInitializeRequest(message))) {
			return jsonRpcError(400, -32000, 'Bad Request: send initialize first, or the Mcp-Session-Id header of a live session.');
		}
		await makeRoom();
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
			if (options.sameOriginOnly && isCrossOrigin(request)) {
				return jsonRpcError(403, -32000, 'Forbidden: cross-origin requests are not accepted here.');
			}
			const id = request.headers.get('mcp-session-id');
			if (id) {
				const session = sessions.get(id);
				if (!session) return jsonRpcError(404, -32001, 'Session not found: initialize a new session.');
				session.lastSeen = Date.now();
				return session.transport.handleRequest(request);
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
