/**
 * The tool registry: every provider-facing name mapped back to its layer and tool. Names are
 * resolved through this map, never by splitting on `_mcp_` (a server called `my_mcp_hub` or
 * a tool called `list_mcp_servers` would break a regex), and a call always goes to the
 * server its prefix names. Built fresh from the layers; holds no global state.
 */
import type { ToolDefinition } from '$lib/shared';
import { CANONICAL_ROLES, resolveCanonicalTools, type CanonicalTools } from './canonical';
import { hashSuffix, joinToolName, sanitizeServerName, serverPart, shortenWithHash } from './names';
import type { AppLayer, DisplayCapability, ToolLayer, WebMcpToolDef } from '../types';

/** The two pseudo-tools answered locally from the layer (seed 001). */
export type PseudoTool = 'list_tools' | 'search_tools';

/** One layer with the prefix its tools carry. */
export interface ServerEntry {
	/** `{server}_{protocol}` — unique among the layers; the activation key. */
	key: string;
	/** `{server}_{protocol}_`. */
	prefix: string;
	layer: ToolLayer;
	canonical: CanonicalTools;
}

/** What a provider-facing name stands for. */
export type RegistryEntry =
	| { kind: 'tool'; name: string; server: ServerEntry; tool: ToolDefinition }
	| { kind: 'pseudo'; name: string; server: ServerEntry; pseudo: PseudoTool }
	| { kind: 'recall'; name: string };

/** Name of the built-in recall tool, offered when no WebMCP layer lists its own `recall`. */
export const BUILTIN_RECALL = 'recall';

/** Every name of every layer, plus the canonical aliases. */
export interface ToolRegistry {
	servers: ServerEntry[];
	/** Provider name → entry (real tools and pseudo-tools). */
	entries: Map<string, RegistryEntry>;
	/** Real tools of each server (by key), in the layer's order. */
	toolsByServer: Map<string, Array<Extract<RegistryEntry, { kind: 'tool' }>>>;
	/** Canonical name (`x_mcp_list_recipes`) → real provider name (`x_mcp_browse_skills`). */
	aliases: Map<string, string>;
	/** The name of the tool that answers recall(id): a WebMCP `recall` or the built-in one. */
	recallName: string;
	/** Former names of the tools of closed MCP App Views → why they are gone (a call gets that error). */
	gone?: Map<string, string>;
}

/** A name resolved through aliases and the registry. */
export interface ResolvedName {
	/** The name after alias resolution. */
	resolvedName: string;
	entry: RegistryEntry;
	/** True when the name was a canonical alias. */
	viaAlias: boolean;
}

/** The protocol part of a layer's prefix: `app`, `app2`… for the Views of one server. */
function protocolPart(layer: ToolLayer): string {
	return layer.protocol === 'app' && layer.instance > 1 ? `app${layer.instance}` : layer.protocol;
}

function uniqueServerKey(layer: ToolLayer, taken: Set<string>): string {
	const sanitized = sanitizeServerName(layer.serverName);
	let part = serverPart(sanitized);
	const kind = protocolPart(layer);
	if (taken.has(`${part}_${kind}`)) {
		const url = layer.protocol === 'webmcp' || layer.protocol === 'app' ? '' : (layer.serverUrl ?? '');
		const disambiguated = `${sanitized}_${hashSuffix(`${layer.serverName}\n${url}`)}`;
		part = shortenWithHash(disambiguated, 24);
	}
	let key = `${part}_${kind}`;
	for (let n = 2; taken.has(key); n++) key = `${part}_${n}_${kind}`;
	return key;
}

function uniqueName(prefix: string, toolName: string, taken: Map<string, unknown>, salt: string): string {
	let name = joinToolName(prefix, toolName);
	if (!taken.has(name)) return name;
	name = joinToolName(prefix, `${toolName}_${hashSuffix(`${salt}/${toolName}`)}`);
	for (let n = 2; taken.has(name); n++) name = joinToolName(prefix, `${toolName}_${n}`);
	return name;
}

/**
 * Builds the registry for a list of layers. Deterministic: the same layers in the same
 * order always give the same names. The names the app adds are reserved first — each
 * server's `list_tools` / `search_tools` pseudo-tools — so a server's own tool of that name
 * cannot shadow discovery (it gets a suffixed name, still callable); then real tools are
 * named (over all layers), then aliases take names that are still free.
 */
export function buildToolRegistry(layers: readonly ToolLayer[]): ToolRegistry {
	const servers: ServerEntry[] = [];
	const takenKeys = new Set<string>();
	// A closed View's layer names nothing: its former names only answer that the View is gone.
	const closed = layers.filter((layer) => layer.protocol === 'app' && layer.closed !== undefined);
	for (const layer of layers) {
		if (closed.includes(layer)) continue;
		const key = uniqueServerKey(layer, takenKeys);
		takenKeys.add(key);
		servers.push({ key, prefix: `${key}_`, layer, canonical: resolveCanonicalTools(layer) });
	}
	const entries = new Map<string, RegistryEntry>();
	const toolsByServer: ToolRegistry['toolsByServer'] = new Map();
	type ToolEntry = Extract<RegistryEntry, { kind: 'tool' }>;
	const named = new Map<ToolDefinition, ToolEntry>();
	for (const server of servers) {
		for (const pseudo of ['list_tools', 'search_tools'] as const) {
			const name = joinToolName(server.prefix, pseudo);
			entries.set(name, { kind: 'pseudo', name, server, pseudo });
		}
	}
	// Tools whose names need no change are named first, so they keep their plain names.
	for (const pass of ['clean', 'changed'] as const) {
		for (const server of servers) {
			const seen = new Set<string>();
			for (const tool of server.layer.tools ?? []) {
				if (typeof tool?.name !== 'string' || tool.name === '' || seen.has(tool.name)) continue;
				seen.add(tool.name);
				const clean = joinToolName(server.prefix, tool.name) === server.prefix + tool.name;
				if ((pass === 'clean') !== clean) continue;
				const entry: ToolEntry = {
					kind: 'tool',
					name: uniqueName(server.prefix, tool.name, entries, server.key),
					server,
					tool
				};
				entries.set(entry.name, entry);
				named.set(tool, entry);
			}
		}
	}
	for (const server of servers) {
		toolsByServer.set(
			server.key,
			(server.layer.tools ?? []).flatMap((tool) => named.get(tool) ?? [])
		);
	}
	const aliases = new Map<string, string>();
	for (const server of servers) {
		for (const role of CANONICAL_ROLES) {
			const match = server.canonical.roles[role];
			if (!match || match.tool === role) continue;
			const canonicalName = joinToolName(server.prefix, role);
			const real = toolsByServer.get(server.key)?.find((entry) => entry.tool.name === match.tool);
			if (real && !entries.has(canonicalName)) aliases.set(canonicalName, real.name);
		}
	}
	const webRecall = servers
		.filter((server) => server.layer.protocol === 'webmcp')
		.flatMap((server) => toolsByServer.get(server.key) ?? [])
		.find((entry) => entry.tool.name === 'recall');
	let recallName = webRecall?.name ?? BUILTIN_RECALL;
	if (!webRecall) {
		if (entries.has(recallName)) recallName = `${BUILTIN_RECALL}_${hashSuffix(BUILTIN_RECALL)}`;
		entries.set(recallName, { kind: 'recall', name: recallName });
	}
	const gone = new Map<string, string>();
	for (const layer of closed) {
		for (const tool of layer.tools) {
			const name = appToolName(layer as AppLayer, tool.name);
			if (!entries.has(name)) gone.set(name, (layer as AppLayer).closed!);
		}
	}
	return { servers, entries, toolsByServer, aliases, recallName, ...(gone.size ? { gone } : {}) };
}

/**
 * The name a View's tool has when no other layer takes it first: `{server}_app_{tool}`, or
 * `{server}_app{N}_{tool}` for the server's N-th live View.
 */
export function appToolName(layer: AppLayer, toolName: string): string {
	return joinToolName(`${serverPart(sanitizeServerName(layer.serverName))}_${protocolPart(layer)}_`, toolName);
}

/** True for calls the dispatcher answers from its result buffer: the built-in recall or a WebMCP `recall`. */
export function isRecallEntry(entry: RegistryEntry): boolean {
	return (
		entry.kind === 'recall' ||
		(entry.kind === 'tool' && entry.server.layer.protocol === 'webmcp' && entry.tool.name === 'recall')
	);
}

/**
 * True for an in-page server of the display (autoui: it declares display tools); an in-page
 * server without any (the files server) is a data server like a remote one.
 */
export function isDisplayServer(layer: ToolLayer): boolean {
	return layer.protocol === 'webmcp' && layer.tools.some((tool) => (tool as WebMcpToolDef).display !== undefined);
}

/** What a WebMCP server declared about a tool it shows on the canvas; undefined for every other tool. */
export function displayOf(entry: RegistryEntry): DisplayCapability | undefined {
	if (entry.kind !== 'tool' || entry.server.layer.protocol !== 'webmcp') return undefined;
	return (entry.tool as WebMcpToolDef).display;
}

/** Resolves a name the model used: alias first, then the registry. Undefined when unknown. */
export function resolveToolName(registry: ToolRegistry, name: string): ResolvedName | undefined {
	const aliased = registry.aliases.get(name);
	const resolvedName = aliased ?? name;
	const entry = registry.entries.get(resolvedName);
	return entry ? { resolvedName, entry, viaAlias: aliased !== undefined } : undefined;
}

/** The provider name of a server's real tool, or of a canonical role (alias or real name). */
export function providerName(registry: ToolRegistry, server: ServerEntry, toolName: string): string | undefined {
	return registry.toolsByServer.get(server.key)?.find((entry) => entry.tool.name === toolName)?.name;
}

/** The name the prompt and the discovery list use for a role: the canonical name when aliased. */
export function canonicalName(
	registry: ToolRegistry,
	server: ServerEntry,
	role: (typeof CANONICAL_ROLES)[number]
): string | undefined {
	const match = server.canonical.roles[role];
	if (!match) return undefined;
	const canonical = joinToolName(server.prefix, role);
	if (match.tool === role) return providerName(registry, server, role);
	return registry.aliases.has(canonical) ? canonical : providerName(registry, server, match.tool);
}

/** Finds the server entry for a layer (by identity, then by name and protocol). */
export function serverOfLayer(registry: ToolRegistry, layer: ToolLayer): ServerEntry | undefined {
	return (
		registry.servers.find((server) => server.layer === layer) ??
		registry.servers.find(
			(server) => server.layer.serverName === layer.serverName && server.layer.protocol === layer.protocol
		)
	);
}
