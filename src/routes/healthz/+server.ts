/**
 * GET /healthz: for balancers and orchestrators. 200 with the app's version, the build, and
 * the built-in datasets server's state (its engine starts with the first MCP session, never
 * here); 503 once the process is draining (SIGTERM), so no new work is sent to it. Answers
 * under any host name: probes often use an address, and nothing here is secret.
 */
import { version as build } from '$app/environment';
import { appDatasetsStatus } from '$lib/server/app-datasets';
import { isDraining } from '$lib/server/lifecycle';
import { version } from '../../../package.json';
import type { RequestHandler } from './$types';

const startedAt = Date.now();

export const GET: RequestHandler = () => {
	const draining = isDraining();
	const datasets = appDatasetsStatus() ?? { engine: 'idle', sessions: 0, clients: 0, adopted: 0, draining };
	const body = {
		status: draining ? 'draining' : 'ok',
		version,
		build,
		uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
		datasets
	};
	return new Response(JSON.stringify(body), {
		status: draining ? 503 : 200,
		headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }
	});
};
