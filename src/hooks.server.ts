/**
 * Server hooks: the page's CSP lets frames load from the MCP App sandbox origin only
 * (`frame-src`: the shared and the per-server sandbox origins, built with `'none'` in svelte.config.js; the origin is known at run time).
 * The page's `Link` header is left out: it repeats the `<link rel="modulepreload">` tags of
 * the page's head (about 7 KB for the first route), and response headers over a reverse
 * proxy's buffer (nginx: 4 KB by default, `proxy_buffer_size`) turn the page into a 502.
 */
import type { Handle } from '@sveltejs/kit';
import { env } from '$env/dynamic/private';
import { allowSandboxFrames, sandboxOriginsFor } from '$lib/server/sandbox/origin';

export const handle: Handle = async ({ event, resolve }) => {
	const response = await resolve(event);
	const policy = response.headers.get('content-security-policy');
	try {
		if (policy?.includes("frame-src 'none'")) {
			response.headers.set(
				'content-security-policy',
				allowSandboxFrames(policy, sandboxOriginsFor(event.url, env), event.url.origin)
			);
		}
		if (response.headers.get('content-type')?.startsWith('text/html')) response.headers.delete('link');
	} catch {
		// Immutable headers (a proxied response): they stay as built.
	}
	return response;
};
