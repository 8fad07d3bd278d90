/**
 * The opt-in MCP relay: `/api/relay/<name>` forwards Streamable HTTP to an upstream listed
 * in the server-side config file, or serves a stdio server listed there. Off unless
 * AUTOUI_RELAY_CONFIG names a config file; answers loopback clients only, and only requests
 * from this app's own origin (a page elsewhere cannot use the relay through the browser).
 */
import { isCrossOrigin } from '../same-origin';
import { errorMessage } from '$lib/shared';
import { relayConfigLoader, type HttpUpstream, type Upstream } from './config';
import { jsonError, StdioBridge } from './stdio-bridge';

const forwardedRequestHeaders = ['content-type', 'accept', 'authorization', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id'];
const forwardedResponseHeaders = ['content-type', 'cache-control', 'mcp-session-id', 'mcp-protocol-version', 'www-authenticate'];
const loopbackAddress = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const loopbackHost = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/;

/** What the route hands over. */
export interface RelayRequest {
	request: Request;
	name: string;
	clientAddress: string;
}

/** A relay bound to one config file path (undefined = relay off). */
export interface Relay {
	handle(input: RelayRequest): Promise<Response>;
	/** Ends the stdio sessions' GET streams so a stopping server is not held open by them. */
	drain(): void;
	close(): Promise<void>;
}

/** Creates the relay. `configPath` is normally process.env.AUTOUI_RELAY_CONFIG. */
export function createRelay(configPath: string | undefined): Relay {
	const load = relayConfigLoader(configPath);
	const bridges = new Map<string, StdioBridge>();

	return {
		async handle({ request, name, clientAddress }) {
			if (!configPath) return jsonError(404, 'The MCP relay is off. Start the app with AUTOUI_RELAY_CONFIG=<path to .relay.json> to enable it.');
			if (!loopbackAddress.test(clientAddress) || !loopbackHost.test(request.headers.get('host') ?? '')) {
				return jsonError(403, 'The MCP relay only serves this machine (loopback clients and hosts).');
			}
			if (isCrossOrigin(request)) return jsonError(403, 'The MCP relay only serves this app\'s own pages.');
			let upstreams: Map<string, Upstream> | undefined;
			try {
				upstreams = load();
			} catch (error) {
				return jsonError(500, `The relay config could not be read: ${errorMessage(error)}`);
			}
			const upstream = upstreams?.get(name);
			if (!upstream || upstream.kind === 'api') {
				// The configured names are not listed: they would tell any caller what this machine relays.
				return jsonError(404, `No relay server named "${name}". Check the name in your relay config file.`);
			}
			if (upstream.kind === 'http') return forward(request, upstream);
			let bridge = bridges.get(name);
			if (!bridge) {
				bridge = new StdioBridge(upstream);
				bridges.set(name, bridge);
			}
			return bridge.handle(request);
		},
		drain() {
			for (const bridge of bridges.values()) bridge.drain();
		},
		async close() {
			await Promise.all([...bridges.values()].map((bridge) => bridge.close()));
			bridges.clear();
		}
	};
}

async function forward(request: Request, upstream: HttpUpstream): Promise<Response> {
	const headers = new Headers();
	for (const name of forwardedRequestHeaders) {
		const value = request.headers.get(name);
		if (value !== null) headers.set(name, value);
	}
	for (const [name, value] of Object.entries(upstream.headers)) headers.set(name, value);
	let response: Response;
	try {
		response = await fetch(upstream.url, {
			method: request.method,
			headers,
			body: request.method === 'POST' ? await request.arrayBuffer() : undefined,
			signal: request.signal,
			redirect: 'manual'
		});
	} catch (error) {
		return jsonError(502, `The relay could not reach "${upstream.name}": ${errorMessage(error)}`);
	}
	const out = new Headers();
	for (const name of forwardedResponseHeaders) {
		const value = response.headers.get(name);
		if (value !== null) out.set(name, value);
	}
	return new Response(response.body, { status: response.status, headers: out });
}
