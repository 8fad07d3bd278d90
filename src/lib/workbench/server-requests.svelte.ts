/**
 * Answers what servers ask of us, with the user in the loop: sampling requests wait for the
 * user's approval (only then does the configured model run, and the answer can be edited
 * before it is returned), elicitations wait for the user's form or choice, roots are the list
 * the user keeps per server, and log messages are collected (bounded, batched).
 *
 * A server cannot spend tokens on its own: nothing reaches the model without a click, and a
 * server asking again and again finds its extra requests refused while the user decides.
 */
import type { CreateMessageRequest, CreateMessageResult, ElicitRequest, ElicitResult, LoggingMessageNotification, Root } from '@modelcontextprotocol/sdk/types.js';
import type { ClientHandlers } from '$lib/mcp';
import { AutoUiError } from '$lib/shared';

/** A request waiting for the user. */
export type PendingRequest =
	| { id: string; kind: 'sampling'; server: string; at: number; params: CreateMessageRequest['params'] }
	| { id: string; kind: 'elicitation'; server: string; at: number; params: ElicitRequest['params'] };

/** One notifications/message from a server. */
export interface ServerLogEntry {
	id: number;
	server: string;
	level: LoggingMessageNotification['params']['level'];
	logger?: string;
	data: unknown;
	at: number;
}

/** Generates a sampling answer with the configured model (absent when none is configured). */
export type SampleFunction = (params: CreateMessageRequest['params'], signal: AbortSignal) => Promise<{ text: string; model: string }>;

/** Constructor options. */
export interface ServerRequestsOptions {
	sample?: SampleFunction;
	/** Whether a model is configured right now (default: when `sample` is given). */
	canSample?(): boolean;
	/** Called after the user changed a server's roots (send notifications/roots/list_changed). */
	onRootsChanged?(server: string): void;
	/** Where roots are kept (localStorage-like); absent keeps them for this visit. */
	storage?: Pick<Storage, 'getItem' | 'setItem'>;
	/** Most log entries kept (oldest dropped first). */
	logLimit?: number;
	/** Most requests one server may have waiting; more are refused at once. */
	pendingLimit?: number;
}

interface Waiter {
	resolve(value: CreateMessageResult | ElicitResult): void;
	reject(error: Error): void;
}

const ROOTS_KEY = 'autoui.workbench.roots.v1';
const frame: (callback: () => void) => unknown = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (callback) => setTimeout(callback, 16);

/** The user's side of server-to-client requests, for every server. */
export class ServerRequests {
	#pending = $state.raw<PendingRequest[]>([]);
	#logs = $state.raw<ServerLogEntry[]>([]);
	#dropped = $state(0);
	#roots = $state.raw<Record<string, Root[]>>({});
	#waiters = new Map<string, Waiter>();
	#incoming: ServerLogEntry[] = [];
	#flushing = false;
	#nextLog = 1;
	#nextId = 1;
	#options: ServerRequestsOptions;

	constructor(options: ServerRequestsOptions = {}) {
		this.#options = options;
		try {
			const stored = JSON.parse(options.storage?.getItem(ROOTS_KEY) ?? '{}') as unknown;
			if (stored && typeof stored === 'object') this.#roots = stored as Record<string, Root[]>;
		} catch {
			this.#roots = {};
		}
	}

	/** Requests waiting for the user, oldest first. */
	get pending(): PendingRequest[] {
		return this.#pending;
	}
	/** Recent log messages of every server, oldest first. */
	get logs(): ServerLogEntry[] {
		return this.#logs;
	}
	/** How many log messages were dropped to stay within the limit. */
	get dropped(): number {
		return this.#dropped;
	}
	/** True when approving a sampling request can run a model. */
	get canSample(): boolean {
		return this.#options.sample !== undefined && (this.#options.canSample?.() ?? true);
	}

	/** The roots the user gave a server. */
	roots(server: string): Root[] {
		return this.#roots[server] ?? [];
	}

	/** Replaces a server's roots and tells the server. */
	setRoots(server: string, roots: Root[]): void {
		this.#roots = { ...this.#roots, [server]: roots };
		try {
			this.#options.storage?.setItem(ROOTS_KEY, JSON.stringify(this.#roots));
		} catch {
			// Roots stay for this visit when storage is full or blocked.
		}
		this.#options.onRootsChanged?.(server);
	}

	/** The handlers one server's connection uses (and so the capabilities it advertises). */
	handlersFor(server: string): ClientHandlers {
		return {
			listRoots: () => this.roots(server),
			createMessage: (params, signal) => this.#wait({ kind: 'sampling', server, params }, signal) as Promise<CreateMessageResult>,
			elicit: (params, signal) => this.#wait({ kind: 'elicitation', server, params }, signal) as Promise<ElicitResult>,
			onLogMessage: (params) => this.#log(server, params)
		};
	}

	/** Runs the configured model on a sampling request (the user approved); returns its answer. */
	async draft(id: string, signal?: AbortSignal): Promise<{ text: string; model: string }> {
		const request = this.#pending.find((entry) => entry.id === id);
		if (!request || request.kind !== 'sampling') throw new AutoUiError('invalid_argument', 'That request was already answered.');
		if (!this.#options.sample) throw new AutoUiError('provider_auth', 'No LLM is configured: type the answer yourself, or open Settings to choose a model.');
		return this.#options.sample(request.params, signal ?? new AbortController().signal);
	}

	/** Returns a sampling answer to the server. */
	answerSampling(id: string, text: string, model: string): void {
		this.#settle(id, (waiter) => waiter.resolve({ role: 'assistant', content: { type: 'text', text }, model, stopReason: 'endTurn' }));
	}

	/** Answers an elicitation. */
	answerElicitation(id: string, action: 'accept' | 'decline' | 'cancel', content?: Record<string, unknown>): void {
		this.#settle(id, (waiter) => waiter.resolve(action === 'accept' && content ? { action, content: content as ElicitResult['content'] } : { action }));
	}

	/** Refuses a request: the server receives an error. */
	deny(id: string, reason = 'The user declined the request.'): void {
		this.#settle(id, (waiter) => waiter.reject(new RefusedError(reason)));
	}

	/** Forgets the log messages. */
	clearLogs(): void {
		this.#logs = [];
		this.#dropped = 0;
	}

	#wait(request: Omit<PendingRequest, 'id' | 'at'>, signal: AbortSignal): Promise<CreateMessageResult | ElicitResult> {
		const waiting = this.#pending.filter((entry) => entry.server === request.server).length;
		const limit = this.#options.pendingLimit ?? 3;
		if (waiting >= limit) {
			return Promise.reject(new RefusedError(`Refused: ${waiting} earlier requests from "${request.server}" are still waiting for the user.`));
		}
		const id = `request-${this.#nextId++}`;
		const entry = { ...request, id, at: Date.now() } as PendingRequest;
		return new Promise((resolve, reject) => {
			this.#waiters.set(id, { resolve, reject });
			this.#pending = [...this.#pending, entry];
			// The server gave up (timeout or cancellation): the card goes away.
			signal.addEventListener('abort', () => this.#settle(id, (waiter) => waiter.reject(new RefusedError('The server cancelled the request.'))), { once: true });
		});
	}

	#settle(id: string, action: (waiter: Waiter) => void): void {
		const waiter = this.#waiters.get(id);
		this.#waiters.delete(id);
		this.#pending = this.#pending.filter((entry) => entry.id !== id);
		if (waiter) action(waiter);
	}

	#log(server: string, params: LoggingMessageNotification['params']): void {
		this.#incoming.push({ id: this.#nextLog++, server, level: params.level, logger: params.logger, data: params.data, at: Date.now() });
		const limit = this.#options.logLimit ?? 1000;
		if (this.#incoming.length > limit) {
			this.#dropped += this.#incoming.length - limit;
			this.#incoming.splice(0, this.#incoming.length - limit);
		}
		if (this.#flushing) return;
		this.#flushing = true;
		frame(() => {
			this.#flushing = false;
			const merged = this.#logs.concat(this.#incoming);
			this.#incoming = [];
			const excess = merged.length - limit;
			if (excess > 0) this.#dropped += excess;
			this.#logs = excess > 0 ? merged.slice(excess) : merged;
		});
	}
}

/** A refusal the SDK sends back to the server as a JSON-RPC error. */
class RefusedError extends Error {
	readonly code = -32600;
	constructor(message: string) {
		super(message);
		this.name = 'RefusedError';
	}
}

