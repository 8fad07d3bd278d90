import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientKey, nodeClientAddress, trustedProxyFromEnv } from './client-address';

/** The parts of a Node request `nodeClientAddress` reads. */
function incoming(peer: string, headers: Record<string, string> = {}): IncomingMessage {
	return { socket: { remoteAddress: peer }, headers } as unknown as IncomingMessage;
}

describe('clientKey', () => {
	it('keeps IPv4 addresses, unwraps IPv4-mapped ones and groups IPv6 by /64', () => {
		expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
		expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
		expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
		expect(clientKey('::1')).toBe('::1');
		// A host rotating through its /64 is one client; the next /64 is another.
		expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
		expect(clientKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
		expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
		expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
		expect(clientKey('')).toBe('');
	});
});

describe('nodeClientAddress', () => {
	it('ignores forwarded headers unless a proxy is trusted', () => {
		expect(nodeClientAddress(incoming('10.0.0.1', { 'x-forwarded-for': '198.51.100.1' }))).toBe('10.0.0.1');
	});

	it('reads the entry XFF_DEPTH from the right, and the peer when the header is short or absent', () => {
		const proxy = trustedProxyFromEnv({ ADDRESS_HEADER: 'X-Forwarded-For', XFF_DEPTH: '2' });
		expect(proxy).toEqual({ addressHeader: 'x-forwarded-for', xffDepth: 2 });
		const forwarded = { 'x-forwarded-for': 'spoofed, 198.51.100.1, 10.0.0.9' };
		expect(nodeClientAddress(incoming('10.0.0.1', forwarded), proxy)).toBe('198.51.100.1');
		expect(nodeClientAddress(incoming('10.0.0.1', { 'x-forwarded-for': '10.0.0.9' }), proxy)).toBe('10.0.0.1');
		expect(nodeClientAddress(incoming('10.0.0.1'), proxy)).toBe('10.0.0.1');
		expect(
			nodeClientAddress(incoming('10.0.0.1', { 'x-real-ip': '198.51.100.2' }), { addressHeader: 'x-real-ip' })
		).toBe('198.51.100.2');
		expect(trustedProxyFromEnv({})).toEqual({ addressHeader: undefined, xffDepth: 1 });
	});
});
