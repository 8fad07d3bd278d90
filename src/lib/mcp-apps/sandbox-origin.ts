/**
 * Asks the app's own server where the View sandbox is (`GET /api/mcp-apps`), within a bound,
 * and gives each server's Views their origin: the server's label (a hash of its URL) in the
 * per-server pattern (`http://*.localhost:4174` → `http://v3f….localhost:4174`), else the
 * shared sandbox origin (then the View runs in an opaque-origin frame inside it).
 */
import { errorMessage } from '$lib/shared';

/** How long the app's own server has to say where the sandbox is (a View says why it waits no longer). */
export const sandboxLookupTimeoutMs = 10_000;

/** What the app's server names: one shared origin and a per-server pattern (`*` = the label). */
export interface SandboxOrigins {
	shared: string | null;
	perServer: string | null;
}

/** Where one server's Views load: `own` when the origin is that server's alone. */
export interface ViewOrigin {
	origin: string;
	own: boolean;
}

const pattern = /^https?:\/\/\*\.[a-z0-9.-]+(:\d{1,5})?$/;

/** The origins the server names (both null: it serves none); rejects with advice when it cannot be asked. */
export function lookUpSandboxOrigins(fetcher: typeof fetch): Promise<SandboxOrigins> {
	return fetcher('/api/mcp-apps', { signal: AbortSignal.timeout(sandboxLookupTimeoutMs) })
		.then(async (response) => {
			if (!response.ok) return { shared: null, perServer: null };
			const body = (await response.json()) as { sandboxOrigin?: unknown; serverOrigins?: unknown };
			return {
				shared: typeof body.sandboxOrigin === 'string' ? body.sandboxOrigin : null,
				perServer:
					typeof body.serverOrigins === 'string' && pattern.test(body.serverOrigins) ? body.serverOrigins : null
			};
		})
		.catch((error: unknown) => {
			throw new Error(
				`the app's server did not say where the sandbox is (${errorMessage(error)}); check that it is reachable, then try again`
			);
		});
}

/** A server's label: `v` and 96 bits of the SHA-256 of its identity (its URL), in hex. */
export async function serverLabel(key: string): Promise<string | undefined> {
	const subtle = globalThis.crypto?.subtle;
	if (!subtle) return undefined;
	const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(key)));
	return `v${[...digest.slice(0, 12)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The origin of the Views of the server `key` (null: there is no sandbox). */
export async function viewOriginFor(origins: SandboxOrigins, key: string): Promise<ViewOrigin | null> {
	const label = origins.perServer ? await serverLabel(key) : undefined;
	if (origins.perServer && label) return { origin: origins.perServer.replace('*', label), own: true };
	return origins.shared ? { origin: origins.shared, own: false } : null;
}
