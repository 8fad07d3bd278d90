/**
 * The embedded datasets MCP server at /mcp/datasets (Streamable HTTP, same origin as the
 * app). One handler per server process (`$lib/server/app-datasets`); DuckDB starts on the
 * first session. Sessions move between instances behind a balancer (see the handler).
 */
import { dev } from '$app/environment';
import { env } from '$env/dynamic/private';
import { appDatasets } from '$lib/server/app-datasets';
import type { RequestHandler } from './$types';

// Only this app's own pages, under its own host names (no DNS rebinding).
const datasets = appDatasets(env, !dev);

export const GET: RequestHandler = ({ request }) => datasets.handle(request);
export const POST: RequestHandler = ({ request }) => datasets.handle(request);
export const DELETE: RequestHandler = ({ request }) => datasets.handle(request);
