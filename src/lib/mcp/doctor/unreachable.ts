/**
 * Why nothing answered at all, told apart as far as the runtime lets us: a refused
 * connection, a host name that does not resolve, a TLS problem (or an http server given as
 * https), a timeout. Node names the cause; in a browser ("Failed to fetch") we probe: the
 * same host and port over plain http answering means TLS is the problem, loopback and IP
 * addresses need no name lookup, and the host's default https port answering means the
 * name resolves and only this port is closed.
 */
import { transitFailure, type TransitFailure } from '$lib/shared';
import type { Diagnosis } from './diagnosis';
import type { ProbeHttp } from './probe-http';

const ipLiteral = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\]|localhost)$/i;

/** The diagnosis for a host that did not answer a no-cors GET (`error` is what it threw). */
export async function explainUnreachable(http: ProbeHttp, error: unknown): Promise<Diagnosis> {
	const url = http.url;
	let cause: TransitFailure = transitFailure(error);
	let plainUrl: URL | undefined;
	if (url.protocol === 'https:') {
		const plain = new URL(url);
		plain.protocol = 'http:';
		if (cause === 'tls' || cause === 'unknown') {
			if (await http.reachable(plain)) {
				cause = 'tls';
				plainUrl = plain;
			}
		}
	}
	if (cause === 'unknown' && ipLiteral.test(url.hostname)) cause = 'refused';
	if (cause === 'unknown' && url.port && url.protocol === 'https:') {
		const defaultPort = new URL(url.origin);
		defaultPort.port = '';
		if (await http.reachable(defaultPort)) cause = 'refused';
	}
	switch (cause) {
		case 'refused':
			return {
				code: 'refused',
				summary: `Nothing accepts connections at ${url.host} (connection refused).`,
				fix: 'Check that the server is running and listening on that port and address (a server bound to another interface refuses 127.0.0.1).'
			};
		case 'dns':
			return {
				code: 'dns',
				summary: `The host name ${url.hostname} does not resolve (DNS).`,
				fix: 'Check the spelling of the host name, and your network or VPN.'
			};
		case 'tls':
			return plainUrl
				? {
						code: 'tls',
						summary: `The server at ${url.host} speaks plain http, not https (TLS).`,
						fix: `Use ${plainUrl.href} instead.`,
						suggestedUrl: plainUrl.href
					}
				: {
						code: 'tls',
						summary: `The secure connection (TLS) to ${url.host} failed: its certificate is not trusted or not valid for this name.`,
						fix: 'Open the URL in a new tab to see the certificate error; use a certificate the browser trusts.'
					};
		case 'timeout':
			return {
				code: 'unreachable',
				summary: `${url.host} did not answer in time.`,
				fix: 'Check that the server is running and that no firewall drops the connection.'
			};
		default:
			return {
				code: 'unreachable',
				summary: `Nothing answers at ${url.host}: the name does not resolve, nothing listens there${url.protocol === 'https:' ? ', or its TLS certificate is not trusted' : ''} (the browser does not say which).`,
				fix:
					url.protocol === 'https:'
						? 'Check the host name and that the server is running; open the URL in a new tab to see whether the browser trusts its certificate.'
						: 'Check the host name and port, and that the server is running.'
			};
	}
}
