/**
 * What both relays (MCP and HTTP tools) do alike. First the guards, before they look at what is
 * asked: off without a config file, loopback clients and hosts only, this app's own pages only
 * (no foreign `Origin`, and `Sec-Fetch-Site` same-origin or absent: a cross-site GET carries no
 * `Origin`, and must not go on with the upstream's secret headers); then the config, re-read
 * when it changes on disk. Last the hop to the upstream.
 */
import { errorMessage } from '$lib/shared';
import { isCrossOrigin } from '../same-origin';
import { relayConfigLoader, type Upstream } from './config';

const loopbackAddress = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const loopbackHost = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/;

/** The configured upstreams when a request may use the relay, else the status and message it is refused with. */
export type RelayAdmission = { upstreams: ReadonlyMap<string, Upstream> } | { refused: number; message: string };

/**
 * The admission check of one relay bound to `configPath` (undefined = off); `relay` names it in
 * the refusals ("The MCP relay is off…").
 */
export function relayGuard(
	relay: string,
	configPath: string | undefined
): (request: Request, clientAddress: string) => RelayAdmission {
	const load = relayConfigLoader(configPath);
	return (request, clientAddress) => {
		if (!configPath)
			return {
				refused: 404,
				message: `${relay} is off. Start the app with AUTOUI_RELAY_CONFIG=<path to .relay.json> to enable it.`
			};
		if (!loopbackAddress.test(clientAddress) || !loopbackHost.test(request.headers.get('host') ?? '')) {
			return { refused: 403, message: `${relay} only serves this machine (loopback clients and hosts).` };
		}
		const site = request.headers.get('sec-fetch-site');
		if (isCrossOrigin(request) || (site !== null && site !== 'same-origin'))
			return { refused: 403, message: `${relay} only serves this app's own pages.` };
		try {
			return { upstreams: load() ?? new Map() };
		} catch (error) {
			return { refused: 500, message: `The relay config could not be read: ${errorMessage(error)}` };
		}
	};
}

/** One request on its way to an upstream. */
export interface RelayHop {
	/** The upstream's name, for the message when it cannot be reached. */
	name: string;
	target: string | URL;
	request: Request;
	/** The request headers chosen to go on; the upstream's configured headers are added to them. */
	headers: Headers;
	upstreamHeaders: Readonly<Record<string, string>>;
	/** The response headers that come back; the others stay behind. */
	keptResponseHeaders: readonly string[];
}

/**
 * Sends the request on (redirects are answered, not followed) and answers with the upstream's
 * status and body; `refuse` makes the 502 when the upstream cannot be reached, in the relay's
 * own error format.
 */
export async function relayHop(
	hop: RelayHop,
	refuse: (status: number, message: string) => Response
): Promise<Response> {
	const { request, headers } = hop;
	for (const [key, value] of Object.entries(hop.upstreamHeaders)) headers.set(key, value);
	const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
	let response: Response;
	try {
		response = await fetch(hop.target, {
			method: request.method,
			headers,
			body: hasBody ? await request.arrayBuffer() : undefined,
			signal: request.signal,
			redirect: 'manual'
		});
	} catch (error) {
		return refuse(502, `The relay could not reach "${hop.name}": ${errorMessage(error)}`);
	}
	const out = new Headers();
	for (const key of hop.keptResponseHeaders) {
		const value = response.headers.get(key);
		if (value !== null) out.set(key, value);
	}
	return new Response(request.method === 'HEAD' ? null : response.body, {
		status: response.status,
		statusText: response.statusText,
		headers: out
	});
}
