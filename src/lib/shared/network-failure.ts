/**
 * Reading why a request never got an answer. Browsers refuse some ports outright (the
 * Fetch standard's "bad ports", Chromium's ERR_UNSAFE_PORT): that is known from the URL
 * alone and can never succeed. Node (tests, scripts) also names DNS, refused-connection and
 * TLS failures in the error's cause; a browser only says "Failed to fetch", and callers then
 * probe further.
 */
import { httpUrl } from './url';

/** Ports every browser refuses to connect to (Fetch standard, "bad port"). */
const badPorts = new Set([
	1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
	111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
	540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
	6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080
]);

/** The port of `url` when browsers refuse it (e.g. 9), else undefined. */
export function browserBlockedPort(url: string | URL): number | undefined {
	const parsed = httpUrl(url);
	if (!parsed) return undefined;
	const port = Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
	return badPorts.has(port) ? port : undefined;
}

/** A message for a blocked port, naming what to do instead. */
export function blockedPortMessage(port: number): string {
	return `browsers refuse port ${port} for web requests (ERR_UNSAFE_PORT), so nothing on it can be reached from this page — run the server on another port (e.g. 3001 or 8080) and use that URL`;
}

/** What a failed request's cause says, when the runtime names it (Node does; browsers do not). */
export type TransitFailure = 'dns' | 'refused' | 'tls' | 'timeout' | 'unknown';

/** Reads the cause chain of a fetch failure. */
export function transitFailure(error: unknown): TransitFailure {
	for (let current = error, depth = 0; current && depth < 5; depth++) {
		const { code, name } = current as { code?: unknown; name?: unknown };
		if (typeof code === 'string') {
			if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'dns';
			if (code === 'ECONNREFUSED' || (code === 'ECONNRESET' && depth > 0)) return 'refused';
			if (/SSL|TLS|CERT|EPROTO/.test(code)) return 'tls';
			if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return 'timeout';
		}
		if (name === 'TimeoutError') return 'timeout';
		current = (current as { cause?: unknown }).cause;
	}
	return 'unknown';
}
