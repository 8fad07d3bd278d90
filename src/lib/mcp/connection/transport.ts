/**
 * Opens an SDK client over the right transport, at the protocol revision chosen for the
 * server (`protocol-revision.ts`). `auto` transport follows the specification's
 * backwards-compatibility rule: POST first (Streamable HTTP); when that fails with an HTTP
 * 4xx other than 401, open a GET event stream instead (legacy HTTP+SSE).
 */
import type {
	Client,
	OAuthClientProvider,
	StreamableHTTPClientTransport,
	Transport
} from '@modelcontextprotocol/client';
import { AutoUiError, errorMessage, sleep } from '$lib/shared';
import { capabilitiesFor, installHandlers, type ActiveCall, type ClientHandlers } from './client-handlers';
import { httpStatusOf, isEraNegotiationFailure, isNetworkError, isUnauthorized } from './errors';
import { tapTransport, type WireListener } from './protocol-tap';
import { installTaskReceiver } from './task-receiver';
import { legacyRevision, modernRevision, versionNegotiationFor, type ProtocolChoice } from './protocol-revision';
import { loadSdk } from './sdk-loader';
import { clientVersion } from './version';

/** Which transport to use; `auto` tries Streamable HTTP first, then the legacy SSE one. */
export type TransportChoice = 'auto' | 'streamable-http' | 'sse';

/** The transport a live connection actually uses. */
export type TransportKind = 'streamable-http' | 'sse';

/** An OAuth provider, or a function that loads it when the first transport is made. */
export type AuthProviderOption = OAuthClientProvider | (() => Promise<OAuthClientProvider>);

/** What is needed to open a client. */
export interface OpenOptions {
	url: string;
	transport: TransportChoice;
	/** Which protocol revision to speak (default `auto`). */
	protocol?: ProtocolChoice;
	/**
	 * The server was found to speak only 2025-11-25 earlier in this connection's life: an
	 * `auto` reconnect goes straight to `initialize` without probing again.
	 */
	knownLegacy?: boolean;
	headers?: Record<string, string>;
	/** The provider, or how to load it (its code loads with the first transport that needs it). */
	authProvider?: AuthProviderOption;
	/** Called for notifications/tools/list_changed. */
	onToolsChanged?: () => void;
	/** Answers the server's requests; decides the client capabilities advertised. */
	handlers?: ClientHandlers;
	/** The tool calls in progress, handed to the handlers with each request. */
	activeCalls?: () => readonly ActiveCall[];
	/** Sees every JSON-RPC message in and out (the protocol log). */
	onWireMessage?: WireListener;
	/** Receives transport-level errors the SDK reports outside any request. */
	onTransportError?: (error: Error) => void;
	/** Called when the transport closes on its own (not via our close). */
	onTransportClose?: () => void;
	/** Bounds the whole handshake. */
	timeoutMs?: number;
	signal?: AbortSignal;
}

/** An initialised client and the transport it ended up on. */
export interface OpenClient {
	client: Client;
	transport: Transport;
	kind: TransportKind;
}

/** What `createClient` needs besides the protocol choice. */
export interface ClientSetup {
	onToolsChanged?: () => void;
	handlers?: ClientHandlers;
	activeCalls?: () => readonly ActiveCall[];
	/** Bounds the 2026-07-28 `server/discover` probe (default: the connect timeout). */
	probeTimeoutMs?: number;
}

/** Creates an SDK client configured for this app (name, version, CSP-safe validator, protocol revision). */
export async function createClient(protocol: ProtocolChoice = 'auto', setup: ClientSetup = {}): Promise<Client> {
	const { Client, CfWorkerJsonSchemaValidator, bindTaskReceiver } = await loadSdk();
	const { onToolsChanged, handlers, activeCalls } = setup;
	const client = new Client(
		{ name: 'autoui', version: clientVersion },
		{
			capabilities: capabilitiesFor(handlers),
			jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
			versionNegotiation: versionNegotiationFor(protocol, setup.probeTimeoutMs),
			listChanged: onToolsChanged
				? { tools: { autoRefresh: false, debounceMs: 100, onChanged: () => onToolsChanged() } }
				: undefined
		}
	);
	installHandlers(client, handlers, activeCalls);
	installTaskReceiver(client, handlers, activeCalls ?? (() => []), bindTaskReceiver);
	return client;
}

async function makeTransport(kind: TransportKind, options: OpenOptions, sessionId?: string): Promise<Transport> {
	const { StreamableHTTPClientTransport, SSEClientTransport } = await loadSdk();
	const authProvider = typeof options.authProvider === 'function' ? await options.authProvider() : options.authProvider;
	const url = new URL(options.url);
	const requestInit: RequestInit | undefined =
		options.headers && Object.keys(options.headers).length ? { headers: { ...options.headers } } : undefined;
	if (kind === 'streamable-http') {
		return new StreamableHTTPClientTransport(url, {
			requestInit,
			...(sessionId ? { sessionId } : {}),
			authProvider,
			reconnectionOptions: {
				initialReconnectionDelay: 500,
				maxReconnectionDelay: 4000,
				reconnectionDelayGrowFactor: 2,
				maxRetries: 2
			}
		});
	}
	// requestInit headers reach the legacy transport's GET stream as well as its POSTs.
	return new SSEClientTransport(url, { requestInit, authProvider });
}

async function connectOnce(kind: TransportKind, options: OpenOptions): Promise<OpenClient> {
	const timeoutMs = options.timeoutMs ?? 15_000;
	const protocol = options.protocol ?? 'auto';
	const client = await createClient(protocol, {
		onToolsChanged: options.onToolsChanged,
		handlers: options.handlers,
		activeCalls: options.activeCalls,
		probeTimeoutMs: timeoutMs
	});
	const transport = await makeTransport(kind, options);
	const signal = options.signal
		? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)])
		: AbortSignal.timeout(timeoutMs);
	try {
		const prior = protocol === 'auto' && options.knownLegacy ? { prior: { kind: 'legacy' as const } } : {};
		await client.connect(options.onWireMessage ? tapTransport(transport, options.onWireMessage) : transport, {
			signal,
			timeout: timeoutMs,
			...prior
		});
	} catch (error) {
		await client.close().catch(() => undefined);
		if (options.signal?.aborted) throw new AutoUiError('aborted', 'connecting was cancelled', { cause: error });
		if (protocol === 'modern') throw notModern(options.url, kind, error);
		throw error;
	}
	// Installed after the handshake so failures during it do not trigger a reconnect loop.
	const previousError = transport.onerror;
	transport.onerror = (error) => {
		previousError?.(error);
		options.onTransportError?.(error);
	};
	const previousClose = transport.onclose;
	transport.onclose = () => {
		previousClose?.();
		options.onTransportClose?.();
	};
	return { client, transport, kind };
}

/**
 * A `modern` connection that failed: when the failure says the server does not speak
 * 2026-07-28 (its `server/discover` answer offers no such revision, or the legacy SSE
 * transport was used), say so and what to do. Other failures (down, credentials, a wrong
 * URL) pass through unchanged for the usual diagnosis.
 */
function notModern(url: string, kind: TransportKind, error: unknown): unknown {
	if (kind === 'streamable-http' && !isEraNegotiationFailure(error)) return error;
	const status = httpStatusOf(error);
	if ((status !== undefined && status >= 500) || isNetworkError(error) || isUnauthorized(error)) return error;
	const why = kind === 'sse' ? 'the legacy SSE transport cannot carry it' : errorMessage(error);
	return new AutoUiError(
		'mcp_protocol',
		`The server at ${url} does not speak MCP protocol revision ${modernRevision} (${why}). Set this server's protocol to "auto" (${modernRevision} when the server offers it, else ${legacyRevision}) or "legacy" in the MCP panel.`,
		{ cause: error }
	);
}

/** True when an `auto` connection should retry with the legacy transport. */
function shouldFallBack(error: unknown): boolean {
	const status = httpStatusOf(error);
	return status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;
}

/** Connects and initialises a client, choosing the transport as `options.transport` says. */
export async function openClient(options: OpenOptions): Promise<OpenClient> {
	if (options.transport === 'sse') return connectOnce('sse', options);
	if (options.transport === 'streamable-http') return connectOnce('streamable-http', options);
	try {
		return await connectOnce('streamable-http', options);
	} catch (error) {
		if (!shouldFallBack(error)) throw error;
		try {
			return await connectOnce('sse', options);
		} catch (fallbackError) {
			// The first error is the more telling one when the URL is not an SSE endpoint either.
			throw httpStatusOf(fallbackError) !== undefined ? error : fallbackError;
		}
	}
}

/**
 * A client on an existing Streamable HTTP session (one a task started in before a reload):
 * the SDK skips the handshake for a known session, and requests carry `protocolVersion`.
 * It serves that task's requests only; closing it leaves the session to the server.
 */
export async function openSessionClient(
	options: OpenOptions,
	sessionId: string,
	protocolVersion: string | undefined
): Promise<OpenClient> {
	const client = await createClient(options.protocol ?? 'auto', {
		handlers: options.handlers,
		activeCalls: options.activeCalls
	});
	const transport = await makeTransport('streamable-http', options, sessionId);
	await client.connect(options.onWireMessage ? tapTransport(transport, options.onWireMessage) : transport);
	if (protocolVersion) transport.setProtocolVersion?.(protocolVersion);
	return { client, transport, kind: 'streamable-http' };
}

/**
 * Closes a client. With `endSession`, first asks a Streamable HTTP server to end the session
 * (waiting at most a second, so a dead server cannot hold up closing). Never throws.
 */
export async function closeClient(open: OpenClient, endSession: boolean): Promise<void> {
	if (endSession && open.kind === 'streamable-http') {
		await Promise.race([
			(open.transport as StreamableHTTPClientTransport).terminateSession().catch(() => undefined),
			sleep(1000)
		]);
	}
	await open.client.close().catch(() => undefined);
}
