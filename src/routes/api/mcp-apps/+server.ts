/**
 * Where MCP App views are served from: `{ sandboxOrigin, serverOrigins }` (the shared origin and
 * the per-server origin pattern, `*` standing for a server's label; null when there is none).
 */
import { json } from '@sveltejs/kit';
import { env } from '$env/dynamic/private';
import { sandboxOriginsFor } from '$lib/server/sandbox/origin';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ url }) => {
	const origins = sandboxOriginsFor(url, env);
	return json(
		{ sandboxOrigin: origins.shared ?? null, serverOrigins: origins.perServer ?? null },
		{ headers: { 'cache-control': 'no-store' } }
	);
};
