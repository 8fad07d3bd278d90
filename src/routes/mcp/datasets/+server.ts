/**
 * The embedded datasets MCP server at /mcp/datasets (Streamable HTTP, same origin as the
 * app). One handler per server process (`$lib/server/app-datasets`); DuckDB starts on the
 * first session. Sessions move between instances behind a balancer (see the handler) and are
 * counted per client: `getClientAddress()`, which is the proxy's forwarded address only when
 * adapter-node is told to trust one (`ADDRESS_HEADER`, `XFF_DEPTH`).
 */
import { dev } from '$app/environment';
import { env } from '$env/dynamic/private';
import { appDatasets } from '$lib/server/app-datasets';
import type { RequestHandler } from './$types';

// Only this app's own pages, under its own host names (no DNS rebinding).
const datasets = appDatasets(env, !dev);

/**
 * The client's address. adapter-node throws when `ADDRESS_HEADER` is set and the request
 * lacks it (or has fewer `X-Forwarded-For` entries than `XFF_DEPTH`): it did not come through
 * the proxy. All such requests count as one client rather than fail.
 */
function clientAddress(getClientAddress: () => string): string {
	try {
		return getClientAddress();
	} catch {
		return 'not-forwarded';
	}
}

const handle: RequestHandler = ({ request, getClientAddress }) =>
	datasets.handle(request, clientAddress(getClientAddress));

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
