/**
 * The contract every tool source implements: the autoui server, the MCP server list, the
 * HTTP tool sets, mocks, and whatever comes next. A source is read, never asked to push:
 * its getters may be runes-backed, so a view reading the hub follows its changes.
 */
import type { ToolLayer } from '$lib/agent/types';
import type { ToolRegistry } from '$lib/agent/tools/registry';
import type { ToolProtocol, ToolServer } from '$lib/shared';

/** What kind of source it is; the built-in kinds are named, a new one needs no change here. */
export type SourceKind = 'webmcp' | 'mcp' | 'http' | 'mocks' | (string & {});

/** A source's health in the words of the header pills (`StatusPill`). */
export interface SourceStatus {
	state: 'not-configured' | 'connecting' | 'connected' | 'reconnecting' | 'error' | 'ready' | 'partial';
	/** A short line for people: "2/3 connected · 41 tools". */
	detail: string;
}

/** One source of tools, registered once with the page's `ToolHub`. */
export interface ToolSource {
	/** Unique among the hub's sources (registering a second source with the same id throws). */
	readonly id: string;
	readonly kind: SourceKind;
	/** The layers the agent builds its prompt and tools from (in the order they should appear). */
	readonly layers: readonly ToolLayer[];
	/** The servers behind those layers, matched by name and protocol. */
	readonly servers: readonly ToolServer[];
	readonly status: SourceStatus;
	/** Resolves when a source that is still loading or connecting has what it will offer. */
	ready?(): Promise<void>;
	/**
	 * Puts this source in front of the servers of the sources registered before it (mocks):
	 * receives every server and returns the ones calls go to.
	 */
	wrap?(servers: readonly ToolServer[]): ToolServer[];
	/** Secret values in use (API keys of HTTP sets), so traces and logs can redact them. */
	readonly secretValues?: readonly string[];
}

/** What one turn (or one direct call) runs with: the agent session's `tools()` answer. */
export interface ToolCatalog {
	layers: ToolLayer[];
	servers: ToolServer[];
	/** The registry of `layers`, once its code has loaded (see `ToolHub.ready`). */
	registry?: ToolRegistry;
}

/** A tool named by its server: what the mocks panel offers to mock. */
export interface ToolRef {
	server: string;
	protocol: ToolProtocol;
	tool: string;
}
