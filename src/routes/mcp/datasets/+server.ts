/**
 * The embedded datasets MCP server at /mcp/datasets (Streamable HTTP, same origin as the
 * app). One handler per server process; DuckDB starts on the first session.
 */
import { env } from '$env/dynamic/private';
import { createDatasetsHttpHandler } from '$lib/server/datasets';
import { hostPolicyFromEnv } from '$lib/server/host-guard';
import type { RequestHandler } from './$types';

// Only this app's own pages, under its own host names (no DNS rebinding).
const datasets = createDatasetsHttpHandler({ sameOriginOnly: true, hosts: hostPolicyFromEnv(env) });

export const GET: RequestHandler = ({ request }) => datasets.handle(request);
export const POST: RequestHandler = ({ request }) => datasets.handle(request);
export const DELETE: RequestHandler = ({ request }) => datasets.handle(request);
