/**
 * Serves a stdio MCP server over Streamable HTTP: one child process per session, with the
 * SDK's web-standard server transport on the HTTP side and its stdio client transport on the
 * other, passing JSON-RPC messages through unchanged.
 */
import { randomUUID } from 'node:crypto';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { StdioUpstream } from './config';

interface Session {
	http: WebStandardStreamableHTTPServerTransport;
	child: StdioClientTransport;
	lastUsed: number;
}

/** Options of a bridge: limits that keep a misbehaving client from spawning without end. */
export interface BridgeLimits {
	maxSessions: number;
	idleMs: number;
}

/** All sessions of one stdio upstream. */
export class StdioBridge {
	readonly #upstream: StdioUpstream;
	readonly #limits: BridgeLimits;
	readonly #sessions = new Map<string, Session>();

	constructor(upstream: StdioUpstream, limits: BridgeLimits = { maxSessions: 8, idleMs: 10 * 60_000 }) {
		this.#upstream = upstream;
		this.#limits = limits;
	}

	/** Number of live sessions (child processes). */
	get size(): number {
		return this.#sessions.size;
	}

	/** Handles one HTTP request for this upstream. */
	async handle(request: Request): Promise<Response> {
		this.#sweep();
		const sessionId = request.headers.get('mcp-session-id');
		if (sessionId) {
			const session = this.#sessions.get(sessionId);
			if (!session) return jsonError(404, 'Session not found; initialize again.');
			session.lastUsed = Date.now();
			return session.http.handleRequest(request);
		}
		if (request.method !== 'POST') return jsonError(400, 'Missing Mcp-Session-Id header.');
		if (this.#sessions.size >= this.#limits.maxSessions)
			return jsonError(503, `The relay already runs ${this.#limits.maxSessions} sessions of "${this.#upstream.name}".`);
		return this.#open(request);
	}

	/** Ends the sessions' GET streams (the process is stopping); requests in flight finish. */
	drain(): void {
		for (const session of this.#sessions.values()) session.http.closeStandaloneSSEStream();
	}

	/** Ends every session and its process. */
	async close(): Promise<void> {
		await Promise.all([...this.#sessions.values()].map((session) => session.http.close()));
	}

	async #open(request: Request): Promise<Response> {
		const child = new StdioClientTransport({
			command: this.#upstream.command,
			args: this.#upstream.args,
			env: { ...getDefaultEnvironment(), ...this.#upstream.env },
			cwd: this.#upstream.cwd,
			stderr: 'ignore'
		});
		const progressRequests = new Map<string | number, string | number>();
		let sessionId: string | undefined;
		const http = new WebStandardStreamableHTTPServerTransport({
			sessionIdGenerator: () => randomUUID(),
			onsessioninitialized: (id) => {
				sessionId = id;
				this.#sessions.set(id, { http, child, lastUsed: Date.now() });
			}
		});
		http.onmessage = (message: JSONRPCMessage) => {
			const params =
				'params' in message
					? (message.params as { _meta?: { progressToken?: string | number } } | undefined)
					: undefined;
			if ('id' in message && 'method' in message && params?._meta?.progressToken !== undefined)
				progressRequests.set(params._meta.progressToken, message.id);
			void child.send(message).catch(() => void http.close());
		};
		child.onmessage = (message: JSONRPCMessage) => {
			let relatedRequestId: string | number | undefined;
			if ('method' in message && message.method === 'notifications/progress') {
				relatedRequestId = progressRequests.get((message.params as { progressToken: string | number }).progressToken);
			}
			if ('id' in message && !('method' in message)) {
				for (const [token, id] of progressRequests) if (id === message.id) progressRequests.delete(token);
			}
			void http.send(message, relatedRequestId === undefined ? undefined : { relatedRequestId }).catch(() => undefined);
		};
		let closed = false;
		const closeBoth = () => {
			if (closed) return;
			closed = true;
			if (sessionId) this.#sessions.delete(sessionId);
			void child.close().catch(() => undefined);
			void http.close().catch(() => undefined);
		};
		http.onclose = closeBoth;
		child.onclose = closeBoth;
		try {
			await child.start();
			await http.start();
		} catch (error) {
			closeBoth();
			return jsonError(502, `Could not start "${this.#upstream.name}": ${(error as Error).message}`);
		}
		const response = await http.handleRequest(request);
		if (!sessionId) closeBoth();
		return response;
	}

	#sweep(): void {
		const now = Date.now();
		for (const session of this.#sessions.values()) {
			if (now - session.lastUsed > this.#limits.idleMs) void session.http.close();
		}
	}
}

/** A JSON-RPC error response with an HTTP status. */
export function jsonError(status: number, message: string): Response {
	return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
		status,
		headers: { 'content-type': 'application/json' }
	});
}
