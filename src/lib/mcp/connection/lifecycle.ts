/**
 * Keeps one SDK client open to a server and says where it stands:
 *
 *   connect      open the client, let the owner read what the server offers → connected
 *   ready        wait for an attempt under way; fail fast while the server is down
 *   reinitialise the server forgot our session: open again once, callers wait for it
 *   reconnect    tear the broken client down, `backoff.attempts` tries ("reconnecting"),
 *                then "error" and a slow background retry until it comes back or `close()`
 *
 * `McpConnection` owns one and adds the catalog and the calls on top.
 */
import { AutoUiError, sleep } from '$lib/shared';
import { backoffDelay, type BackoffPolicy } from './backoff';
import { toMcpError } from './errors';
import type { OpenClient, OpenOptions } from './transport';

/** Life of a connection. `idle` before the first connect, `closed` after `close()`. */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'error' | 'closed';

/** What the lifecycle adds itself when it opens a client. */
type OwnOpenOptions = 'knownLegacy' | 'signal' | 'onToolsChanged' | 'onTransportError' | 'onTransportClose';

/** What the owner of a lifecycle supplies. */
export interface LifecycleHooks {
	/** The server's display name now (it can change), for error messages. */
	name(): string;
	/** How to open a client (URL, transport, protocol, headers, handlers…). */
	openOptions(): Omit<OpenOptions, OwnOpenOptions>;
	/** Reads what a freshly opened client offers; a failure fails the attempt. */
	load(open: OpenClient, signal: AbortSignal): Promise<void>;
	/** The server said its tool list changed (notifications/tools/list_changed). */
	toolsChanged(open: OpenClient): void;
	/** Called after every change of status or error. */
	changed(): void;
}

/**
 * Opening and closing clients (protocol negotiation, transports, handlers) load on demand
 * with the SDK, so the first page does not carry them.
 */
const loadTransport = () => import('./transport');
const openClient = async (options: OpenOptions): Promise<OpenClient> => (await loadTransport()).openClient(options);
const closeClient = async (open: OpenClient, endSession: boolean): Promise<void> =>
	(await loadTransport()).closeClient(open, endSession);

const streamTrouble = /SSE stream disconnected|reconnect SSE stream|Maximum reconnection attempts|SSE error/i;

/** The state machine of one connection: status, last error, the open client and its recovery. */
export class ConnectionLifecycle {
	#hooks: LifecycleHooks;
	#backoff: BackoffPolicy;
	#status: ConnectionStatus = 'idle';
	#error: AutoUiError | undefined;
	#open: OpenClient | undefined;
	#pending: Promise<void> | undefined;
	#stop = new AbortController();
	#slowRetry: ReturnType<typeof setTimeout> | undefined;
	/** An `auto` connection found the server speaks only 2025-11-25 (reconnects skip the probe). */
	#knownLegacy = false;

	constructor(hooks: LifecycleHooks, backoff: BackoffPolicy) {
		this.#hooks = hooks;
		this.#backoff = backoff;
	}

	get status(): ConnectionStatus {
		return this.#status;
	}
	/** Why the last connect or reconnect failed (undefined while healthy). */
	get error(): AutoUiError | undefined {
		return this.#error;
	}
	/** The client in use, while there is one. */
	get open(): OpenClient | undefined {
		return this.#open;
	}
	/** Aborted by `close()`; background work of the connection stops with it. */
	get stopSignal(): AbortSignal {
		return this.#stop.signal;
	}

	/** Connects (or reconnects now). Throws a mapped error on failure. */
	async connect(signal?: AbortSignal): Promise<void> {
		if (this.#status === 'closed') this.#stop = new AbortController();
		this.#clearSlowRetry();
		const attempt = this.#establish(signal);
		this.#pending = attempt.catch(() => undefined);
		this.#setStatus('connecting');
		try {
			await attempt;
			this.#error = undefined;
			this.#setStatus('connected');
		} catch (error) {
			const mapped = toMcpError(error, this.#hooks.name(), 'connect');
			this.#error = mapped;
			this.#setStatus('error');
			throw mapped;
		} finally {
			this.#pending = undefined;
		}
	}

	/** Closes for good (ends the session when the server supports it). */
	async close(): Promise<void> {
		this.#stop.abort(new AutoUiError('aborted', 'connection closed'));
		this.#clearSlowRetry();
		const open = this.#open;
		this.#open = undefined;
		this.#setStatus('closed');
		if (open) await closeClient(open, true);
	}

	/** Waits until the connection can serve a request, or fails fast when the server is down. */
	async ready(signal?: AbortSignal, timeoutMs?: number): Promise<OpenClient> {
		if (this.#status === 'idle') await this.connect(signal);
		if (this.#pending && (this.#status === 'connecting' || this.#status === 'reconnecting')) {
			const wait = AbortSignal.any([AbortSignal.timeout(timeoutMs ?? 30_000), ...(signal ? [signal] : [])]);
			await settledOrAborted(this.#pending, wait);
			if (signal?.aborted) throw new AutoUiError('aborted', 'cancelled while waiting for the connection');
		}
		if (this.#status === 'connected' && this.#open) return this.#open;
		const name = this.#hooks.name();
		if (this.#status === 'closed')
			throw new AutoUiError('mcp_disconnected', `the connection to MCP server "${name}" is closed.`);
		const reason = this.#error ? ` Last error: ${this.#error.message}` : '';
		throw new AutoUiError(
			this.#status === 'error' ? 'mcp_disconnected' : 'timeout',
			`MCP server "${name}" is not reachable right now (status: ${this.#status}).${reason} Fix it in the MCP panel or press Reconnect.`
		);
	}

	/**
	 * Re-initialises after the server forgot our session. Concurrent callers find the work
	 * under way and let `ready` wait for it.
	 */
	async reinitialize(open: OpenClient, signal?: AbortSignal): Promise<void> {
		if (open !== this.#open || this.#pending) return;
		const attempt = this.#establish(signal).then(
			() => {
				this.#error = undefined;
				this.#setStatus('connected');
			},
			(error) => this.startReconnect(undefined, error)
		);
		this.#pending = attempt;
		this.#setStatus('reconnecting');
		await attempt;
		if (this.#pending === attempt) this.#pending = undefined;
	}

	/** Tears down the broken client (failing its pending calls) and retries with backoff. */
	startReconnect(open: OpenClient | undefined, cause: unknown): void {
		if (this.#status === 'closed' || this.#stop.signal.aborted) return;
		if (open && open !== this.#open) return;
		if (this.#status === 'reconnecting' && this.#pending && open) return;
		const broken = this.#open;
		this.#open = undefined;
		if (broken) void closeClient(broken, false);
		this.#error = toMcpError(cause, this.#hooks.name(), 'the connection');
		this.#setStatus('reconnecting');
		const pending = this.#retry();
		this.#pending = pending;
		void pending.finally(() => {
			if (this.#pending === pending) this.#pending = undefined;
		});
	}

	/** The quick attempts of a reconnect; when they all fail, "error" and the slow retry. */
	async #retry(): Promise<void> {
		for (let attempt = 0; attempt < this.#backoff.attempts; attempt++) {
			try {
				await sleep(backoffDelay(this.#backoff, attempt), this.#stop.signal);
				await this.#establish();
				this.#error = undefined;
				this.#setStatus('connected');
				return;
			} catch (error) {
				if (this.#stop.signal.aborted) return;
				this.#error = toMcpError(error, this.#hooks.name(), 'reconnect');
			}
		}
		this.#setStatus('error');
		this.#scheduleSlowRetry();
	}

	async #establish(signal?: AbortSignal): Promise<void> {
		const previous = this.#open;
		this.#open = undefined;
		if (previous) await closeClient(previous, false);
		const combined = AbortSignal.any([this.#stop.signal, ...(signal ? [signal] : [])]);
		const open: OpenClient | undefined = await openClient({
			...this.#hooks.openOptions(),
			knownLegacy: this.#knownLegacy,
			signal: combined,
			onToolsChanged: () => {
				if (open) this.#hooks.toolsChanged(open);
			},
			onTransportError: (error) => this.#onTransportTrouble(open, error),
			onTransportClose: () => this.#onTransportTrouble(open, new Error('SSE stream disconnected: transport closed'))
		});
		try {
			await this.#hooks.load(open, combined);
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

	/** A stream error outside any request: confirm with a ping before tearing down. */
	#onTransportTrouble(open: OpenClient | undefined, error: Error): void {
		if (!open || open !== this.#open || this.#status !== 'connected') return;
		if (!streamTrouble.test(error.message) && error.name !== 'SseError') return;
		open.client.ping({ timeout: 3000 }).catch((pingError) => {
			if (open === this.#open) this.startReconnect(open, pingError);
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
		if (this.#status !== 'closed' || status === 'connecting') this.#status = status;
		this.#hooks.changed();
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
