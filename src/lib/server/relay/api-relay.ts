/**
 * The opt-in relay for HTTP tools: `/api/relay-http/<name>/<path>` forwards a REST request to
 * the base URL of the API `<name>` listed under "apis" in the server-side relay config, for
 * APIs that do not allow calls from the browser (no CORS). Same guards as the MCP relay:
 * off without AUTOUI_RELAY_CONFIG, loopback clients and hosts only, this app's own pages
 * only. The path stays under the API's base path (no dot segments), redirects are not
 * followed, and cookies and browser-only headers are not forwarded.
 */
import { errorMessage } from '$lib/shared';
import { isCrossOrigin } from '../same-origin';
import { relayConfigLoader, type ApiUpstream, type Upstream } from './config';

const loopbackAddress = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const loopbackHost = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/;
const droppedRequestHeaders = /^(host|connection|keep-alive|transfer-encoding|te|trailer|upgrade|proxy-.*|cookie|origin|referer|content-length|accept-encoding|sec-.*|x-forwarded-.*|forwarded)$/i;
const keptResponseHeaders = ['content-type', 'cache-control', 'etag', 'last-modified', 'retry-after', 'www-authenticate', 'location'];

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
	if (segments.some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return 'The path has a "." or ".." segment; the relay forwards paths under the API\'s base only.';
	const base = new URL(upstream.url.endsWith('/') ? upstream.url : `${upstream.url}/`);
	const target = new URL(path.replace(/^\/+/, ''), base);
	if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) return 'The path leaves the API\'s base URL.';
	target.search = search;
	return target;
}

/** Creates the HTTP tools relay. `configPath` is normally process.env.AUTOUI_RELAY_CONFIG. */
export function createApiRelay(configPath: string | undefined): { handle(input: ApiRelayRequest): Promise<Response> } {
	const load = relayConfigLoader(configPath);
	return {
		async handle({ request, name, path, clientAddress }) {
			if (!configPath) return problem(404, 'The relay is off. Start the app with AUTOUI_RELAY_CONFIG=<path to .relay.json> to enable it.');
			if (!loopbackAddress.test(clientAddress) || !loopbackHost.test(request.headers.get('host') ?? '')) return problem(403, 'The relay only serves this machine (loopback clients and hosts).');
			if (isCrossOrigin(request)) return problem(403, 'The relay only serves this app\'s own pages.');
			let upstreams: Map<string, Upstream> | undefined;
			try {
				upstreams = load();
			} catch (error) {
				return problem(500, `The relay config could not be read: ${errorMessage(error)}`);
			}
			const upstream = upstreams?.get(name);
			if (!upstream || upstream.kind !== 'api') return problem(404, `No API named "${name}" in the relay config ("apis").`);
			const target = relayTarget(upstream, path, new URL(request.url).search);
			if (typeof target === 'string') return problem(400, target);
			const headers = new Headers();
			request.headers.forEach((value, key) => {
				if (!droppedRequestHeaders.test(key)) headers.set(key, value);
			});
			for (const [key, value] of Object.entries(upstream.headers)) headers.set(key, value);
			const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
			let response: Response;
			try {
				response = await fetch(target, { method: request.method, headers, body: hasBody ? await request.arrayBuffer() : undefined, signal: request.signal, redirect: 'manual' });
			} catch (error) {
				return problem(502, `The relay could not reach "${name}": ${errorMessage(error)}`);
			}
			const out = new Headers();
			for (const key of keptResponseHeaders) {
				const value = response.headers.get(key);
				if (value !== null) out.set(key, value);
			}
			return new Response(request.method === 'HEAD' ? null : response.body, { status: response.status, statusText: response.statusText, headers: out });
		}
	};
}
