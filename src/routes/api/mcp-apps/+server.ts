/**
 * Where MCP App views are served from: `{ sandboxOrigin, serverOrigins }` (the shared origin and
 * the per-server origin pattern, `*` standing for a server's label; null when there is none, or
 * when the request came under a host name that is not the app's: the answer is built from the
 * configured origin, never from a Host header someone else chose).
 */
import { json } from '@sveltejs/kit';
import { env } from '$env/dynamic/private';
import { configuredOrigin } from '$lib/server/host-guard';
import { sandboxOriginsFor } from '$lib/server/sandbox/origin';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ url }) => {
	const origins = sandboxOriginsFor(configuredOrigin(url, env), env);
	return json(
		{ sandboxOrigin: origins.shared ?? null, serverOrigins: origins.perServer ?? null },
		{ headers: { 'cache-control': 'no-store' } }
	);
};
