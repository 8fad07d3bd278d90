/**
 * /api/relay-http/<name>/<path>: the opt-in relay for HTTP tools (see $lib/server/relay).
 * Off unless the server was started with AUTOUI_RELAY_CONFIG; loopback clients only.
 */
import { env } from '$env/dynamic/private';
import { createApiRelay } from '$lib/server/relay';
import type { RequestHandler } from './$types';

const relay = createApiRelay(env.AUTOUI_RELAY_CONFIG || undefined);

const handle: RequestHandler = ({ request, params, getClientAddress, url }) => {
	// The raw path keeps percent-encoded path arguments (`%2F`) as they were sent.
	const prefix = `/api/relay-http/${encodeURIComponent(params.name)}/`;
	const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : params.path;
	return relay.handle({ request, name: params.name, path, clientAddress: getClientAddress() });
};

export const GET = handle;
export const HEAD = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
