/**
 * Where MCP App views are served from (`{ sandboxOrigin }`, null when there is no sandbox, or
 * when the request came under a host name that is not the app's: the answer is built from the
 * configured origin, never from a Host header someone else chose).
 */
import { json } from '@sveltejs/kit';
import { env } from '$env/dynamic/private';
import { configuredOrigin } from '$lib/server/host-guard';
import { sandboxOriginFor } from '$lib/server/sandbox/origin';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ url }) =>
	json(
		{ sandboxOrigin: sandboxOriginFor(configuredOrigin(url, env), env) ?? null },
		{ headers: { 'cache-control': 'no-store' } }
	);
