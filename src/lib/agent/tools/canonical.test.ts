import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '$lib/shared';
import { resolveCanonicalTools } from './canonical';
import { buildToolRegistry, resolveToolName } from './registry';
import type { McpLayer } from '../types';

const tool = (name: string, description = ''): ToolDefinition => ({
	name,
	description,
	inputSchema: { type: 'object' }
});
const layer = (tools: ToolDefinition[]): McpLayer => ({ protocol: 'mcp', serverName: 'Tricoteuses', tools });

describe('resolveCanonicalTools', () => {
	it('layer 1: exact names', () => {
		const result = resolveCanonicalTools(
			layer([tool('query_sql'), tool('search_recipes'), tool('list_recipes'), tool('get_recipe')])
		);
		expect(result.roles.search_recipes).toEqual({ role: 'search_recipes', tool: 'search_recipes', via: 'exact' });
		expect(result.roles.get_recipe?.via).toBe('exact');
		expect(result.none).toBe(false);
	});

	it('layer 2: action + resource tokens (browse_skills → list_recipes, camelCase too)', () => {
		const result = resolveCanonicalTools(layer([tool('browse_skills'), tool('findWorkflows'), tool('read-playbook')]));
		expect(result.roles.list_recipes).toMatchObject({ tool: 'browse_skills', via: 'tokens' });
		expect(result.roles.search_recipes).toMatchObject({ tool: 'findWorkflows', via: 'tokens' });
		expect(result.roles.get_recipe).toMatchObject({ tool: 'read-playbook', via: 'tokens' });
	});

	it('layer 3: description scan', () => {
		const result = resolveCanonicalTools(
			layer([
				tool('catalog', 'Lists all the available templates for reports'),
				tool('query_sql', 'Run SQL; see the recipe docs')
			])
		);
		expect(result.roles.list_recipes).toMatchObject({ tool: 'catalog', via: 'description' });
		expect(result.roles.get_recipe).toBeUndefined();
	});

	it('layer 4: no recipe tools', () => {
		const result = resolveCanonicalTools(layer([tool('query_sql'), tool('list_tables'), tool('search_observations')]));
		expect(result.roles).toEqual({});
		expect(result.none).toBe(true);
	});

	it('prefers exact names over token matches and never binds one tool to two roles', () => {
		const result = resolveCanonicalTools(layer([tool('browse_recipes'), tool('list_recipes')]));
		expect(result.roles.list_recipes).toMatchObject({ tool: 'list_recipes', via: 'exact' });
		expect(Object.values(result.roles).filter((match) => match?.tool === 'browse_recipes')).toHaveLength(0);
	});

	it('builds aliases that route canonical names to the real tool of the same server', () => {
		const registry = buildToolRegistry([layer([tool('browse_skills'), tool('get_skill')])]);
		expect([...registry.aliases]).toEqual([
			['tricoteuses_mcp_list_recipes', 'tricoteuses_mcp_browse_skills'],
			['tricoteuses_mcp_get_recipe', 'tricoteuses_mcp_get_skill']
		]);
		const resolved = resolveToolName(registry, 'tricoteuses_mcp_list_recipes');
		expect(resolved).toMatchObject({ resolvedName: 'tricoteuses_mcp_browse_skills', viaAlias: true });
	});
});
