/**
 * Where MCP App views are served from: `SANDBOX_ORIGIN` when set (a deployment behind a
 * proxy or CDN maps it to the sandbox server), else the app's host (`appOrigin`, the
 * configured origin: see `configuredOrigin` in host-guard.ts) on `SANDBOX_PORT` (which
 * `npm start` sets to PORT+1), over plain HTTP as the sandbox server serves it (adapter-node
 * reports `https:` for requests when ORIGIN is unset, so the page's own protocol is not used).
 * Undefined when neither is known (the Vite dev server, or a request under a host name that
 * is not the app's), in which case views say how to get one.
 */
export function sandboxOriginFor(
	appOrigin: string | undefined,
	env: Record<string, string | undefined>
): string | undefined {
	if (env.SANDBOX_ORIGIN) {
		try {
			return new URL(env.SANDBOX_ORIGIN).origin;
		} catch {
			return undefined;
		}
	}
	const port = env.SANDBOX_PORT ?? (env.PORT ? String(Number(env.PORT) + 1) : undefined);
	if (!appOrigin || !port || !/^\d{1,5}$/.test(port)) return undefined;
	return `http://${new URL(appOrigin).hostname}:${port}`;
}

/**
 * The page's CSP with `frame-src` allowing exactly the sandbox origin (and nothing when the
 * sandbox would share the app's origin, which the spec forbids). The app's origin is compared
 * by host and port: the server may believe its own scheme is `https:` (adapter-node without
 * ORIGIN) while the page was loaded over plain HTTP.
 */
export function allowSandboxFrames(policy: string, sandboxOrigin: string | undefined, appOrigin: string): string {
	if (!sandboxOrigin || sandboxOrigin === appOrigin || new URL(sandboxOrigin).host === new URL(appOrigin).host)
		return policy;
	return policy.replace(/frame-src 'none'/, `frame-src ${sandboxOrigin}`);
}
