/**
 * The opt-in MCP relay: `/api/relay/<name>` forwards Streamable HTTP to an upstream listed
 * in the server-side config file, or serves a stdio server listed there. Off unless
 * AUTOUI_RELAY_CONFIG names a config file; answers loopback clients only, and only requests
 * from this app's own origin (a page elsewhere cannot use the relay through the browser).
 */
import type { HttpUpstream } from './config';
import { relayGuard, relayHop } from './common';
import { jsonError, StdioBridge } from './stdio-bridge';

const forwardedRequestHeaders = [
	'content-type',
	'accept',
	'authorization',
	'mcp-session-id',
	'mcp-protocol-version',
	'last-event-id'
];
const forwardedResponseHeaders = [
	'content-type',
	'cache-control',
	'mcp-session-id',
	'mcp-protocol-version',
	'www-authenticate'
];

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
	const admit = relayGuard('The MCP relay', configPath);
	const bridges = new Map<string, StdioBridge>();

	return {
		async handle({ request, name, clientAddress }) {
			const admitted = admit(request, clientAddress);
			if ('refused' in admitted) return jsonError(admitted.refused, admitted.message);
			const upstream = admitted.upstreams.get(name);
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
	return relayHop(
		{
			name: upstream.name,
			target: upstream.url,
			request,
			headers,
			upstreamHeaders: upstream.headers,
			keptResponseHeaders: forwardedResponseHeaders
		},
		jsonError
	);
}
