/**
 * Streamable HTTP for the datasets server, as one `Request → Response` function that both
 * the SvelteKit endpoint and the standalone Node server call. Sessions (`Mcp-Session-Id`)
 * keep a client's GET stream and cancellations on one process, but hold nothing a client
 * depends on: the tools read one shared, read-only engine. So a session is portable. An
 * instance that receives an id it never saw (the client's previous request went to another
 * instance behind a load balancer) takes the session up — it replays `initialize` for that id
 * on a new `McpServer` — instead of answering 404, and no sticky sessions are needed. Ids this
 * process ended (DELETE, eviction) still answer 404 so clients start over. Live sessions are
 * capped, per client and in all (`session-admission.ts`: a client's new session replaces its
 * own oldest, never another client's), and closed after an idle period; `drain()` ends the GET
 * streams when the process stops.
 */
import { clientKey } from '../client-address';
import { isAllowedHost, requestHost, type HostPolicy } from '../host-guard';
import { isCrossOrigin } from '../same-origin';
import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '$lib/shared';
import { getDatasetEngine, type DatasetEngine } from './engine';
import { createDatasetsMcpServer } from './server';
import { SessionAdmission, type AdmissionRefusal, type AdmissionTicket } from './session-admission';

/** Options of the HTTP handler. */
export interface DatasetsHttpOptions {
	/** The engine to serve (default: the process-wide one, created on first session). */
	engine?: () => Promise<DatasetEngine>;
	/** Live sessions at most (default 256: a session is a small object; DuckDB connections are per query). */
	maxSessions?: number;
	/** Live sessions one client (address) holds at most; its next one closes its oldest (default 32). */
	sessionsPerClient?: number;
	/**
	 * New sessions (initialize, or an id taken up) one client opens a minute at most, half of
	 * them at once (default 60); past it the client gets 429 with Retry-After.
	 */
	sessionsPerMinute?: number;
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
	 * A full server closes the least recently used session of any client if it has been idle
	 * this long (default 60 s); otherwise it takes a session of the client holding the most
	 * (when it holds more than the newcomer would), else the newcomer's own oldest, else it
	 * refuses with 503 and Retry-After.
	 */
	evictIdleMs?: number;
}

/** What the handler reports about itself (the app's `/healthz`). */
export interface DatasetsHttpStatus {
	/** `idle` until the first session starts the engine; `failed` when it could not start. */
	engine: 'idle' | 'starting' | 'ready' | 'failed';
	sessions: number;
	/** Clients (addresses, IPv6 by /64) holding those sessions. */
	clients: number;
	/** Sessions this process took up from an id another process issued. */
	adopted: number;
	draining: boolean;
	/** Queries running and waiting, once the engine runs. */
	queries?: { running: number; waiting: number };
}

/** The request handler and its session bookkeeping. */
export interface DatasetsHttpHandler {
	/**
	 * Handles GET (event stream), POST (JSON-RPC) and DELETE (end session) for one request.
	 * `clientAddress` is who sent it (the socket's peer, or the address a trusted proxy
	 * forwarded); sessions are counted per client. Absent: all such requests are one client.
	 */
	handle(request: Request, clientAddress?: string): Promise<Response>;
	/** Live sessions right now. */
	readonly sessionCount: number;
	/** Engine and session state. */
	status(): DatasetsHttpStatus;
	/**
	 * The process is stopping: ends every session's GET stream (they would hold the HTTP
	 * server open) and refuses new ones with 405; requests in flight finish.
	 */
	drain(): void;
	/** Closes every session and stops the idle sweep (the engine stays open). */
	close(): Promise<void>;
}

/** Ids the server issues (`randomUUID`); only such ids are taken up from another instance. */
const sessionIdShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A bounded set of the ids this process ended, oldest forgotten first. */
class EndedIds {
	readonly #ids = new Set<string>();
	constructor(readonly max: number) {}
	add(id: string): void {
		this.#ids.add(id);
		if (this.#ids.size > this.max) this.#ids.delete(this.#ids.values().next().value!);
	}
	has(id: string): boolean {
		return this.#ids.has(id);
	}
}

interface Session {
	transport: WebStandardStreamableHTTPServerTransport;
	server: McpServer;
	lastSeen: number;
	/** The client that opened it (its quota counts it). */
	client: string;
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
	const maxSessions = options.maxSessions ?? 256;
	const idleMs = options.idleMs ?? 30 * 60_000;
	const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
	const evictIdleMs = options.evictIdleMs ?? 60_000;
	const sessions = new Map<string, Session>();
	const perMinute = options.sessionsPerMinute ?? 60;
	const admission = new SessionAdmission(
		{ maxSessions, perClient: options.sessionsPerClient ?? 32, perMinute, evictIdleMs },
		sessions,
		(id) => void closeSession(id)
	);
	/** Sessions being taken up, so two requests of one session share one `McpServer`. */
	const adopting = new Map<string, Promise<Session | Response>>();
	const ended = new EndedIds(Math.max(1024, maxSessions * 4));
	let engineState: DatasetsHttpStatus['engine'] = 'idle';
	let started: DatasetEngine | undefined;
	let adopted = 0;
	let draining = false;

	async function engine(): Promise<DatasetEngine> {
		if (engineState !== 'ready') engineState = 'starting';
		try {
			started = await (options.engine ?? (() => getDatasetEngine()))();
			engineState = 'ready';
			return started;
		} catch (error) {
			engineState = 'failed';
			throw error;
		}
	}

	async function closeSession(id: string): Promise<void> {
		const session = sessions.get(id);
		if (!session) return;
		sessions.delete(id);
		ended.add(id);
		await session.server.close().catch(() => undefined);
	}

	function sweep(now = Date.now()): void {
		for (const [id, session] of sessions) if (now - session.lastSeen > idleMs) void closeSession(id);
	}
	const sweeper = setInterval(sweep, Math.min(idleMs, 60_000));
	sweeper.unref?.();

	/** 503 when the server is full, 429 when the client opens sessions too fast. */
	function refusal({ refused, retryAfterSeconds }: AdmissionRefusal): Response {
		const message =
			refused === 'full'
				? `The datasets server is full (${maxSessions} sessions in use). Retry in a minute.`
				: `Too many new sessions from this client (at most ${perMinute} a minute, ${admission.burst} at once). Retry in ${retryAfterSeconds} s.`;
		return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
			status: refused === 'full' ? 503 : 429,
			headers: { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds) }
		});
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

	interface Opened {
		server: McpServer;
		transport: WebStandardStreamableHTTPServerTransport;
		/** The slot admission reserved; release it once the initialize request is answered. */
		ticket: AdmissionTicket;
	}

	/** A new server and transport for `client`; the session is recorded once the transport has its id. */
	async function open(sessionId: string, client: string): Promise<Opened | Response> {
		sweep();
		const ticket = admission.admit(client);
		if ('refused' in ticket) return refusal(ticket);
		let server: McpServer;
		try {
			server = createDatasetsMcpServer(await engine());
		} catch (error) {
			ticket.release();
			return jsonRpcError(500, -32603, `The datasets engine could not start: ${errorMessage(error)}`);
		}
		const transport = new WebStandardStreamableHTTPServerTransport({
			sessionIdGenerator: () => sessionId,
			onsessioninitialized: (id) => {
				sessions.set(id, { transport, server, lastSeen: Date.now(), client });
				ticket.release();
			},
			onsessionclosed: (id) => {
				sessions.delete(id);
				ended.add(id);
			}
		});
		transport.onclose = () => {
			if (transport.sessionId) sessions.delete(transport.sessionId);
		};
		await server.connect(transport);
		return { server, transport, ticket };
	}

	async function start(request: Request, client: string): Promise<Response> {
		const read = await readBody(request);
		if ('error' in read) return read.error;
		const { parsed } = read;
		const messages = Array.isArray(parsed) ? parsed : [parsed];
		if (!messages.some((message) => isInitializeRequest(message))) {
			return jsonRpcError(
				400,
				-32000,
				'Bad Request: send initialize first, or the Mcp-Session-Id header of a live session.'
			);
		}
		const opened = await open(randomUUID(), client);
		if (opened instanceof Response) return opened;
		try {
			return await opened.transport.handleRequest(request, { parsedBody: parsed });
		} finally {
			opened.ticket.release();
		}
	}

	/**
	 * Takes up a session another instance issued: replays `initialize` (at the revision the
	 * client's header names) and `notifications/initialized` for that id on a new server.
	 */
	async function adopt(id: string, request: Request, client: string): Promise<Session | Response> {
		const opened = await open(id, client);
		if (opened instanceof Response) return opened;
		try {
			return await replayInitialize(id, request, opened);
		} finally {
			opened.ticket.release();
		}
	}

	async function replayInitialize(id: string, request: Request, opened: Opened): Promise<Session | Response> {
		const post = (body: unknown) =>
			opened.transport.handleRequest(
				new Request(request.url, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						accept: 'application/json, text/event-stream',
						'mcp-session-id': id
					},
					body: JSON.stringify(body)
				})
			);
		const protocolVersion = request.headers.get('mcp-protocol-version') ?? LATEST_PROTOCOL_VERSION;
		const initialized = await post({
			jsonrpc: '2.0',
			id: 0,
			method: 'initialize',
			params: { protocolVersion, capabilities: {}, clientInfo: { name: 'session-taken-up', version: '0' } }
		});
		await initialized.text();
		const session = sessions.get(id);
		if (!initialized.ok || !session) {
			await opened.server.close().catch(() => undefined);
			return jsonRpcError(404, -32001, 'Session not found: initialize a new session.');
		}
		await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).text();
		adopted++;
		return session;
	}

	/** The live session for `id`, taken up when another instance issued it; a Response when refused. */
	async function sessionFor(id: string, request: Request, client: string): Promise<Session | Response> {
		const live = sessions.get(id);
		if (live) return live;
		if (ended.has(id) || !sessionIdShape.test(id))
			return jsonRpcError(404, -32001, 'Session not found: initialize a new session.');
		let pending = adopting.get(id);
		if (!pending) {
			pending = adopt(id, request, client).finally(() => adopting.delete(id));
			adopting.set(id, pending);
		}
		return pending;
	}

	return {
		get sessionCount() {
			return sessions.size;
		},
		status() {
			const load = started?.queryLoad;
			return {
				engine: engineState,
				sessions: sessions.size,
				clients: admission.clientCount,
				adopted,
				draining,
				...(load ? { queries: { running: load.running, waiting: load.waiting } } : {})
			};
		},
		async handle(request, clientAddress) {
			const client = clientKey(clientAddress ?? '');
			if (options.hosts && !isAllowedHost(requestHost(request), options.hosts)) {
				return jsonRpcError(403, -32000, 'Forbidden: this server only answers under its own host names.');
			}
			if (options.sameOriginOnly && isCrossOrigin(request)) {
				return jsonRpcError(403, -32000, 'Forbidden: cross-origin requests are not accepted here.');
			}
			if (draining && request.method === 'GET') {
				return new Response(null, { status: 405, headers: { allow: 'POST, DELETE' } });
			}
			const id = request.headers.get('mcp-session-id');
			if (id) {
				if (request.method === 'DELETE' && !sessions.has(id) && !ended.has(id) && sessionIdShape.test(id)) {
					// Ended where it lives, or idle there until its sweep: nothing to close here.
					ended.add(id);
					return new Response(null, { status: 200 });
				}
				const session = await sessionFor(id, request, client);
				if (session instanceof Response) return session;
				session.lastSeen = Date.now();
				if (request.method !== 'POST') return session.transport.handleRequest(request);
				const read = await readBody(request);
				if ('error' in read) return read.error;
				return session.transport.handleRequest(request, { parsedBody: read.parsed });
			}
			if (request.method === 'POST') return start(request, client);
			if (request.method === 'GET' || request.method === 'DELETE') {
				return jsonRpcError(400, -32000, 'Bad Request: the Mcp-Session-Id header is required.');
			}
			return new Response(null, { status: 405, headers: { allow: 'GET, POST, DELETE' } });
		},
		drain() {
			draining = true;
			for (const session of sessions.values()) session.transport.closeStandaloneSSEStream();
		},
		async close() {
			clearInterval(sweeper);
			await Promise.all([...sessions.keys()].map(closeSession));
		}
	};
}
