/**
 * /api/relay/<name>: the opt-in MCP relay (see $lib/server/relay). Off unless the server was
 * started with AUTOUI_RELAY_CONFIG; loopback clients only. When the process stops, the stdio
 * sessions' GET streams end first and their processes once the server has closed.
 */
import { dev } from '$app/environment';
import { env } from '$env/dynamic/private';
import { createRelay } from '$lib/server/relay';
import { onDrain } from '$lib/server/lifecycle';
import type { RequestHandler } from './$types';

const relay = createRelay(env.AUTOUI_RELAY_CONFIG || undefined);
onDrain(() => relay.drain(), !dev);
process.once('sveltekit:shutdown', () => void relay.close());

const handle: RequestHandler = ({ request, params, getClientAddress }) =>
	relay.handle({ request, name: params.name, clientAddress: getClientAddress() });

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
