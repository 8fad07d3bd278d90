/**
 * Who may open a datasets session, and whose session makes room for it. Each client (an
 * address, see `client-address.ts`) holds at most `perClient` sessions and opens at most
 * `perMinute` a minute (`perMinute / 2` at once, a token bucket). When a new session needs room:
 *
 *   client at its quota            → its own least recently used session is closed
 *   server full (`maxSessions`)    → the least recently used session of all, if idle ≥ evictIdleMs;
 *                                    else the LRU session of the client holding the most, if it
 *                                    holds more than the newcomer would after (fair share);
 *                                    else the newcomer's own LRU session;
 *                                    else refused (every client holds one or so: really full)
 *
 * So one client's sessions only ever push out its own, and a client that holds many cannot
 * keep one that holds few out. Admission is synchronous and reserves the slot at once:
 * concurrent `initialize` requests cannot all pass the check before any is recorded.
 */

/** What admission reads of a live session. */
export interface AdmittedSession {
	readonly client: string;
	readonly lastSeen: number;
}

/** The limits (the handler's options, with their defaults filled in). */
export interface AdmissionLimits {
	maxSessions: number;
	perClient: number;
	perMinute: number;
	evictIdleMs: number;
}

/** A reserved slot: release it once the session is recorded, or when opening it failed. */
export interface AdmissionTicket {
	release(): void;
}

/** Why a new session was refused, and when to retry. */
export interface AdmissionRefusal {
	refused: 'rate' | 'full';
	retryAfterSeconds: number;
}

interface Bucket {
	tokens: number;
	at: number;
}

interface Holding {
	count: number;
	oldest?: [string, AdmittedSession];
}

/** Buckets kept at most; past it the full ones (clients quiet for a while) are forgotten first. */
const maxBuckets = 10_000;

/** The admission policy over the handler's live sessions. */
export class SessionAdmission {
	readonly #limits: AdmissionLimits;
	readonly #sessions: ReadonlyMap<string, AdmittedSession>;
	readonly #evict: (id: string) => void;
	readonly #pending = new Map<string, number>();
	readonly #buckets = new Map<string, Bucket>();
	#pendingTotal = 0;

	/** `evict` must remove the session from `sessions` before it returns. */
	constructor(limits: AdmissionLimits, sessions: ReadonlyMap<string, AdmittedSession>, evict: (id: string) => void) {
		this.#limits = limits;
		this.#sessions = sessions;
		this.#evict = evict;
	}

	/** New sessions a client may open at once (the bucket's size). */
	get burst(): number {
		return Math.max(1, Math.floor(this.#limits.perMinute / 2));
	}

	/** Clients holding a live session. */
	get clientCount(): number {
		return new Set([...this.#sessions.values()].map((session) => session.client)).size;
	}

	/** Reserves a slot for a new session of `client`, making room as the policy says, or refuses. */
	admit(client: string, now = Date.now()): AdmissionTicket | AdmissionRefusal {
		const wait = this.#take(client, now);
		if (wait > 0) return { refused: 'rate', retryAfterSeconds: wait };
		const holdings = this.#holdings();
		const mine = holdings.get(client) ?? { count: 0 };
		const { maxSessions, perClient, evictIdleMs } = this.#limits;
		if (mine.count >= perClient) {
			// Every one of them is still being opened: a burst of concurrent initialize requests.
			if (!mine.oldest) return { refused: 'rate', retryAfterSeconds: 1 };
			this.#evict(mine.oldest[0]);
		} else if (this.#sessions.size + this.#pendingTotal >= maxSessions) {
			const victim = this.#victim(holdings, client, mine, now, evictIdleMs);
			if (!victim) return { refused: 'full', retryAfterSeconds: Math.ceil(evictIdleMs / 1000) };
			this.#evict(victim);
		}
		return this.#reserve(client);
	}

	/** The session to close so `client` gets in a full server, if any may be. */
	#victim(
		holdings: Map<string, Holding>,
		client: string,
		mine: Holding,
		now: number,
		idleMs: number
	): string | undefined {
		let lru: [string, AdmittedSession] | undefined;
		let largest: Holding | undefined;
		for (const [holder, holding] of holdings) {
			if (holding.oldest && (!lru || holding.oldest[1].lastSeen < lru[1].lastSeen)) lru = holding.oldest;
			if (holder !== client && holding.oldest && (!largest || holding.count > largest.count)) largest = holding;
		}
		if (lru && now - lru[1].lastSeen >= idleMs) return lru[0];
		if (largest?.oldest && largest.count > mine.count + 1) return largest.oldest[0];
		return mine.oldest?.[0];
	}

	/** Sessions (live and being opened) per client, with each client's least recently used live one. */
	#holdings(): Map<string, Holding> {
		const holdings = new Map<string, Holding>();
		for (const [client, count] of this.#pending) holdings.set(client, { count });
		for (const entry of this.#sessions) {
			const holding = holdings.get(entry[1].client) ?? { count: 0 };
			holding.count++;
			if (!holding.oldest || entry[1].lastSeen < holding.oldest[1].lastSeen) holding.oldest = entry;
			holdings.set(entry[1].client, holding);
		}
		return holdings;
	}

	#reserve(client: string): AdmissionTicket {
		this.#pending.set(client, (this.#pending.get(client) ?? 0) + 1);
		this.#pendingTotal++;
		let released = false;
		return {
			release: () => {
				if (released) return;
				released = true;
				this.#pendingTotal--;
				const left = (this.#pending.get(client) ?? 1) - 1;
				if (left > 0) this.#pending.set(client, left);
				else this.#pending.delete(client);
			}
		};
	}

	/** Takes one token from the client's bucket: 0, or the seconds until one is there. */
	#take(client: string, now: number): number {
		const perMs = this.#limits.perMinute / 60_000;
		const bucket = this.#buckets.get(client) ?? { tokens: this.burst, at: now };
		bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * perMs);
		bucket.at = now;
		this.#buckets.delete(client);
		this.#buckets.set(client, bucket);
		if (this.#buckets.size > maxBuckets) this.#forgetBuckets(client, now, perMs);
		if (bucket.tokens >= 1) {
			bucket.tokens -= 1;
			return 0;
		}
		return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
	}

	/** Forgets buckets that have refilled (nothing is lost), then the least recently used. */
	#forgetBuckets(current: string, now: number, perMs: number): void {
		for (const [client, bucket] of this.#buckets) {
			if (client !== current && bucket.tokens + (now - bucket.at) * perMs >= this.burst) this.#buckets.delete(client);
		}
		for (const client of this.#buckets.keys()) {
			if (this.#buckets.size <= maxBuckets) break;
			this.#buckets.delete(client);
		}
	}
}
