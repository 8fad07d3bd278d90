/**
 * The reactive protocol log: a bounded buffer of JSON-RPC messages, published at most once
 * per animation frame, so a server flooding notifications cannot freeze the page.
 */
import type { WireMessage } from '$lib/mcp';
import { RequestMatcher, type ProtocolEntry } from './protocol-log';

const frame: (callback: () => void) => unknown = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (callback) => setTimeout(callback, 16);

/** Every server's JSON-RPC traffic, newest last. */
export class ProtocolLog {
	#entries = $state.raw<ProtocolEntry[]>([]);
	#dropped = $state(0);
	#incoming: ProtocolEntry[] = [];
	#scheduled = false;
	#seq = 1;
	#matcher = new RequestMatcher();
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
		this.#incoming.push(this.#matcher.entry(this.#seq++, server, wire));
		if (this.#incoming.length > this.#limit) {
			this.#dropped += this.#incoming.length - this.#limit;
			this.#incoming.splice(0, this.#incoming.length - this.#limit);
		}
		if (this.#scheduled) return;
		this.#scheduled = true;
		frame(() => {
			this.#scheduled = false;
			const merged = this.#entries.concat(this.#incoming);
			this.#incoming = [];
			const excess = merged.length - this.#limit;
			if (excess > 0) this.#dropped += excess;
			this.#entries = excess > 0 ? merged.slice(excess) : merged;
		});
	};

	clear(): void {
		this.#entries = [];
		this.#dropped = 0;
	}
}
