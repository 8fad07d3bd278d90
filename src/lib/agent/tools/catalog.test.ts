import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '$lib/shared';
import type { SchemaPatch } from '../events';
import { TOOL_NAME_PATTERN } from './names';
import { buildToolRegistry } from './registry';
import { activateServerTools, buildDiscoveryTools, buildToolsFromLayers } from './catalog';
import { autouiDiscoveryNames, withDisplay } from '../testing';
import type { McpLayer, ToolLayer } from '../types';

const tool = (
	name: string,
	inputSchema: ToolDefinition['inputSchema'] = { type: 'object', properties: {} }
): ToolDefinition => ({ name, description: `${name} tool`, inputSchema });

const data: McpLayer = {
	protocol: 'mcp',
	serverName: 'Tricoteuses',
	tools: [
		tool('query_sql', { type: 'object', properties: { sql: { type: 'string' } }, required: ['sql'] }),
		tool('browse_skills'),
		tool('get_skill')
	]
};
const other: McpLayer = { protocol: 'mcp', serverName: 'iNaturalist', tools: [tool('search_observations')] };
const ui: ToolLayer = {
	protocol: 'webmcp',
	serverName: 'autoui',
	description: 'UI',
	tools: ['search_recipes', 'list_recipes', 'get_recipe', 'widget_display', 'canvas', 'recall', 'extra'].map((name) =>
		withDisplay(tool(name))
	)
};

describe('buildToolsFromLayers', () => {
	it('prefixes every tool, normalises schemas (strict by default) and reports patches', () => {
		const patches: SchemaPatch[] = [];
		const tools = buildToolsFromLayers([data, other, ui], { onSchemaPatch: (patch) => patches.push(patch) });
		expect(tools.map((item) => item.name)).toEqual([
			'tricoteuses_mcp_query_sql',
			'tricoteuses_mcp_browse_skills',
			'tricoteuses_mcp_get_skill',
			'inaturalist_mcp_search_observations',
			'autoui_webmcp_search_recipes',
			'autoui_webmcp_list_recipes',
			'autoui_webmcp_get_recipe',
			'autoui_webmcp_widget_display',
			'autoui_webmcp_canvas',
			'autoui_webmcp_recall',
			'autoui_webmcp_extra'
		]);
		for (const item of tools) {
			expect(item.name).toMatch(TOOL_NAME_PATTERN);
			expect(item.input_schema.additionalProperties).toBe(false);
		}
		expect(tools[0]).toEqual({
			name: 'tricoteuses_mcp_query_sql',
			description: 'query_sql tool',
			input_schema: {
				type: 'object',
				properties: { sql: { type: 'string' } },
				required: ['sql'],
				additionalProperties: false
			}
		});
		expect(patches.filter((patch) => patch.change === 'added additionalProperties: false')).toHaveLength(
			tools.length - 1
		);
	});

	it('uses the anthropic profile on request (no additionalProperties added)', () => {
		const patches: SchemaPatch[] = [];
		const tools = buildToolsFromLayers([data], { profile: 'anthropic', onSchemaPatch: (patch) => patches.push(patch) });
		expect(tools[0].input_schema.additionalProperties).toBeUndefined();
		expect(patches).toEqual([]);
	});
});

describe('buildDiscoveryTools and activateServerTools', () => {
	it('offers recipe tools under canonical names, pseudo-tools, and the display tools', () => {
		const names = buildDiscoveryTools([data, other, ui]).map((item) => item.name);
		expect(names).toEqual([
			'tricoteuses_mcp_list_recipes',
			'tricoteuses_mcp_get_recipe',
			'tricoteuses_mcp_search_tools',
			'tricoteuses_mcp_list_tools',
			'inaturalist_mcp_search_tools',
			'inaturalist_mcp_list_tools',
			...autouiDiscoveryNames
		]);
		const alias = buildDiscoveryTools([data])[0];
		expect(alias.description).toBe('browse_skills tool');
	});

	it("adds all of a server's tools once, without repeating aliased ones", () => {
		const start = buildDiscoveryTools([data, other]);
		const layers = [data, other];
		const once = activateServerTools(start, data, { registry: buildToolRegistry(layers) });
		expect(once.slice(start.length).map((item) => item.name)).toEqual(['tricoteuses_mcp_query_sql']);
		const twice = activateServerTools(once, data, { registry: buildToolRegistry(layers) });
		expect(twice).toEqual(once);
		expect(
			activateServerTools(start, other)
				.slice(start.length)
				.map((item) => item.name)
		).toEqual(['inaturalist_mcp_search_observations']);
	});

	it('uses the collision-aware prefix of the full registry', () => {
		const twin: McpLayer = { ...other, serverUrl: 'https://other.example' };
		const layers = [other, twin];
		const registry = buildToolRegistry(layers);
		const added = activateServerTools([], twin, { registry }).map((item) => item.name);
		expect(added).toHaveLength(1);
		expect(added[0]).not.toBe('inaturalist_mcp_search_observations');
		expect(added[0]).toBe(registry.toolsByServer.get(registry.servers[1].key)![0].name);
	});
});
