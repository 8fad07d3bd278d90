import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '$lib/shared';
import { buildSystemPrompt } from './prompt';
import { withDisplay } from '../testing';
import type { ToolLayer } from '../types';

const tool = (name: string, description = ''): ToolDefinition => ({
	name,
	description,
	inputSchema: { type: 'object' }
});

function layers(): ToolLayer[] {
	return [
		{
			protocol: 'mcp',
			serverName: 'Tricoteuses',
			serverUrl: 'https://mcp.example/mcp',
			description: 'French parliament open data: deputies, votes, amendments.',
			tools: [tool('query_sql'), tool('browse_skills'), tool('get_skill'), tool('search_recipes')],
			recipes: [{ name: 'profil-depute', description: 'Full deputy profile' }]
		},
		{
			protocol: 'mcp',
			serverName: 'iNaturalist',
			description: 'Species observations.',
			tools: [tool('search_observations')]
		},
		{
			protocol: 'webmcp',
			serverName: 'autoui',
			description: 'Built-in UI widgets',
			tools: ['search_recipes', 'list_recipes', 'get_recipe', 'widget_display', 'canvas', 'recall'].map((name) =>
				withDisplay(tool(name))
			)
		}
	];
}

describe('buildSystemPrompt', () => {
	it("describes the 4-step flow with each server's canonical tool names", () => {
		const { prompt } = buildSystemPrompt(layers());
		const order = ['STEP 1 ', 'STEP 1b', 'STEP 1c', 'STEP 2', 'STEP 3', 'STEP 4'].map((step) => prompt.indexOf(step));
		expect(order.every((index) => index >= 0)).toBe(true);
		expect([...order].sort((a, b) => a - b)).toEqual(order);
		expect(prompt).toContain('tricoteuses_mcp_search_recipes(query)');
		expect(prompt).toContain('tricoteuses_mcp_list_recipes()');
		expect(prompt).toContain('tricoteuses_mcp_get_recipe(name)');
		expect(prompt).toContain('autoui_webmcp_search_recipes(query)');
		expect(prompt).toContain('inaturalist_mcp_search_tools(query)');
		expect(prompt).not.toContain('inaturalist_mcp_search_recipes');
	});

	it('tells the model to display results with widget_display / canvas and to read recipes first', () => {
		const { prompt } = buildSystemPrompt(layers());
		expect(prompt).toMatch(/autoui_webmcp_widget_display\(name, params\)/);
		expect(prompt).toMatch(/autoui_webmcp_canvas\(action/);
		expect(prompt).toMatch(/Read the selected recipe before acting/);
		expect(prompt).toMatch(/read the widget's recipe first/);
		expect(prompt).toContain('autoui_webmcp_recall(id)');
	});

	it('has one section per server with its description and recipes', () => {
		const { prompt } = buildSystemPrompt(layers());
		expect(prompt.match(/^### /gm)).toHaveLength(3);
		expect(prompt).toContain('### Tricoteuses (remote MCP server');
		expect(prompt).toContain('French parliament open data');
		expect(prompt).toContain('- profil-depute: Full deputy profile');
		expect(prompt).toContain('### autoui (in-page WebMCP server');
	});

	it('is byte-identical for identical layers and returns the alias map', () => {
		const first = buildSystemPrompt(layers());
		const second = buildSystemPrompt(layers());
		expect(second.prompt).toBe(first.prompt);
		expect([...first.aliasMap]).toEqual([
			['tricoteuses_mcp_list_recipes', 'tricoteuses_mcp_browse_skills'],
			['tricoteuses_mcp_get_recipe', 'tricoteuses_mcp_get_skill']
		]);
	});

	it('says to answer in text when no display server is connected', () => {
		const { prompt } = buildSystemPrompt(layers().slice(0, 2));
		expect(prompt).toMatch(/no display server is connected/);
		expect(prompt).toContain('recall(id)');
	});
});
