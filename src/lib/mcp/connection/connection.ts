/**
 * One remote MCP server behind the `ToolServer` interface, kept healthy:
 *
 *   connect      open (Streamable HTTP, or legacy SSE) → list tools/prompts/resources → layer
 *   callTool     ready? → call with signal/timeout/progress
 *                  404 on our session → re-initialise, retry once
 *                  network failure / dropped stream → reconnect in the background, fail this call
 *   dropped      status "reconnecting", backoff attempts; still down → "error" (calls fail
 *                fast), slow background retries until it comes back or `close()`
 *
 * Results with `isError` are returned as results; transport failures throw `AutoUiError`s.
 * What the server offers is read by `catalog.ts`; clients are opened and closed by `transport.ts`.
 */
import type { Client, OAuthClientProvider, ServerCapabilities } from '@modelcontextprotocol/client';
import type { McpLayer, McpRecipe } from '$lib/agent/types';
import type { CallOptions, ToolCallResult, ToolDefinition, ToolServer } from '$lib/shared';
import { AutoUiError, createDeadline, errorMessage, sleep } from '$lib/shared';
import { backoffDelay, defaultBackoff, type BackoffPolicy } from './backoff';
import { isConnectionClosed, isNetworkError, isRequestTimeout, isSessionExpired, rpcErrorResult, toMcpError } from './errors';
import { fetchRecipes, listAllTools, loadCatalog, toToolResult, type PromptSummary, type ResourceSummary, type ServerCatalog } from './catalog';
import type { ActiveCall, ClientHandlers } from './client-handlers';
import type { WireListener } from './protocol-tap';
import { buildLayer } from './layer';
import type { ProtocolChoice } from './protocol-revision';
import type { OpenClient, OpenOptions, TransportChoice, TransportKind } from './transport';

export type { PromptSummary, ResourceSummary } from './catalog';

/** Life of a connection. `idle` before the first connect, `closed` after `close()`. */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'error' | 'closed';

/** How to reach and treat one server. */
export interface McpConnectionOptions {
	/** Display name; the agent sanitises it into tool prefixes. */
	name: string;
	url: string;
	transport?: TransportChoice;
	/** Which protocol revision to speak (default `auto`: 2026-07-28 when the server speaks it). */
	protocol?: ProtocolChoice;
	/** Extra HTTP headers sent with every request (e.g. Authorization). */
	headers?: Record<string, string>;
	authProvider?: OAuthClientProvider;
	/** Called after every change of status, error, tools, prompts, resources or recipes. */
	onChange?: (connection: McpConnection) => void;
	connectTimeoutMs?: number;
	/** Per-call timeout when the caller gives none; reset by progress notifications. */
	defaultCallTimeoutMs?: number;
	backoff?: Partial<BackoffPolicy>;
	/** Answers the server's requests (sampling, elicitation, roots, log messages). */
	handlers?: ClientHandlers;
	/** Sees every JSON-RPC message in and out (the protocol log). */
	onWireMessage?: WireListener;
}

/**
 * Opening and closing clients (protocol negotiation, transports, handlers) load on demand
 * with the SDK, so the first page does not carry them.
 */
const loadTransport = () => import('./transport');
const openClient = async (options: OpenOptions): Promise<OpenClient> => (await loadTransport()).openClient(options);
const closeClient = async (open: OpenClient, endSession: boolean): Promise<void> => (await loadTransport()).closeClient(open, endSession);

/** The largest timer delay browsers and Node accept (about 24.8 days). */
const unboundedMs = 2_147_483_647;

const streamTrouble = /SSE stream disconnected|reconnect SSE stream|Maximum reconnection attempts|SSE error/i;

/** A live, self-healing connection to one remote MCP server. */
export class McpConnection implements ToolServer {
	readonly protocol = 'mcp' as const;
	readonly url: string;
	#name: string;

	#options: McpConnectionOptions;
	#backoff: BackoffPolicy;
	#status: ConnectionStatus = 'idle';
	#error: AutoUiError | undefined;
	#open: OpenClient | undefined;
	#pending: Promise<void> | undefined;
	#stop = new AbortController();
	#slowRetry: ReturnType<typeof setTimeout> | undefined;
	#active = new Set<ActiveCall>();
	/** An `auto` connection found the server speaks only 2025-11-25 (reconnects skip the probe). */
	#knownLegacy = false;
	#catalog: ServerCatalog = { instructions: undefined, tools: [], prompts: [], resources: [], recipes: undefined };

	constructor(options: McpConnectionOptions) {
		this.#options = options;
		this.#name = options.name;
		this.url = options.url;
		this.#backoff = { ...defaultBackoff, ...options.backoff };
	}

	/** Display name; the agent sanitises it into tool prefixes. */
	get name(): string {
		return this.#name;
	}

	/**
	 * Renames the server (its tool prefixes follow at the next layer read). The server list
	 * does this once, from `serverInfo`, when the user gave no name.
	 */
	rename(name: string): void {
		this.#name = name;
	}

	get status(): ConnectionStatus {
		return this.#status;
	}
	/** Why the last connect or reconnect failed (undefined while healthy). */
	get error(): AutoUiError | undefined {
		return this.#error;
	}
	/** The transport in use once connected. */
	get transportKind(): TransportKind | undefined {
		return this.#open?.kind;
	}
	/** The Streamable HTTP session id, when the server assigned one. */
	get sessionId(): string | undefined {
		return this.#open?.transport.sessionId;
	}
	/** The protocol revision agreed with the server (e.g. `2025-11-25` or `2026-07-28`), once connected. */
	get protocolVersion(): string | undefined {
		return this.#open?.client.getNegotiatedProtocolVersion();
	}
	/** The protocol revision the user chose for this server. */
	get protocolChoice(): ProtocolChoice {
		return this.#options.protocol ?? 'auto';
	}
	get instructions(): string | undefined {
		return this.#catalog.instructions;
	}
	get serverInfo(): { name: string; version: string; title?: string } | undefined {
		return this.#open?.client.getServerVersion();
	}
	get tools(): ToolDefinition[] {
		return this.#catalog.tools;
	}
	get prompts(): PromptSummary[] {
		return this.#catalog.prompts;
	}
	get resources(): ResourceSummary[] {
		return this.#catalog.resources;
	}
	get recipes(): McpRecipe[] | undefined {
		return this.#catalog.recipes;
	}

	/** The agent's view of this server. */
	layer(): McpLayer {
		return buildLayer({ serverName: this.name, serverUrl: this.url, instructions: this.#catalog.instructions, tools: this.#catalog.tools, recipes: this.#catalog.recipes });
	}

	/** Connects (or reconnects now) and loads the lists. Throws a mapped error on failure. */
	async connect(options: { signal?: AbortSignal } = {}): Promise<void> {
		if (this.#status === 'closed') this.#stop = new AbortController();
		this.#clearSlowRetry();
		const attempt = this.#establish(options.signal);
		this.#pending = attempt.catch(() => undefined);
		this.#setStatus('connecting');
		try {
			await attempt;
			this.#error = undefined;
			this.#setStatus('connected');
		} catch (error) {
			const mapped = toMcpError(error, this.name, 'connect');
			this.#error = mapped;
			this.#setStatus('error');
			throw mapped;
		} finally {
			this.#pending = undefined;
		}
	}

	/** Closes the connection for good (ends the session when the server supports it). */
	async close(): Promise<void> {
		this.#stop.abort(new AutoUiError('aborted', 'connection closed'));
		this.#clearSlowRetry();
		const open = this.#open;
		this.#open = undefined;
		this.#setStatus('closed');
		if (open) await closeClient(open, true);
	}

	/** Lists the server's tools (all pages) and refreshes the layer. */
	async listTools(options: { signal?: AbortSignal } = {}): Promise<ToolDefinition[]> {
		const open = await this.#ready(options.signal);
		let tools: ToolDefinition[];
		try {
			tools = await listAllTools(open.client, options.signal);
		} catch (error) {
			throw toMcpError(error, this.name, 'tools/list');
		}
		this.#catalog = { ...this.#catalog, tools };
		this.#emit();
		return this.#catalog.tools;
	}

	/**
	 * Calls a tool. `isError` results are returned; transport failures throw. The call is timed
	 * by a pausable deadline (the caller's, or one made from `timeoutMs`), which the server's
	 * requests waiting for the user hold (see `activeCalls`).
	 */
	async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<ToolCallResult> {
		const { signal, onProgress, timeoutMs, traceparent } = options;
		const what = `tool "${name}"`;
		// Without a timeout from the caller, the default one restarts on each progress notification.
		const deadline = options.deadline ?? createDeadline(signal, timeoutMs ?? this.#options.defaultCallTimeoutMs ?? 60_000);
		const restartOnProgress = !options.deadline && !timeoutMs;
		const active: ActiveCall = { tool: name, caller: options.caller, hold: () => deadline.hold() };
		const timedOut = (error: unknown) =>
			new AutoUiError('timeout', `${what} on MCP server "${this.name}" did not finish within ${deadline.ms} ms; the call was cancelled. Try narrower arguments or a longer timeout.`, { cause: error });
		this.#active.add(active);
		let retried = false;
		try {
			for (;;) {
				if (signal?.aborted) throw new AutoUiError('aborted', `call of ${what} was cancelled`);
				const open = await this.#ready(deadline.signal, timeoutMs).catch((error: unknown) => {
					throw deadline.signal.aborted && !signal?.aborted ? timedOut(error) : error;
				});
				try {
					const request = { name, arguments: args, ...(traceparent ? { _meta: { traceparent } } : {}) };
					const result = await open.client.callTool(request, {
						signal: deadline.signal,
						// The deadline times the call; the SDK's own timer only bounds a call that never ends.
						timeout: unboundedMs,
						maxTotalTimeout: restartOnProgress ? 600_000 : unboundedMs,
						onprogress: (p) => {
							if (restartOnProgress) deadline.restart();
							onProgress?.({ progress: p.progress, total: p.total, message: p.message });
						}
					});
					return toToolResult(result);
				} catch (error) {
					if (signal?.aborted) throw new AutoUiError('aborted', `call of ${what} was cancelled`, { cause: error });
					if (deadline.signal.aborted || isRequestTimeout(error)) throw timedOut(error);
					if (!retried && isSessionExpired(error)) {
						retried = true;
						await this.#reinitialize(open, signal);
						continue;
					}
					if (isNetworkError(error) || isConnectionClosed(error) || isSessionExpired(error)) this.#startReconnect(open, error);
					const answered = rpcErrorResult(error, this.name, name);
					if (answered) return answered;
					throw toMcpError(error, this.name, what);
				}
			}
		} finally {
			this.#active.delete(active);
			if (!options.deadline) deadline.dispose();
		}
	}

	/** The tool calls in progress on this server, oldest first (a server's request is placed beside them). */
	activeCalls(): readonly ActiveCall[] {
		return [...this.#active];
	}

	/**
	 * Runs `action` with the ready SDK client: resources, prompts, completions and the other
	 * requests the workbench makes by hand. Errors (JSON-RPC ones keep their code and data)
	 * are passed through unchanged so the caller can show them as they came.
	 */
	async withClient<T>(action: (client: Client) => Promise<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
		const open = await this.#ready(options.signal);
		return action(open.client);
	}

	/** The server's capabilities once connected (what it offers: resources.subscribe, completions, logging…). */
	get serverCapabilities(): ServerCapabilities | undefined {
		return this.#open?.client.getServerCapabilities();
	}

	/** Waits until the connection can serve a request, or fails fast when the server is down. */
	async #ready(signal?: AbortSignal, timeoutMs?: number): Promise<OpenClient> {
		if (this.#status === 'idle') await this.connect({ signal });
		if (this.#pending && (this.#status === 'connecting' || this.#status === 'reconnecting')) {
			const wait = AbortSignal.any([AbortSignal.timeout(timeoutMs ?? 30_000), ...(signal ? [signal] : [])]);
			await settledOrAborted(this.#pending, wait);
			if (signal?.aborted) throw new AutoUiError('aborted', 'cancelled while waiting for the connection');
		}
		if (this.#status === 'connected' && this.#open) return this.#open;
		if (this.#status === 'closed') throw new AutoUiError('mcp_disconnected', `the connection to MCP server "${this.name}" is closed.`);
		const reason = this.#error ? ` Last error: ${this.#error.message}` : '';
		throw new AutoUiError(
			this.#status === 'error' ? 'mcp_disconnected' : 'timeout',
			`MCP server "${this.name}" is not reachable right now (status: ${this.#status}).${reason} Fix it in the MCP panel or press Reconnect.`
		);
	}

	async #establish(signal?: AbortSignal): Promise<void> {
		const previous = this.#open;
		this.#open = undefined;
		if (previous) await closeClient(previous, false);
		const combined = AbortSignal.any([this.#stop.signal, ...(signal ? [signal] : [])]);
		let open: OpenClient | undefined;
		open = await openClient({
			url: this.url,
			transport: this.#options.transport ?? 'auto',
			protocol: this.#options.protocol,
			knownLegacy: this.#knownLegacy,
			headers: this.#options.headers,
			authProvider: this.#options.authProvider,
			timeoutMs: this.#options.connectTimeoutMs,
			signal: combined,
			handlers: this.#options.handlers,
			activeCalls: () => this.activeCalls(),
			onWireMessage: this.#options.onWireMessage,
			onToolsChanged: () => void this.#refreshTools(open),
			onTransportError: (error) => this.#onTransportTrouble(open, error),
			onTransportClose: () => this.#onTransportTrouble(open, new Error('SSE stream disconnected: transport closed'))
		});
		try {
			this.#catalog = await loadCatalog(open.client, combined);
		} catch (error) {
			await closeClient(open, false);
			throw error;
		}
		if (this.#stop.signal.aborted) {
			await closeClient(open, true);
			throw new AutoUiError('aborted', 'connection closed while connecting');
		}
		this.#open = open;
		this.#knownLegacy = open.client.getProtocolEra() === 'legacy';
	}

	async #refreshTools(open: OpenClient | undefined): Promise<void> {
		if (!open || open !== this.#open) return;
		try {
			const tools = await listAllTools(open.client, this.#stop.signal);
			const recipes = await fetchRecipes(open.client, tools, this.#stop.signal);
			if (open !== this.#open) return;
			this.#catalog = { ...this.#catalog, tools, recipes };
			this.#emit();
		} catch (error) {
			if (isNetworkError(error)) this.#startReconnect(open, error);
		}
	}

	/** A stream error outside any request: confirm with a ping before tearing down. */
	#onTransportTrouble(open: OpenClient | undefined, error: Error): void {
		if (!open || open !== this.#open || this.#status !== 'connected') return;
		if (!streamTrouble.test(error.message) && error.name !== 'SseError') return;
		open.client.ping({ timeout: 3000 }).catch((pingError) => {
			if (open === this.#open) this.#startReconnect(open, pingError);
		});
	}

	/**
	 * Re-initialises after the server forgot our session. Concurrent callers find the work
	 * under way and let `#ready` wait for it.
	 */
	async #reinitialize(open: OpenClient, signal?: AbortSignal): Promise<void> {
		if (open !== this.#open || this.#pending) return;
		const attempt = this.#establish(signal).then(
			() => {
				this.#error = undefined;
				this.#setStatus('connected');
			},
			(error) => this.#startReconnect(undefined, error)
		);
		this.#pending = attempt;
		this.#setStatus('reconnecting');
		await attempt;
		if (this.#pending === attempt) this.#pending = undefined;
	}

	/** Tears down the broken client (failing its pending calls) and retries with backoff. */
	#startReconnect(open: OpenClient | undefined, cause: unknown): void {
		if (this.#status === 'closed' || this.#stop.signal.aborted) return;
		if (open && open !== this.#open) return;
		if (this.#status === 'reconnecting' && this.#pending && open) return;
		const broken = this.#open;
		this.#open = undefined;
		if (broken) void closeClient(broken, false);
		this.#error = toMcpError(cause, this.name, 'the connection');
		this.#setStatus('reconnecting');
		const run = async () => {
			for (let attempt = 0; attempt < this.#backoff.attempts; attempt++) {
				try {
					await sleep(backoffDelay(this.#backoff, attempt), this.#stop.signal);
					await this.#establish();
					this.#error = undefined;
					this.#setStatus('connected');
					return;
				} catch (error) {
					if (this.#stop.signal.aborted) return;
					this.#error = toMcpError(error, this.name, 'reconnect');
				}
			}
			this.#setStatus('error');
			this.#scheduleSlowRetry();
		};
		const pending = run();
		this.#pending = pending;
		void pending.finally(() => {
			if (this.#pending === pending) this.#pending = undefined;
		});
	}

	#scheduleSlowRetry(): void {
		if (!this.#backoff.slowRetryMs || this.#stop.signal.aborted) return;
		this.#slowRetry = setTimeout(() => {
			this.#slowRetry = undefined;
			if (this.#status !== 'error') return;
			this.connect().catch(() => this.#scheduleSlowRetry());
		}, this.#backoff.slowRetryMs);
	}

	#clearSlowRetry(): void {
		if (this.#slowRetry) clearTimeout(this.#slowRetry);
		this.#slowRetry = undefined;
	}

	#setStatus(status: ConnectionStatus): void {
		if (this.#status === 'closed' && status !== 'connecting') {
			this.#emit();
			return;
		}
		this.#status = status;
		this.#emit();
	}

	#emit(): void {
		try {
			this.#options.onChange?.(this);
		} catch (error) {
			console.error(`MCP onChange handler failed: ${errorMessage(error)}`);
		}
	}
}

/** Resolves when `promise` settles or `signal` aborts, whichever comes first. */
function settledOrAborted(promise: Promise<unknown>, signal: AbortSignal): Promise<void> {
	return new Promise((resolve) => {
		const done = () => {
			signal.removeEventListener('abort', done);
			resolve();
		};
		if (signal.aborted) return resolve();
		signal.addEventListener('abort', done, { once: true });
		promise.then(done, done);
	});
}
