/**
 * Responses that name the app's origin were built from the request's Host header: a request
 * under `Host: evil.example` got `frame-src http://evil.example:4174`, a sandbox origin on that
 * host from `/api/mcp-apps`, and an OAuth client metadata document whose callback was on that
 * host. They now use the configured origin (ORIGIN, or the request's own under the app's names).
 */
import type { RequestEvent } from '@sveltejs/kit';
import { env } from '$env/dynamic/private';
import { afterEach, describe, expect, it } from 'vitest';
import { handle } from './hooks.server';
import { GET as mcpApps } from './routes/api/mcp-apps/+server';
import { GET as clientMetadata } from './routes/oauth/client-metadata.json/+server';

const policy = "default-src 'self'; frame-src 'none'; object-src 'none'";
const saved = { ...env };

afterEach(() => {
	for (const key of ['PORT', 'ORIGIN', 'SANDBOX_ORIGIN', 'SANDBOX_PORT', 'ALLOWED_HOSTS']) delete env[key];
	Object.assign(env, saved);
});

/** The page's CSP as the hook leaves it for a page requested at `url`. */
async function pagePolicy(url: string): Promise<string | null> {
	const page = new Response('<!doctype html>', {
		headers: { 'content-type': 'text/html', 'content-security-policy': policy }
	});
	const response = await handle({
		event: { url: new URL(url) } as RequestEvent,
		resolve: async () => page
	});
	return response.headers.get('content-security-policy');
}

function get<T extends (event: never) => Response | Promise<Response>>(route: T, url: string): Promise<Response> {
	return Promise.resolve(route({ url: new URL(url), request: new Request(url) } as never));
}

describe('responses built from the Host header (Host: evil.example)', () => {
	it("frame-src names the sandbox on the app's own host only", async () => {
		env.PORT = '4173';
		expect(await pagePolicy('http://127.0.0.1:4173/')).toContain(
			'frame-src http://*.localhost:4174 http://127.0.0.1:4174;'
		);
		expect(await pagePolicy('https://evil.example:4173/')).toBe(policy);
		env.ORIGIN = 'https://autoui.example.com';
		expect(await pagePolicy('https://evil.example:4173/')).toContain('frame-src http://autoui.example.com:4174;');
	});

	it("/api/mcp-apps names no sandbox on a host that is not the app's", async () => {
		env.PORT = '4173';
		expect(await (await get(mcpApps, 'http://127.0.0.1:4173/api/mcp-apps')).json()).toEqual({
			sandboxOrigin: 'http://127.0.0.1:4174',
			serverOrigins: 'http://*.localhost:4174'
		});
		expect(await (await get(mcpApps, 'http://evil.example:4173/api/mcp-apps')).json()).toEqual({
			sandboxOrigin: null,
			serverOrigins: null
		});
		env.ALLOWED_HOSTS = 'lan-box';
		expect(await (await get(mcpApps, 'http://lan-box:4173/api/mcp-apps')).json()).toEqual({
			sandboxOrigin: 'http://lan-box:4174',
			serverOrigins: null
		});
	});

	it("the OAuth client metadata never names another host's callback", async () => {
		const foreign = await get(clientMetadata, 'https://evil.example/oauth/client-metadata.json');
		expect(foreign.status).toBe(404);
		expect(foreign.headers.get('cache-control')).toBe('no-store');
		env.ORIGIN = 'https://autoui.example.com';
		const configured = await (await get(clientMetadata, 'https://evil.example/oauth/client-metadata.json')).json();
		expect(configured.client_id).toBe('https://autoui.example.com/oauth/client-metadata.json');
		expect(configured.redirect_uris).toEqual(['https://autoui.example.com/oauth/callback']);
	});
});
