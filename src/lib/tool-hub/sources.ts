/**
 * Sources for what needs no folder of its own: an in-page server with a fixed layer (autoui)
 * and a list of connections that each give a layer (the MCP server list). Both are read
 * structurally, so this folder imports neither `webmcp` nor `mcp`.
 */
import type { ToolLayer } from '$lib/agent/types';
import type { ToolServer } from '$lib/shared';
import type { SourceKind, SourceStatus, ToolSource } from './types';

/** An in-page server whose tools never change (the layer is read once). */
export function serverSource(server: ToolServer & { layer(): ToolLayer }): ToolSource {
	const layers = [server.layer()];
	return {
		id: server.name,
		kind: server.protocol,
		layers,
		servers: [server],
		status: { state: 'ready', detail: `${layers[0].tools.length} tools` }
	};
}

/** What a list of connections offers (the MCP server list has this shape). */
export interface ConnectionList<C extends ToolServer> {
	/** The connected servers' layers. */
	readonly layers: readonly ToolLayer[];
	/** The connected servers, in the order of `layers`. */
	readonly connections: readonly C[];
	readonly summary: { status: SourceStatus['state']; detail: string };
	/** Names of servers still making their first connection. */
	readonly connecting?: readonly string[];
	/** Resolves when none is still connecting, or when `signal` aborts. */
	settled?(signal: AbortSignal): Promise<void>;
}

/**
 * A list of connections as one source. `observe` wraps each connection before the agent
 * calls it (MCP Apps open a tool's View that way).
 */
export function connectionListSource<C extends ToolServer>(options: {
	id: string;
	kind: SourceKind;
	list: ConnectionList<C>;
	observe?: (connection: C) => ToolServer;
}): ToolSource {
	const { list, observe } = options;
	return {
		id: options.id,
		kind: options.kind,
		get layers() {
			return list.layers;
		},
		get servers() {
			return observe ? list.connections.map(observe) : list.connections;
		},
		get status() {
			return { state: list.summary.status, detail: list.summary.detail };
		},
		get connecting() {
			return list.connecting ?? [];
		},
		settled: (signal) => list.settled?.(signal) ?? Promise.resolve()
	};
}
