/**
 * Server hooks: the page's CSP lets frames load from the MCP App sandbox origin only
 * (`frame-src`, built with `'none'` in svelte.config.js; the origin is known at run time).
 */
import type { Handle } from '@sveltejs/kit';
import { env } from '$env/dynamic/private';
import { allowSandboxFrames, sandboxOriginFor } from '$lib/server/sandbox/origin';

export const handle: Handle = async ({ event, resolve }) => {
	const response = await resolve(event);
	const policy = response.headers.get('content-security-policy');
	if (policy?.includes("frame-src 'none'")) {
		try {
			response.headers.set('content-security-policy', allowSandboxFrames(policy, sandboxOriginFor(event.url, env), event.url.origin));
		} catch {
			// Immutable headers (a proxied response): the policy stays as built.
		}
	}
	return response;
};
