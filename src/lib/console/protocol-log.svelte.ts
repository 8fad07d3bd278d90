/**
 * The reactive protocol log: a bounded buffer of JSON-RPC messages, published at most once
 * per animation frame, so a server flooding notifications cannot freeze the page. Messages
 * are kept raw until published; the code that reads them (`protocol-log.ts`) loads on the
 * first batch, keeping it out of the initial page load.
 */
import type { WireMessage } from '$lib/mcp';
import type { ProtocolEntry, RequestMatcher } from './protocol-log';

const frame: (callback: () => void) => unknown =
	typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (callback) => setTimeout(callback, 16);

/** Every server's JSON-RPC traffic, newest last. */
export class ProtocolLog {
	#entries = $state.raw<ProtocolEntry[]>([]);
	#dropped = $state(0);
	#incoming: Array<{ seq: number; server: string; wire: WireMessage }> = [];
	#scheduled = false;
	#seq = 1;
	#matcher: Promise<RequestMatcher> | undefined;
	#limit: number;

	constructor(options: { limit?: number } = {}) {
		this.#limit = options.limit ?? 5000;
	}

	get entries(): ProtocolEntry[] {
		return this.#entries;
	}
	/** Messages dropped to stay within the limit. */
	get dropped(): number {
		return this.#dropped;
	}
	/** The servers seen so far. */
	get servers(): string[] {
		return [...new Set(this.#entries.map((entry) => entry.server))];
	}

	/** Records one message (the McpServerList's `onWireMessage`). */
	record = (server: string, wire: WireMessage): void => {
		this.#incoming.push({ seq: this.#seq++, server, wire });
		if (this.#incoming.length > this.#limit * 2) this.#trimIncoming();
		if (this.#scheduled) return;
		this.#scheduled = true;
		frame(() => void this.#publish());
	};

	clear(): void {
		this.#entries = [];
		this.#dropped = 0;
	}

	/**
	 * Requests and responses must all pass through the matcher to be paired, so the raw buffer
	 * keeps twice the limit before dropping the oldest (which then show without latency).
	 */
	#trimIncoming(): void {
		const excess = this.#incoming.length - this.#limit;
		this.#dropped += excess;
		this.#incoming.splice(0, excess);
	}

	async #publish(): Promise<void> {
		this.#matcher ??= import('./protocol-log').then((module) => new module.RequestMatcher());
		const matcher = await this.#matcher;
		this.#scheduled = false;
		const batch = this.#incoming;
		this.#incoming = [];
		const fresh = batch.map(({ seq, server, wire }) => matcher.entry(seq, server, wire));
		const merged = this.#entries.concat(fresh);
		const excess = merged.length - this.#limit;
		if (excess > 0) this.#dropped += excess;
		this.#entries = excess > 0 ? merged.slice(excess) : merged;
	}
}
