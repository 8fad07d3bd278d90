/**
 * The server requests with their code loaded beside the page instead of in it: the loading
 * starts at once, and what servers send before it ends (a roots question, a sampling or
 * elicitation request, log messages) waits for it and is applied in order. The handlers it
 * hands out are the same set `ServerRequests` gives, so a connection advertises the same
 * capabilities. The cards and the workbench read `current`, there once loaded (a request
 * can only be pending after that). Keeps `server-requests.svelte.ts` out of the first
 * route's JavaScript.
 */
import type { ClientHandlers } from '$lib/mcp';
import type { PendingRequest, ServerRequests, ServerRequestsOptions } from './server-requests.svelte';

/** Same contract as `new ServerRequests(options)` for the page, loading it on creation. */
export class LazyServerRequests {
	#current = $state.raw<ServerRequests | undefined>(undefined);
	#loading: Promise<ServerRequests> | undefined;
	/** What was asked before the code arrived, applied in order when it does. */
	#queued: Array<(requests: ServerRequests) => void> = [];
	#options: ServerRequestsOptions;

	constructor(options: ServerRequestsOptions = {}) {
		this.#options = options;
		if (typeof window !== 'undefined') this.#load().catch(() => undefined);
	}

	/** The loaded requests, for the cards, the dock and the workbench (undefined while loading). */
	get current(): ServerRequests | undefined {
		return this.#current;
	}

	/** A request waiting for the user, by id (none before the code is there: nothing can wait yet). */
	request(id: string): PendingRequest | undefined {
		return this.#current?.request(id);
	}

	/** The handlers of one server's connection; see `ServerRequests.handlersFor`. */
	handlersFor(server: string | (() => string)): ClientHandlers {
		const handlers = (requests: ServerRequests) => requests.handlersFor(server);
		return {
			listRoots: () => this.#when((requests) => handlers(requests).listRoots!()),
			createMessage: (params, signal, context) =>
				this.#when((requests) => handlers(requests).createMessage!(params, signal, context)),
			elicit: (params, signal, context) =>
				this.#when((requests) => handlers(requests).elicit!(params, signal, context)),
			onLogMessage: (params) => void this.#when((requests) => handlers(requests).onLogMessage!(params))
		};
	}

	/** Runs `action` now when the code is there, else once it is (in the order asked). */
	#when<T>(action: (requests: ServerRequests) => T | Promise<T>): Promise<T> {
		const current = this.#current;
		return new Promise<T>((resolve, reject) => {
			if (current) return resolve(action(current));
			this.#queued.push((requests) => {
				try {
					resolve(action(requests));
				} catch (error) {
					reject(error);
				}
			});
			this.#load().catch(reject);
		});
	}

	#load(): Promise<ServerRequests> {
		this.#loading ??= import('./server-requests.svelte').then(
			({ ServerRequests }) => {
				const requests = new ServerRequests(this.#options);
				this.#current = requests;
				const queued = this.#queued;
				this.#queued = [];
				for (const action of queued) action(requests);
				return requests;
			},
			(error: unknown) => {
				this.#loading = undefined;
				this.#queued = [];
				throw error;
			}
		);
		return this.#loading;
	}
}
