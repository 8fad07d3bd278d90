/**
 * The embedded datasets MCP server at /mcp/datasets (Streamable HTTP, same origin as the
 * app). One handler per server process; DuckDB starts on the first session.
 */
import { createDatasetsHttpHandler } from '$lib/server/datasets';
import type { RequestHandler } from './$types';

const datasets = createDatasetsHttpHandler({ sameOriginOnly: true });

export const GET: RequestHandler = ({ request }) => datasets.handle(request);
export const POST: RequestHandler = ({ request }) => datasets.handle(request);
export const DELETE: RequestHandler = ({ request }) => datasets.handle(request);
