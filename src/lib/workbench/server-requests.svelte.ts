/**
 * Answers what servers ask of us, with the user in the loop: sampling requests wait for the
 * user's approval (only then does the configured model run, and the answer can be edited
 * before it is returned), elicitations wait for the user's form or choice, roots are the list
 * the user keeps per server, and log messages are collected (bounded, batched).
 *
 * A server cannot spend tokens on its own: nothing reaches the model without a click, and a
 * server asking again and again finds its extra requests refused while the user decides.
 *
 * Every request, its outcome and the log messages are also `AgentEvent`s (`onEvent`), so the
 * console lists them and traces keep them. While a request waits, the calls in progress on its
 * server hold their timeouts; the request names the call it came during (when one origin is
 * clear), so its card is shown there: in the chat for the agent's call, in the workbench for a
 * call by hand, and otherwise (or when nothing shows it) in the dock.
 */
import { untrack } from 'svelte';
import type { CreateMessageResult, ElicitResult, LoggingMessageNotification, Root } from '@modelcontextprotocol/client';
import type { AgentEvent, ServerRequestEvent, ServerResponseEvent } from '$lib/agent';
import type { ClientHandlers, RequestContext } from '$lib/mcp';
import { AutoUiError } from '$lib/shared';
import {
	frame,
	methods,
	RefusedError,
	relatedCall,
	requestEvent,
	responseEvent,
	ROOTS_KEY,
	type PendingRequest,
	type RequestPlace,
	type SamplingDecision,
	type ServerLogEntry,
	type ServerRequestsOptions
} from './server-request-helpers';
import type { LogEventBatcher, LogMessageInput } from './server-log-events';

export { relatedCall };
export type {
	PendingRequest,
	RequestPlace,
	SampleFunction,
	SamplingDecision,
	ServerLogEntry,
	ServerRequestsOptions
} from './server-request-helpers';

interface Waiter {
	resolve(value: CreateMessageResult | ElicitResult): void;
	reject(error: Error): void;
	/** Releases the holds on the timeouts of the calls in progress. */
	release(): void;
	request: PendingRequest;
}

/** The props of the card that answers one kind of pending request. */
export interface RequestCardProps<K extends PendingRequest['kind']> {
	request: Extract<PendingRequest, { kind: K }>;
	requests: ServerRequests;
}

/** The user's side of server-to-client requests, for every server. */
export class ServerRequests {
	#pending = $state.raw<PendingRequest[]>([]);
	#logs = $state.raw<ServerLogEntry[]>([]);
	#dropped = $state(0);
	#roots = $state.raw<Record<string, Root[]>>({});
	#waiters = new Map<string, Waiter>();
	#claims = $state.raw<ReadonlyMap<string, number>>(new Map());
	#orphans = $state.raw<ReadonlySet<string>>(new Set());
	#logEvents: LogEventBatcher | undefined;
	/** Log messages that came while the batcher loads (it is not part of the first page's code). */
	#early: Array<[string, LogMessageInput]> = [];
	#earlyDropped = new Map<string, number>();
	#loadingBatcher = false;
	#refusedAt = new Map<string, number>();
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

	/**
	 * Requests the dock shows: those with no call to sit beside, and those whose view (the chat,
	 * the workbench) has not shown them for a moment — a waiting request is never invisible.
	 */
	get unplaced(): PendingRequest[] {
		return this.#pending.filter(
			(request) => request.place === 'dock' || (this.#orphans.has(request.id) && !this.#claims.has(request.id))
		);
	}

	/** A request waiting for the user, by id. */
	request(id: string): PendingRequest | undefined {
		return this.#pending.find((entry) => entry.id === id);
	}

	/** A view shows the request's card (until the returned release); the dock then leaves it out. */
	claim(id: string): () => void {
		// Views claim from effects: reading the claims here must not make those effects depend on them.
		untrack(() => (this.#claims = new Map(this.#claims).set(id, (this.#claims.get(id) ?? 0) + 1)));
		let released = false;
		return () => {
			if (released) return;
			released = true;
			untrack(() => {
				const claims = new Map(this.#claims);
				const count = (claims.get(id) ?? 1) - 1;
				if (count > 0) claims.set(id, count);
				else claims.delete(id);
				this.#claims = claims;
			});
		};
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

	/**
	 * The handlers one server's connection uses (and so the capabilities it advertises).
	 * `server` may be read at each request, so a server renamed from its `serverInfo` after it
	 * connected shows under its display name on the cards and in the console.
	 */
	handlersFor(server: string | (() => string)): ClientHandlers {
		const name = typeof server === 'function' ? server : () => server;
		return {
			listRoots: () => this.roots(name()),
			createMessage: (params, signal, context) =>
				this.#wait({ kind: 'sampling', server: name(), params }, signal, context) as Promise<CreateMessageResult>,
			elicit: (params, signal, context) =>
				this.#wait({ kind: 'elicitation', server: name(), params }, signal, context) as Promise<ElicitResult>,
			onLogMessage: (params) => this.#log(name(), params)
		};
	}

	/** Runs the configured model on a sampling request (the user approved); returns its answer. */
	async draft(id: string, signal?: AbortSignal): Promise<{ text: string; model: string }> {
		const request = this.#pending.find((entry) => entry.id === id);
		if (!request || request.kind !== 'sampling')
			throw new AutoUiError('invalid_argument', 'That request was already answered.');
		if (!this.#options.sample)
			throw new AutoUiError(
				'provider_auth',
				'No LLM is configured: type the answer yourself, or open Settings to choose a model.'
			);
		return this.#options.sample(request.params, signal ?? new AbortController().signal);
	}

	/** Returns a sampling answer to the server; `decision` says how it was made (for the console). */
	answerSampling(id: string, text: string, model: string, decision: SamplingDecision = 'approved'): void {
		const result: CreateMessageResult = {
			role: 'assistant',
			content: { type: 'text', text },
			model,
			stopReason: 'endTurn'
		};
		this.#settle(id, decision, (waiter) => waiter.resolve(result), { result });
	}

	/** Answers an elicitation. */
	answerElicitation(id: string, action: 'accept' | 'decline' | 'cancel', content?: Record<string, unknown>): void {
		const result: ElicitResult =
			action === 'accept' && content ? { action, content: content as ElicitResult['content'] } : { action };
		this.#settle(id, action, (waiter) => waiter.resolve(result), { result });
	}

	/** Refuses a request: the server receives an error. */
	deny(id: string, reason = 'The user declined the request.'): void {
		this.#settle(id, 'denied', (waiter) => waiter.reject(new RefusedError(reason)), { error: reason });
	}

	/** Forgets the log messages. */
	clearLogs(): void {
		this.#logs = [];
		this.#dropped = 0;
	}

	#wait(
		request: Pick<PendingRequest, 'kind' | 'server' | 'params'>,
		signal: AbortSignal,
		context?: RequestContext
	): Promise<CreateMessageResult | ElicitResult> {
		const id = `request-${this.#nextId++}`;
		const caller = relatedCall(context);
		const place: RequestPlace =
			caller?.origin === 'model' ? 'chat' : caller?.origin === 'manual' ? 'workbench' : 'dock';
		const entry = { ...request, id, at: Date.now(), caller, place } as PendingRequest;
		const method = methods[request.kind];
		const waiting = this.#pending.filter((pending) => pending.server === request.server).length;
		const limit = this.#options.pendingLimit ?? 3;
		if (waiting >= limit) {
			const reason = `Refused: ${waiting} earlier requests from "${request.server}" are still waiting for the user.`;
			// A server asking in a loop gets one console entry a second; the protocol log has every one.
			if (entry.at - (this.#refusedAt.get(request.server) ?? 0) >= 1000) {
				this.#refusedAt.set(request.server, entry.at);
				this.#emitRequest(entry, method);
				this.#respond(entry, 'refused', { error: reason });
			}
			return Promise.reject(new RefusedError(reason));
		}
		this.#emitRequest(entry, method);
		// The user's time to answer does not count against the calls in progress on that server.
		const releases = (context?.calls ?? []).map((call) => call.hold());
		return new Promise((resolve, reject) => {
			this.#waiters.set(id, {
				resolve,
				reject,
				request: entry,
				release: () => releases.forEach((release) => release())
			});
			this.#pending = [...this.#pending, entry];
			if (place !== 'dock')
				setTimeout(
					() => this.#waiters.has(id) && (this.#orphans = new Set(this.#orphans).add(id)),
					this.#options.orphanAfterMs ?? 1500
				);
			// The server gave up (timeout or cancellation): the card goes away.
			signal.addEventListener(
				'abort',
				() =>
					this.#settle(
						id,
						'withdrawn',
						(waiter) => waiter.reject(new RefusedError('The server cancelled the request.')),
						{ error: 'The server cancelled the request.' }
					),
				{ once: true }
			);
		});
	}

	#emitRequest(entry: PendingRequest, method: ServerRequestEvent['method']): void {
		this.#emit(requestEvent(entry, method));
	}

	#settle(
		id: string,
		decision: ServerResponseEvent['decision'],
		action: (waiter: Waiter) => void,
		outcome: { result?: object; error?: string }
	): void {
		const waiter = this.#waiters.get(id);
		if (!waiter) return;
		this.#waiters.delete(id);
		this.#pending = this.#pending.filter((entry) => entry.id !== id);
		if (this.#orphans.has(id)) {
			const orphans = new Set(this.#orphans);
			orphans.delete(id);
			this.#orphans = orphans;
		}
		waiter.release();
		this.#respond(waiter.request, decision, outcome);
		action(waiter);
	}

	#respond(
		request: PendingRequest,
		decision: ServerResponseEvent['decision'],
		outcome: { result?: object; error?: string }
	): void {
		this.#emit(responseEvent(request, decision, outcome));
	}

	#logEvent(server: string, message: LogMessageInput): void {
		if (this.#logEvents) return this.#logEvents.add(server, message);
		if (this.#early.length < 1000) this.#early.push([server, message]);
		else this.#earlyDropped.set(server, (this.#earlyDropped.get(server) ?? 0) + 1);
		if (this.#loadingBatcher) return;
		this.#loadingBatcher = true;
		void import('./server-log-events').then(({ LogEventBatcher }) => {
			const batcher = new LogEventBatcher({ emit: (event) => this.#emit(event) });
			for (const [from, early] of this.#early) batcher.add(from, early);
			for (const [from, count] of this.#earlyDropped) batcher.drop(from, count);
			this.#early = [];
			this.#earlyDropped.clear();
			this.#logEvents = batcher;
		});
	}

	#emit(event: AgentEvent): void {
		try {
			this.#options.onEvent?.(event);
		} catch {
			// The console failing must not leave a server without its answer.
		}
	}

	#log(server: string, params: LoggingMessageNotification['params']): void {
		const at = Date.now();
		this.#incoming.push({
			id: this.#nextLog++,
			server,
			level: params.level,
			logger: params.logger,
			data: params.data,
			at
		});
		if (this.#options.onEvent)
			this.#logEvent(server, {
				level: params.level,
				...(params.logger ? { logger: params.logger } : {}),
				data: params.data,
				at
			});
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
