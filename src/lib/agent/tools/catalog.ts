/**
 * The tools a provider is offered. Three views over the same registry:
 * - every tool of every layer (`buildToolsFromLayers`, the "no lazy loading" mode);
 * - discovery tools only (`buildDiscoveryTools`): recipe tools under their canonical names,
 *   the `list_tools` / `search_tools` pseudo-tools, the display tools of WebMCP layers and
 *   recall — what the model starts with;
 * - activation (`activateServerTools`): a server's tools added once, on first contact.
 * A catalog caches the adapted schemas so patches are computed (and reported) once.
 */
import { AutoUiError } from '$lib/shared';
import type { SchemaPatch } from '../events';
import { CANONICAL_ROLES } from './canonical';
import {
	buildToolRegistry,
	canonicalName,
	displayOf,
	isRecallEntry,
	serverOfLayer,
	type RegistryEntry,
	type ToolRegistry
} from './registry';
import { adaptTool, type AdaptedTool, type SchemaOptions } from './tool-adapter';
import type { ProviderTool, ToolLayer } from '../types';

/** Options for building provider tools. */
export interface BuildToolsOptions extends SchemaOptions {
	/** Receives every change made to a schema, once per tool. */
	onSchemaPatch?(patch: SchemaPatch): void;
	/** Reuse a registry already built from the same layers (keeps names consistent). */
	registry?: ToolRegistry;
}

/** Registry plus a cache of adapted tools. Scoped to one loop turn or one call; never global. */
export interface ToolCatalog {
	registry: ToolRegistry;
	options: BuildToolsOptions;
	adapted: Map<string, AdaptedTool>;
}

/** Creates a catalog for a set of layers. */
export function createToolCatalog(layers: readonly ToolLayer[], options: BuildToolsOptions = {}): ToolCatalog {
	return { registry: options.registry ?? buildToolRegistry(layers), options, adapted: new Map() };
}

const PSEUDO_SCHEMAS = {
	list_tools: { type: 'object', properties: {}, required: [], additionalProperties: false },
	search_tools: {
		type: 'object',
		properties: { query: { type: 'string', description: 'Words to look for in tool names and descriptions.' } },
		required: ['query'],
		additionalProperties: false
	}
};

const RECALL_SCHEMA = {
	type: 'object',
	properties: {
		id: { type: 'string', description: 'The id given in a truncated or compressed result.' },
		offset: { type: ['integer', 'null'], description: 'Character offset to start from (default 0).' },
		length: { type: ['integer', 'null'], description: 'Characters to return (default: the result limit).' }
	},
	required: ['id', 'offset', 'length'],
	additionalProperties: false
};

/** What recall accepts once the model's nulls are removed (used to validate its arguments). */
export const RECALL_ARGS_SCHEMA = {
	type: 'object',
	properties: {
		id: { type: 'string' },
		offset: { type: 'integer', minimum: 0 },
		length: { type: 'integer', minimum: 1 }
	},
	required: ['id']
};

/** The adapted form of a registry entry (cached; patches reported the first time). */
export function adaptedEntry(catalog: ToolCatalog, entry: RegistryEntry): AdaptedTool {
	const cached = catalog.adapted.get(entry.name);
	if (cached) return cached;
	let adapted: AdaptedTool;
	if (isRecallEntry(entry)) {
		// The dispatcher answers recall itself, so the model gets the dispatcher's schema (with paging).
		const schema = structuredClone(RECALL_SCHEMA);
		const description =
			(entry.kind === 'tool' && entry.tool.description) ||
			'Read the full text of a truncated or compressed tool result by its id, page by page.';
		adapted = {
			tool: { name: entry.name, description, input_schema: schema },
			schema,
			patches: [],
			restoreArgs: (args) => Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null))
		};
	} else if (entry.kind === 'tool') {
		const description =
			[entry.tool.description, entry.tool.title, entry.tool.name].find(
				(text): text is string => typeof text === 'string' && text.trim() !== ''
			) ?? entry.tool.name;
		adapted = adaptTool(entry.name, description, entry.tool.inputSchema, catalog.options);
		for (const patch of adapted.patches) catalog.options.onSchemaPatch?.(patch);
	} else if (entry.kind === 'pseudo') {
		const label = entry.server.layer.serverName;
		const description =
			entry.pseudo === 'list_tools'
				? `List every tool of ${label} (names and descriptions). Answered locally; the tools it names become callable.`
				: `Search the tools of ${label} by keywords. Answered locally; the tools it names become callable.`;
		const schema = structuredClone(PSEUDO_SCHEMAS[entry.pseudo]);
		adapted = {
			tool: { name: entry.name, description, input_schema: schema },
			schema,
			patches: [],
			restoreArgs: (args) => args
		};
	} else {
		throw new AutoUiError('internal', `No adapter for registry entry ${entry.name}.`);
	}
	catalog.adapted.set(entry.name, adapted);
	return adapted;
}

/** A ProviderTool under a given name (an alias keeps the real tool's schema). */
function toolAs(catalog: ToolCatalog, entry: RegistryEntry, name: string): ProviderTool {
	const { tool } = adaptedEntry(catalog, entry);
	return name === tool.name ? tool : { ...tool, name };
}

/** Every real tool of every layer, prefixed and normalised, in layer order. */
export function allTools(catalog: ToolCatalog): ProviderTool[] {
	const tools: ProviderTool[] = [];
	for (const server of catalog.registry.servers) {
		for (const entry of catalog.registry.toolsByServer.get(server.key) ?? [])
			tools.push(toolAs(catalog, entry, entry.name));
	}
	const recall = catalog.registry.entries.get(catalog.registry.recallName);
	if (recall?.kind === 'recall') tools.push(toolAs(catalog, recall, recall.name));
	return tools;
}

/** The discovery tools: what a lazily loading model starts with. */
export function discoveryTools(catalog: ToolCatalog): ProviderTool[] {
	const { registry } = catalog;
	const tools: ProviderTool[] = [];
	const add = (name: string | undefined): void => {
		if (!name || tools.some((tool) => tool.name === name)) return;
		const resolvedName = registry.aliases.get(name) ?? name;
		const entry = registry.entries.get(resolvedName);
		if (entry) tools.push(toolAs(catalog, entry, name));
	};
	for (const server of registry.servers) {
		for (const role of CANONICAL_ROLES) add(canonicalName(registry, server, role));
		add(`${server.prefix}search_tools`);
		add(`${server.prefix}list_tools`);
		if (server.layer.protocol === 'webmcp') {
			for (const entry of registry.toolsByServer.get(server.key) ?? []) {
				if (displayOf(entry) || isRecallEntry(entry)) add(entry.name);
			}
		}
	}
	add(registry.recallName);
	return tools;
}

/** True when `name` (or the canonical alias of it) is already among `active`. */
function isOffered(catalog: ToolCatalog, active: readonly ProviderTool[], name: string): boolean {
	if (active.some((tool) => tool.name === name)) return true;
	for (const [alias, real] of catalog.registry.aliases) {
		if (real === name && active.some((tool) => tool.name === alias)) return true;
	}
	return false;
}

/** Appends the named registry entries to `active` (skipping those already offered). */
export function withTools(
	catalog: ToolCatalog,
	active: readonly ProviderTool[],
	names: Iterable<string>
): ProviderTool[] {
	const next = [...active];
	for (const name of names) {
		const entry = catalog.registry.entries.get(name);
		if (entry && !isOffered(catalog, next, name)) next.push(toolAs(catalog, entry, name));
	}
	return next;
}

/** Adds every tool of a server (by registry key) to `active`. */
export function withServer(catalog: ToolCatalog, active: readonly ProviderTool[], serverKey: string): ProviderTool[] {
	return withTools(
		catalog,
		active,
		(catalog.registry.toolsByServer.get(serverKey) ?? []).map((entry) => entry.name)
	);
}

/**
 * Converts layers into prefixed ProviderTool[] with schemas normalised for the target
 * profile (default `strict`). Every schema change is reported through `onSchemaPatch`.
 */
export function buildToolsFromLayers(layers: readonly ToolLayer[], options: BuildToolsOptions = {}): ProviderTool[] {
	return allTools(createToolCatalog(layers, options));
}

/**
 * The tools a lazily loading model starts with: per server the recipe tools (canonical
 * names), `search_tools` and `list_tools`; for WebMCP layers also the tools they declare as
 * display tools, and recall.
 */
export function buildDiscoveryTools(layers: readonly ToolLayer[], options: BuildToolsOptions = {}): ProviderTool[] {
	return discoveryTools(createToolCatalog(layers, options));
}

/**
 * Returns `active` plus every tool of `layer` not offered yet (a tool already offered under
 * its canonical alias is not repeated). Pass `options.registry` (built from all layers) so
 * prefixes match when sanitised server names collide; without it the layer is named alone.
 */
export function activateServerTools(
	active: readonly ProviderTool[],
	layer: ToolLayer,
	options: BuildToolsOptions = {}
): ProviderTool[] {
	const catalog = createToolCatalog([layer], options);
	const server = serverOfLayer(catalog.registry, layer);
	return server ? withServer(catalog, active, server.key) : [...active];
}
