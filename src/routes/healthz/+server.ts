/**
 * GET /healthz: for balancers and orchestrators. 200 with the app's version, the build, and
 * the built-in datasets server's state (its engine starts with the first MCP session, never
 * here); 503 once the process is draining (SIGTERM), so no new work is sent to it. Answers
 * under any host name, since probes often use an address; under a name the app does not
 * answer for (not loopback, `ORIGIN` or `ALLOWED_HOSTS`) it says only `{"status":"ok"}` (or
 * `draining`): a page that rebinds a name of its own to the server learns nothing else.
 */
import { version as build } from '$app/environment';
import { env } from '$env/dynamic/private';
import { appDatasetsStatus } from '$lib/server/app-datasets';
import { hostPolicyFromEnv, isAllowedHost, requestHost } from '$lib/server/host-guard';
import { isDraining } from '$lib/server/lifecycle';
import { version } from '../../../package.json';
import type { RequestHandler } from './$types';

const startedAt = Date.now();

export const GET: RequestHandler = ({ request }) => {
	const draining = isDraining();
	const status = draining ? 'draining' : 'ok';
	const body = isAllowedHost(requestHost(request), hostPolicyFromEnv(env))
		? {
				status,
				version,
				build,
				uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
				datasets: appDatasetsStatus() ?? { engine: 'idle', sessions: 0, clients: 0, adopted: 0, draining }
			}
		: { status };
	return new Response(JSON.stringify(body), {
		status: draining ? 503 : 200,
		headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }
	});
};
