/**
 * Who a request comes from, for per-client limits. The address is the socket's peer, or —
 * only when the server is configured to sit behind a trusted proxy, the way adapter-node is
 * (`ADDRESS_HEADER`, and `XFF_DEPTH` for `X-Forwarded-For`) — the address that proxy wrote.
 * Without that configuration a forwarded header is ignored: anyone can send one.
 *
 * Addresses are grouped into clients: an IPv4 address (an IPv4-mapped IPv6 one included) is
 * one client; an IPv6 address counts by its /64 prefix, since one host is routinely given a
 * whole /64 and could otherwise rotate through addresses to dodge a limit.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** How to read the client's address when a trusted proxy is in front (adapter-node's variables). */
export interface TrustedProxy {
	/** Lower-cased header the proxy sets, e.g. `x-forwarded-for`; absent: no proxy is trusted. */
	addressHeader?: string;
	/** For `X-Forwarded-For`: which entry from the right is the client (default 1, the last one). */
	xffDepth?: number;
}

/** The trusted proxy declared in the environment (`ADDRESS_HEADER`, `XFF_DEPTH`), as adapter-node reads it. */
export function trustedProxyFromEnv(env: Record<string, string | undefined>): TrustedProxy {
	const addressHeader = env.ADDRESS_HEADER?.trim().toLowerCase() || undefined;
	const depth = Number.parseInt(env.XFF_DEPTH ?? '1', 10);
	return { addressHeader, xffDepth: Number.isInteger(depth) && depth >= 1 ? depth : 1 };
}

/**
 * The client address of a Node request: the proxy's header when one is trusted and the
 * request carries it (deep enough), otherwise the socket's peer address.
 */
export function nodeClientAddress(incoming: IncomingMessage, proxy: TrustedProxy = {}): string {
	const peer = incoming.socket.remoteAddress ?? '';
	const header = proxy.addressHeader;
	if (!header) return peer;
	const raw = incoming.headers[header];
	const value = (Array.isArray(raw) ? raw.join(',') : raw)?.trim();
	if (!value) return peer;
	if (header !== 'x-forwarded-for') return value;
	const entries = value.split(',').map((entry) => entry.trim());
	const depth = proxy.xffDepth ?? 1;
	// Fewer entries than proxies: the request did not come through all of them.
	return depth <= entries.length ? entries[entries.length - depth] : peer;
}

/** The eight 16-bit groups of an IPv6 address (no zone), or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
	if (!isIPv6(address)) return undefined;
	let text = address;
	const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
	if (v4) {
		const [a, b, c, d] = v4[1].split('.').map(Number);
		text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
	}
	const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
	const left = head ? head.split(':') : [];
	const right = tail ? tail.split(':') : [];
	const missing = tail === undefined ? 0 : 8 - left.length - right.length;
	const groups = [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => Number.parseInt(group, 16));
	return groups.length === 8 ? groups : undefined;
}

/**
 * The client an address belongs to: the IPv4 address itself (`::ffff:10.0.0.1` → `10.0.0.1`),
 * an IPv6 address's /64 (`2001:db8:1:2::/64`), anything else as given (lower-cased).
 */
export function clientKey(address: string): string {
	const value = address.trim().toLowerCase().replace(/%.*$/, '');
	if (isIPv4(value)) return value;
	const groups = ipv6Groups(value);
	if (!groups) return value;
	if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
		return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
	}
	if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return '::1';
	return `${groups
		.slice(0, 4)
		.map((group) => group.toString(16))
		.join(':')}::/64`;
}
