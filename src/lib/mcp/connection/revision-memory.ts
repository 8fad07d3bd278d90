/**
 * Which servers answered the 2026-07-28 probe by speaking only 2025-11-25, remembered for
 * the browser tab (sessionStorage). A connection on `auto` to such a server goes straight to
 * `initialize`: the probe's expected 400, which the browser logs as a failed request, happens
 * at most once per server per tab instead of on every connect and reload. Without
 * sessionStorage (Node) nothing is kept beyond each connection's own memory.
 */

/** Where the servers found to speak only 2025-11-25 are kept (their URLs). */
export const legacyServersKey = 'autoui.mcp.legacy-servers.v1';

function storage(): Storage | undefined {
	try {
		return globalThis.sessionStorage ?? undefined;
	} catch {
		return undefined;
	}
}

function read(): Set<string> {
	try {
		const parsed: unknown = JSON.parse(storage()?.getItem(legacyServersKey) ?? '[]');
		return new Set(Array.isArray(parsed) ? parsed.filter((url): url is string => typeof url === 'string') : []);
	} catch {
		return new Set();
	}
}

/** True when the server at `url` was found to speak only 2025-11-25 earlier in this tab. */
export function rememberedLegacy(url: string): boolean {
	return read().has(url);
}

/** Records the revision a server spoke (`legacy`: only 2025-11-25); a modern answer forgets it. */
export function rememberRevision(url: string, legacy: boolean): void {
	const urls = read();
	if (legacy === urls.has(url)) return;
	if (legacy) urls.add(url);
	else urls.delete(url);
	try {
		storage()?.setItem(legacyServersKey, JSON.stringify([...urls].slice(-100)));
	} catch {
		// Blocked or full: each connection still remembers it for its own reconnects.
	}
}
