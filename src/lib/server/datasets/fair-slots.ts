/**
 * Query slots shared fairly between clients. The engine runs a few DuckDB connections at once;
 * without fairness one client with four heavy queries holds all of them and every other
 * client waits behind it. Each owner (an MCP session) may hold at most `perOwner` slots, and
 * when a slot frees the waiting owners take turns (round robin), so a `SELECT 1` from one
 * client is never queued behind another client's backlog. A waiter whose signal aborts
 * (cancelled, or its deadline passed while queued) leaves the queue. The queue is bounded: past
 * `maxWaiting` waiters a new request is refused at once (`QueueFullError`) instead of joining.
 */

/** Releases a slot; calling it twice does nothing. */
export type Release = () => void;

interface Waiter {
	grant: () => void;
	fail: (reason: unknown) => void;
}

/** Thrown by `acquire` when the queue already holds `maxWaiting` requests. */
export class QueueFullError extends Error {
	constructor(readonly waiting: number) {
		super(`${waiting} requests are already waiting`);
		this.name = 'QueueFullError';
	}
}

/** A fair pool of `total` slots. */
export class FairSlots {
	#total: number;
	#perOwner: number;
	#maxWaiting: number;
	#running = 0;
	#byOwner = new Map<unknown, number>();
	#queues = new Map<unknown, Waiter[]>();
	/** Owners with waiters, in turn order. */
	#turns: unknown[] = [];

	/**
	 * `perOwner` defaults to half the slots (rounded up); `maxWaiting` (default unbounded) caps
	 * the requests queued over all owners.
	 */
	constructor(total: number, perOwner = Math.max(1, Math.ceil(total / 2)), maxWaiting = Number.POSITIVE_INFINITY) {
		this.#total = Math.max(1, total);
		this.#perOwner = Math.max(1, Math.min(perOwner, this.#total));
		this.#maxWaiting = Math.max(0, maxWaiting);
	}

	/** The limits this pool was made with. */
	get limits(): { total: number; perOwner: number; maxWaiting: number } {
		return { total: this.#total, perOwner: this.#perOwner, maxWaiting: this.#maxWaiting };
	}

	/** Requests waiting for a slot, over all owners. */
	get waiting(): number {
		let count = 0;
		for (const queue of this.#queues.values()) count += queue.length;
		return count;
	}

	/** Slots in use. */
	get running(): number {
		return this.#running;
	}

	/** Waits for a slot for `owner`; rejects with the signal's reason if it aborts first. */
	acquire(owner: unknown, signal?: AbortSignal): Promise<Release> {
		if (signal?.aborted) return Promise.reject(signal.reason);
		if (this.#canRun(owner) && !this.#queues.get(owner)?.length) return Promise.resolve(this.#take(owner));
		const waiting = this.waiting;
		if (waiting >= this.#maxWaiting) return Promise.reject(new QueueFullError(waiting));
		return new Promise<Release>((resolve, reject) => {
			const waiter: Waiter = {
				grant: () => {
					signal?.removeEventListener('abort', onAbort);
					resolve(this.#take(owner));
				},
				fail: reject
			};
			const onAbort = () => {
				this.#dequeue(owner, waiter);
				reject(signal!.reason);
			};
			signal?.addEventListener('abort', onAbort, { once: true });
			const queue = this.#queues.get(owner) ?? [];
			if (!queue.length) this.#turns.push(owner);
			queue.push(waiter);
			this.#queues.set(owner, queue);
		});
	}

	#canRun(owner: unknown): boolean {
		return this.#running < this.#total && (this.#byOwner.get(owner) ?? 0) < this.#perOwner;
	}

	#take(owner: unknown): Release {
		this.#running++;
		this.#byOwner.set(owner, (this.#byOwner.get(owner) ?? 0) + 1);
		let released = false;
		return () => {
			if (released) return;
			released = true;
			this.#running--;
			const left = (this.#byOwner.get(owner) ?? 1) - 1;
			if (left > 0) this.#byOwner.set(owner, left);
			else this.#byOwner.delete(owner);
			this.#schedule();
		};
	}

	/** Grants free slots to waiting owners in turn. */
	#schedule(): void {
		let passes = this.#turns.length;
		while (this.#running < this.#total && passes-- > 0 && this.#turns.length) {
			const owner = this.#turns.shift()!;
			const queue = this.#queues.get(owner);
			if (!queue?.length) {
				this.#queues.delete(owner);
				continue;
			}
			if (!this.#canRun(owner)) {
				this.#turns.push(owner);
				continue;
			}
			const waiter = queue.shift()!;
			if (queue.length) this.#turns.push(owner);
			else this.#queues.delete(owner);
			passes = this.#turns.length;
			waiter.grant();
		}
	}

	#dequeue(owner: unknown, waiter: Waiter): void {
		const queue = this.#queues.get(owner);
		if (!queue) return;
		const index = queue.indexOf(waiter);
		if (index >= 0) queue.splice(index, 1);
		if (!queue.length) {
			this.#queues.delete(owner);
			this.#turns = this.#turns.filter((candidate) => candidate !== owner);
		}
	}
}
