/**
 * Server hooks: the page's CSP lets frames load from the MCP App sandbox origin only
 * (`frame-src`: the shared and the per-server sandbox origins, built with `'none'` in
 * svelte.config.js; the origins are known at run time, from the configured origin — never from
 * a Host header the app does not answer to).
 * The page's `Link` header is left out: it repeats the `<link rel="modulepreload">` tags of
 * the page's head (about 7 KB for the first route), and response headers over a reverse
 * proxy's buffer (nginx: 4 KB by default, `proxy_buffer_size`) turn the page into a 502.
 */
import type { Handle } from '@sveltejs/kit';
import { env } from '$env/dynamic/private';
import { configuredOrigin } from '$lib/server/host-guard';
import { allowSandboxFrames, sandboxOriginsFor } from '$lib/server/sandbox/origin';

export const handle: Handle = async ({ event, resolve }) => {
	const response = await resolve(event);
	const policy = response.headers.get('content-security-policy');
	try {
		if (policy?.includes("frame-src 'none'")) {
			const appOrigin = configuredOrigin(event.url, env);
			response.headers.set(
				'content-security-policy',
				allowSandboxFrames(policy, sandboxOriginsFor(appOrigin, env), appOrigin ?? event.url.origin)
			);
		}
		if (response.headers.get('content-type')?.startsWith('text/html')) response.headers.delete('link');
	} catch {
		// Immutable headers (a proxied response): they stay as built.
	}
	return response;
};
