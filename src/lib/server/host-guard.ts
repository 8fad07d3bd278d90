/**
 * Which requests come to this app under one of its own names. A DNS-rebinding page
 * (http://evil.example:4173 re-resolved to 127.0.0.1) is same-origin with itself, so Origin
 * checks alone let it through; its requests still carry `Host: evil.example:4173`, which is
 * not one of the app's names. The app's names are the loopback ones (localhost, 127.x.x.x,
 * [::1], on any port), the host of `ORIGIN`, and those listed in `ALLOWED_HOSTS`
 * (comma-separated `host` or `host:port`).
 *
 * What this cannot stop: a request from a program on the same machine (it can send any
 * Host), or a user who lists a hostile name in ALLOWED_HOSTS. Server-side keys on a shared
 * network still need a sign-in in front of the app.
 */

/** The host names (with or without port) the app answers to, besides loopback. */
export interface HostPolicy {
	/** Lower-cased `host` or `host:port` entries. */
	extra: readonly string[];
}

const loopbackHost = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/i;

/** Reads the policy from the server environment (`ORIGIN`, `ALLOWED_HOSTS`). */
export function hostPolicyFromEnv(env: Record<string, string | undefined>): HostPolicy {
	const extra: string[] = [];
	if (env.ORIGIN) {
		try {
			extra.push(new URL(env.ORIGIN).host.toLowerCase());
		} catch {
			// An unusable ORIGIN adds no name; adapter-node reports it itself.
		}
	}
	for (const entry of (env.ALLOWED_HOSTS ?? '').split(',')) {
		const host = entry.trim().toLowerCase();
		if (host) extra.push(host);
	}
	return { extra };
}

/** True when `host` (a Host header value) is loopback or one of the policy's names. */
export function isAllowedHost(host: string | null, policy: HostPolicy): boolean {
	if (!host) return false;
	const value = host.trim().toLowerCase();
	if (loopbackHost.test(value)) return true;
	const name = value.replace(/:\d+$/, '');
	return policy.extra.some((entry) => entry === value || entry === name);
}

/** The Host a request was sent to (the header a browser sets, else the URL's). */
export function requestHost(request: Request): string {
	return request.headers.get('host') ?? new URL(request.url).host;
}

/**
 * Same-origin evidence for requests that spend the server's keys: browsers send
 * `Sec-Fetch-Site` on every request; only `same-origin` is accepted. A request without it
 * (a script, curl, a very old browser) is refused: the key proxy serves this app's pages only.
 */
export function hasSameOriginEvidence(request: Request): boolean {
	return request.headers.get('sec-fetch-site') === 'same-origin';
}

/**
 * The app's own origin, for responses that name it (the page's CSP `frame-src`,
 * `/api/mcp-apps`, the OAuth client metadata): `ORIGIN` when set; else the origin of `url`
 * (the request's, built from its Host header) when that host is one of the app's names;
 * else undefined, so nothing is built from a Host header someone else chose.
 */
export function configuredOrigin(url: URL, env: Record<string, string | undefined>): string | undefined {
	if (env.ORIGIN) {
		try {
			return new URL(env.ORIGIN).origin;
		} catch {
			return undefined;
		}
	}
	return isAllowedHost(url.host, hostPolicyFromEnv(env)) ? url.origin : undefined;
}
