import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '$lib/shared';
import { sanitizeServerName, TOOL_NAME_PATTERN } from './names';
import { buildToolRegistry, resolveToolName } from './registry';
import type { McpLayer, ToolLayer } from '../types';

const tool = (name: string, description = ''): ToolDefinition => ({
	name,
	description,
	inputSchema: { type: 'object', properties: {} }
});
const mcp = (serverName: string, tools: string[], serverUrl?: string): McpLayer => ({
	protocol: 'mcp',
	serverName,
	serverUrl,
	tools: tools.map((name) => tool(name))
});

function roundTrips(layers: ToolLayer[]): void {
	const registry = buildToolRegistry(layers);
	for (const server of registry.servers) {
		for (const entry of registry.toolsByServer.get(server.key) ?? []) {
			expect(entry.name).toMatch(TOOL_NAME_PATTERN);
			const resolved = resolveToolName(registry, entry.name);
			expect(resolved?.entry.kind).toBe('tool');
			if (resolved?.entry.kind === 'tool') {
				expect(resolved.entry.server.layer).toBe(server.layer);
				expect(resolved.entry.tool.name).toBe(entry.tool.name);
			}
		}
	}
}

describe('sanitizeServerName', () => {
	it('lower-cases and turns runs of other characters into one underscore', () => {
		expect(sanitizeServerName('Tricoteuses')).toBe('tricoteuses');
		expect(sanitizeServerName('  My  MCP / Hub! ')).toBe('my_mcp_hub');
		expect(sanitizeServerName('Données publiques')).toBe('donnees_publiques');
		expect(sanitizeServerName('🙂')).toBe('server');
	});
});

describe('tool registry', () => {
	it('round-trips a server called my_mcp_hub and a tool called list_mcp_servers', () => {
		const layers = [mcp('my_mcp_hub', ['list_mcp_servers', 'query'])];
		const registry = buildToolRegistry(layers);
		const entry = resolveToolName(registry, 'my_mcp_hub_mcp_list_mcp_servers');
		expect(entry?.entry.kind === 'tool' && entry.entry.tool.name).toBe('list_mcp_servers');
		expect(entry?.entry.kind === 'tool' && entry.entry.server.layer.serverName).toBe('my_mcp_hub');
		roundTrips(layers);
	});

	it('keeps names apart when a prefix plus tool could be read two ways', () => {
		const layers = [mcp('a_mcp_b', ['c']), mcp('a', ['b_mcp_c'])];
		const registry = buildToolRegistry(layers);
		const names = [...registry.toolsByServer.values()].flat().map((entry) => entry.name);
		expect(new Set(names).size).toBe(2);
		roundTrips(layers);
	});

	it('gives colliding sanitised server names distinct prefixes, deterministically', () => {
		const layers = [
			mcp('GitHub', ['search'], 'https://a.example/mcp'),
			mcp('github!', ['search'], 'https://b.example/mcp'),
			mcp('GitHub', ['search'], 'https://a.example/mcp')
		];
		const first = buildToolRegistry(layers);
		const second = buildToolRegistry(layers);
		const keys = first.servers.map((server) => server.key);
		expect(new Set(keys).size).toBe(3);
		expect(keys[0]).toBe('github_mcp');
		expect(second.servers.map((server) => server.key)).toEqual(keys);
		roundTrips(layers);
	});

	it('does not confuse protocols: an mcp and a webmcp server of the same name', () => {
		const layers: ToolLayer[] = [
			mcp('autoui', ['x']),
			{ protocol: 'webmcp', serverName: 'autoui', description: '', tools: [tool('x')] }
		];
		const registry = buildToolRegistry(layers);
		expect(resolveToolName(registry, 'autoui_mcp_x')?.entry).toMatchObject({
			kind: 'tool',
			server: { key: 'autoui_mcp' }
		});
		expect(resolveToolName(registry, 'autoui_webmcp_x')?.entry).toMatchObject({
			kind: 'tool',
			server: { key: 'autoui_webmcp' }
		});
	});

	it('shortens over-long names to 64 characters with a stable hash suffix', () => {
		const long = 'get_the_complete_list_of_all_parliamentary_votes_with_every_detail_included';
		const layers = [
			mcp('Assemblée nationale — open data portal of the French parliament', [
				long,
				`${long}_v2`,
				'tool.with/odd:chars'
			])
		];
		const names = [...buildToolRegistry(layers).entries.keys()];
		for (const name of names) expect(name).toMatch(TOOL_NAME_PATTERN);
		const again = [...buildToolRegistry(layers).entries.keys()];
		expect(again).toEqual(names);
		const toolNames = buildToolRegistry(layers)
			.toolsByServer.values()
			.next()
			.value!.map((entry) => entry.name);
		expect(new Set(toolNames).size).toBe(3);
		roundTrips(layers);
	});

	it('gives tools whose sanitised names collide distinct names', () => {
		const layers = [mcp('s', ['a.b', 'a_b', 'a/b'])];
		const names = buildToolRegistry(layers)
			.toolsByServer.get('s_mcp')!
			.map((entry) => entry.name);
		expect(new Set(names).size).toBe(3);
		expect(names[1]).toBe('s_mcp_a_b');
		roundTrips(layers);
	});

	it('reserves the list_tools/search_tools pseudo-tools: a server tool of that name is renamed, never shadows discovery', () => {
		const registry = buildToolRegistry([mcp('x', ['list_tools', 'search_tools', 'q'])]);
		expect(registry.entries.get('x_mcp_list_tools')?.kind).toBe('pseudo');
		expect(registry.entries.get('x_mcp_search_tools')?.kind).toBe('pseudo');
		const own = registry.toolsByServer.get('x_mcp')!.map((entry) => entry.name);
		expect(own).toHaveLength(3);
		expect(own.filter((name) => /^x_mcp_(list|search)_tools_/.test(name))).toHaveLength(2);
	});

	it('offers a built-in recall only when no WebMCP layer lists one', () => {
		expect(buildToolRegistry([mcp('x', ['q'])]).recallName).toBe('recall');
		const withUi = buildToolRegistry([
			{ protocol: 'webmcp', serverName: 'autoui', description: '', tools: [tool('recall')] }
		]);
		expect(withUi.recallName).toBe('autoui_webmcp_recall');
		expect(withUi.entries.has('recall')).toBe(false);
	});

	it('returns undefined for names that are not in the registry', () => {
		const registry = buildToolRegistry([mcp('x', ['q'])]);
		expect(resolveToolName(registry, 'x_mcp_nope')).toBeUndefined();
		expect(resolveToolName(registry, 'y_mcp_q')).toBeUndefined();
	});
});

describe('untrusted layers', () => {
	it('skips tools without a usable name and survives odd descriptions and recipes', async () => {
		const { buildSystemPrompt } = await import('../loop/prompt');
		const { buildToolsFromLayers } = await import('./catalog');
		const layer = {
			protocol: 'mcp',
			serverName: 'Odd',
			description: 42,
			recipes: [{ name: 'ok' }, { name: null }],
			tools: [
				{ name: '', inputSchema: {} },
				{ inputSchema: {} },
				{ name: 'fine', description: { text: 'x' }, inputSchema: { type: 'object' } }
			]
		} as unknown as ToolLayer;
		expect(buildToolsFromLayers([layer]).map((item) => item.name)).toEqual(['odd_mcp_fine', 'recall']);
		expect(buildSystemPrompt([layer]).prompt).toContain('- ok');
	});
});
