/**
 * The protocol log's records: every JSON-RPC message of every MCP server, with its method
 * (responses borrow their request's), id, size, session and — for responses — the latency
 * since the matching request. Pure functions over a bounded buffer.
 */
import type { WireMessage } from '$lib/mcp';
import { isPlainObject, safeStringify } from '$lib/shared';

/** What kind of JSON-RPC message it is. */
export type ProtocolKind = 'request' | 'response' | 'error' | 'notification';

/** One row of the protocol log. */
export interface ProtocolEntry {
	seq: number;
	server: string;
	direction: 'out' | 'in';
	kind: ProtocolKind;
	method: string;
	id?: string | number;
	at: number;
	/** Bytes of the serialised message. */
	size: number;
	sessionId?: string;
	/** For responses and errors: milliseconds since the matching request. */
	latencyMs?: number;
	message: unknown;
}

/** Matches responses to requests: pending requests by server, direction and id. */
export class RequestMatcher {
	#open = new Map<string, { method: string; at: number }>();

	/** Builds the entry for a message, pairing a response with its request. */
	entry(seq: number, server: string, wire: WireMessage): ProtocolEntry {
		const message = wire.message as unknown as Record<string, unknown>;
		const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
		const method = typeof message.method === 'string' ? message.method : undefined;
		const kind: ProtocolKind = method
			? id === undefined
				? 'notification'
				: 'request'
			: isPlainObject(message.error)
				? 'error'
				: 'response';
		const text = safeStringify(message);
		const entry: ProtocolEntry = {
			seq,
			server,
			direction: wire.direction,
			kind,
			method: method ?? '',
			id,
			at: wire.at,
			size: new TextEncoder().encode(text).length,
			sessionId: wire.sessionId,
			message
		};
		// A request's key names who will answer: our requests are answered "in", the server's "out".
		if (kind === 'request') {
			this.#open.set(`${server}|${wire.direction === 'out' ? 'in' : 'out'}|${String(id)}`, {
				method: method!,
				at: wire.at
			});
			if (this.#open.size > 10_000) this.#open.delete(this.#open.keys().next().value!);
		} else if (kind === 'response' || kind === 'error') {
			const key = `${server}|${wire.direction}|${String(id)}`;
			const request = this.#open.get(key);
			if (request) {
				this.#open.delete(key);
				entry.method = request.method;
				entry.latencyMs = wire.at - request.at;
			}
		}
		return entry;
	}
}

/** Filters entries by server and by a method substring (both optional). */
export function filterProtocol(
	entries: readonly ProtocolEntry[],
	filter: { server?: string; method?: string }
): ProtocolEntry[] {
	const method = filter.method?.trim().toLowerCase();
	return entries.filter(
		(entry) =>
			(!filter.server || entry.server === filter.server) && (!method || entry.method.toLowerCase().includes(method))
	);
}
