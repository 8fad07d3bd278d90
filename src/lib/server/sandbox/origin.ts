/**
 * Where MCP App views are served from. Each server's Views get an origin of their own (a
 * subdomain of the sandbox host: `perServer`, with `*` standing for the server's label), so
 * a View may have the real origin frameworks expect (`window.parent` readable inside its
 * sandbox) while no View reaches another server's Views or storage.
 *
 * - `SANDBOX_ORIGIN` with a wildcard (`https://*.views.example.com`): per-server origins there
 *   (a wildcard DNS name and certificate route them all to the sandbox server).
 * - `SANDBOX_ORIGIN` without one (`https://views.example.com`): one shared origin; Views then
 *   run in frames with an opaque origin (isolated, but frameworks that read `window.parent` fail).
 * - Neither: the app's host (`appOrigin`, the configured origin: see `configuredOrigin` in
 *   host-guard.ts) on `SANDBOX_PORT` (which `npm start` sets to PORT+1) over plain
 *   HTTP as the sandbox server serves it (adapter-node reports `https:` for requests when
 *   ORIGIN is unset, so the page's own protocol is not used); opened on a loopback name, also
 *   `http://*.localhost:SANDBOX_PORT` (browsers resolve every `*.localhost` name to loopback).
 * Nothing when neither is known (the Vite dev server, or a request under a host name that is
 * not the app's), in which case views say how to get one.
 */
export interface SandboxOrigins {
	/** One origin for every server's Views (opaque-origin frames inside it). */
	shared?: string;
	/** The per-server origin pattern: `*` is replaced by the server's label. */
	perServer?: string;
}

const wildcardOrigin = /^(https?):\/\/\*\.([a-z0-9-]+(\.[a-z0-9-]+)*)(:\d{1,5})?\/?$/i;
const loopbackNames = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function sandboxOriginsFor(
	appOrigin: string | undefined,
	env: Record<string, string | undefined>
): SandboxOrigins {
	if (env.SANDBOX_ORIGIN) {
		const wildcard = wildcardOrigin.exec(env.SANDBOX_ORIGIN.trim());
		if (wildcard)
			return { perServer: `${wildcard[1].toLowerCase()}://*.${wildcard[2].toLowerCase()}${wildcard[4] ?? ''}` };
		try {
			return { shared: new URL(env.SANDBOX_ORIGIN).origin };
		} catch {
			return {};
		}
	}
	const port = env.SANDBOX_PORT ?? (env.PORT ? String(Number(env.PORT) + 1) : undefined);
	if (!appOrigin || !port || !/^\d{1,5}$/.test(port)) return {};
	const { hostname } = new URL(appOrigin);
	const shared = `http://${hostname}:${port}`;
	return loopbackNames.has(hostname) ? { shared, perServer: `http://*.localhost:${port}` } : { shared };
}

/** Host and port of an origin or origin pattern (`*.` kept). */
function hostOf(origin: string): string {
	return origin.replace(/^[a-z]+:\/\//i, '').replace(/\/$/, '');
}

/**
 * The page's CSP with `frame-src` allowing exactly the sandbox origins (and none that would
 * share the app's origin, which the spec forbids). The app's origin is compared by host and
 * port: the server may believe its own scheme is `https:` (adapter-node without ORIGIN)
 * while the page was loaded over plain HTTP.
 */
export function allowSandboxFrames(policy: string, origins: SandboxOrigins, appOrigin: string): string {
	const app = hostOf(new URL(appOrigin).origin);
	const allowed = [origins.perServer, origins.shared].filter(
		(origin): origin is string => !!origin && hostOf(origin) !== app
	);
	if (!allowed.length || (origins.shared && hostOf(origins.shared) === app)) return policy;
	return policy.replace(/frame-src 'none'/, `frame-src ${allowed.join(' ')}`);
}
