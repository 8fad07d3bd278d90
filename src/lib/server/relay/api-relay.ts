/**
 * The opt-in relay for HTTP tools: `/api/relay-http/<name>/<path>` forwards a REST request to
 * the base URL of the API `<name>` listed under "apis" in the server-side relay config, for
 * APIs that do not allow calls from the browser (no CORS). Same guards as the MCP relay:
 * off without AUTOUI_RELAY_CONFIG, loopback clients and hosts only, this app's own pages
 * only. The path stays under the API's base path (no dot segments), redirects are not
 * followed, and cookies and browser-only headers are not forwarded.
 */
import type { ApiUpstream } from './config';
import { relayGuard, relayHop } from './common';
const droppedRequestHeaders =
	/^(host|connection|keep-alive|transfer-encoding|te|trailer|upgrade|proxy-.*|cookie|origin|referer|content-length|accept-encoding|sec-.*|x-forwarded-.*|forwarded)$/i;
const keptResponseHeaders = [
	'content-type',
	'cache-control',
	'etag',
	'last-modified',
	'retry-after',
	'www-authenticate',
	'location'
];

/** What the route hands over. */
export interface ApiRelayRequest {
	request: Request;
	name: string;
	/** The path after `/api/relay-http/<name>/`, as sent (still percent-encoded). */
	path: string;
	clientAddress: string;
}

function problem(status: number, message: string): Response {
	return new Response(JSON.stringify({ error: message }), { status, headers: { 'content-type': 'application/json' } });
}

/** The upstream URL for a relayed path, or an error text when the path would leave the API's base. */
export function relayTarget(upstream: ApiUpstream, path: string, search: string): URL | string {
	const segments = path.split('/');
	if (segments.some((segment) => /^(\.|%2e){1,2}$/i.test(segment)))
		return 'The path has a "." or ".." segment; the relay forwards paths under the API\'s base only.';
	const base = new URL(upstream.url.endsWith('/') ? upstream.url : `${upstream.url}/`);
	const target = new URL(path.replace(/^\/+/, ''), base);
	if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname))
		return "The path leaves the API's base URL.";
	target.search = search;
	return target;
}

/** Creates the HTTP tools relay. `configPath` is normally process.env.AUTOUI_RELAY_CONFIG. */
export function createApiRelay(configPath: string | undefined): { handle(input: ApiRelayRequest): Promise<Response> } {
	const admit = relayGuard('The relay', configPath);
	return {
		async handle({ request, name, path, clientAddress }) {
			const admitted = admit(request, clientAddress);
			if ('refused' in admitted) return problem(admitted.refused, admitted.message);
			const upstream = admitted.upstreams.get(name);
			if (!upstream || upstream.kind !== 'api')
				return problem(404, `No API named "${name}" in the relay config ("apis").`);
			const target = relayTarget(upstream, path, new URL(request.url).search);
			if (typeof target === 'string') return problem(400, target);
			const headers = new Headers();
			request.headers.forEach((value, key) => {
				if (!droppedRequestHeaders.test(key)) headers.set(key, value);
			});
			return relayHop(
				{ name, target, request, headers, upstreamHeaders: upstream.headers, keptResponseHeaders },
				problem
			);
		}
	};
}
