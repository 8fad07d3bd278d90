/** Where MCP App views are served from (`{ sandboxOrigin }`, null when there is no sandbox). */
import { json } from '@sveltejs/kit';
import { env } from '$env/dynamic/private';
import { sandboxOriginFor } from '$lib/server/sandbox/origin';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ url }) =>
	json({ sandboxOrigin: sandboxOriginFor(url, env) ?? null }, { headers: { 'cache-control': 'no-store' } });
