import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '$lib/shared';
import type { AgentEvent, ActivationEvent, SchemaPatchEvent } from '../events';
import { runAgentLoop } from './loop';
import { createAgentState } from './state';
import { createMockProvider, dataServer, displayServer, type MemoryTool, withoutReferenceNote } from '../testing';
import { autouiDiscoveryNames, eagerRun, runOn } from '../testing';

const schema = (properties: Record<string, ToolDefinition['inputSchema']> = {}, required: string[] = []) => ({
	type: 'object',
	properties,
	required
});

function dataTools(count: number, prefix = 'tool'): MemoryTool[] {
	return Array.from({ length: count }, (_, index) => ({
		name: `${prefix}_${index}`,
		description: `Data tool ${index}`,
		inputSchema: schema(),
		handler: () => ({ index })
	}));
}

const toolNames = (request: { tools: Array<{ name: string }> }) => request.tools.map((tool) => tool.name);

describe('lazy discovery and activation', () => {
	it('starts with discovery tools only and activates a server exactly once, on its first real call', async () => {
		const data = dataServer('Tricoteuses', [
			{
				name: 'search_recipes',
				description: 'Search recipes',
				inputSchema: schema({ query: { type: 'string' } }),
				handler: () => ({ recipes: [] })
			},
			...dataTools(3)
		]);
		const ui = displayServer();
		const state = createAgentState();
		const events: AgentEvent[] = [];
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'tricoteuses_mcp_search_recipes', input: { query: 'deputy' } }] },
			{ toolCalls: [{ name: 'tricoteuses_mcp_tool_0' }, { name: 'tricoteuses_mcp_tool_1' }] },
			{ text: 'done' },
			{ toolCalls: [{ name: 'tricoteuses_mcp_tool_2' }] },
			{ text: 'again' }
		]);
		const options = {
			...runOn(provider, data, ui),
			state,
			onEvent: (event: AgentEvent) => events.push(event)
		};
		await runAgentLoop('q1', options);
		await runAgentLoop('q2', { ...options, history: await Promise.resolve([]) });
		const first = toolNames(provider.requests[0]);
		expect(first).toEqual([
			'tricoteuses_mcp_search_recipes',
			'tricoteuses_mcp_search_tools',
			'tricoteuses_mcp_list_tools',
			...autouiDiscoveryNames
		]);
		const second = toolNames(provider.requests[1]);
		expect(second.slice(0, first.length)).toEqual(first);
		expect(second.slice(first.length)).toEqual([
			'tricoteuses_mcp_tool_0',
			'tricoteuses_mcp_tool_1',
			'tricoteuses_mcp_tool_2'
		]);
		expect(toolNames(provider.requests[3])).toEqual(second);
		const activations = events.filter((event): event is ActivationEvent => event.type === 'activation');
		expect(activations).toHaveLength(1);
		expect(activations[0]).toMatchObject({
			server: 'Tricoteuses',
			protocol: 'mcp',
			scope: 'server',
			tools: ['tricoteuses_mcp_tool_0', 'tricoteuses_mcp_tool_1', 'tricoteuses_mcp_tool_2']
		});
		expect([...state.activeServers]).toEqual(['tricoteuses_mcp']);
	});

	it('answers list_tools / search_tools locally without activating, and only the named tools become callable', async () => {
		const data = dataServer('iNaturalist', [
			{
				name: 'search_observations',
				description: 'Find species observations near a place',
				inputSchema: schema({ taxon: { type: 'string' } }, ['taxon']),
				handler: (args) => ({ found: args.taxon })
			},
			{ name: 'get_taxon', description: 'Taxon details', inputSchema: schema({ id: { type: 'number' } }, ['id']) },
			...dataTools(5, 'other')
		]);
		const events: AgentEvent[] = [];
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'inaturalist_mcp_search_tools', input: { query: 'observations' } }] },
			{ toolCalls: [{ name: 'inaturalist_mcp_search_observations', input: { taxon: 'Bufo' } }] },
			{ text: 'ok' }
		]);
		const state = createAgentState();
		await runAgentLoop('frogs?', {
			...runOn(provider, data),
			state,
			onEvent: (event) => events.push(event)
		});
		expect(toolNames(provider.requests[0])).toEqual([
			'inaturalist_mcp_search_tools',
			'inaturalist_mcp_list_tools',
			'recall'
		]);
		expect(toolNames(provider.requests[1])).toEqual([
			'inaturalist_mcp_search_tools',
			'inaturalist_mcp_list_tools',
			'recall',
			'inaturalist_mcp_search_observations'
		]);
		const searchAnswer = JSON.parse(
			provider.requests[1].messages.at(-1)!.content[0].type === 'tool_result'
				? (provider.requests[1].messages.at(-1)!.content[0] as { content: string }).content
				: '{}'
		);
		expect(searchAnswer.matches.map((match: { name: string }) => match.name)).toEqual([
			'inaturalist_mcp_search_observations'
		]);
		expect(searchAnswer.matches[0].input_schema.required).toEqual(['taxon']);
		expect(data.server.calls.map((call) => call.name)).toEqual(['search_observations']);
		const activations = events.filter((event): event is ActivationEvent => event.type === 'activation');
		expect(activations.map((event) => event.scope)).toEqual(['tools', 'server']);
		expect(activations[0].tools).toEqual(['inaturalist_mcp_search_observations']);
		expect(toolNames(provider.requests[2])).toContain('inaturalist_mcp_other_4');
	});

	it('list_tools exposes every tool of the server without activating it', async () => {
		const data = dataServer('Files', dataTools(3));
		const provider = createMockProvider([{ toolCalls: [{ name: 'files_mcp_list_tools' }] }, { text: 'listed' }]);
		const state = createAgentState();
		await runAgentLoop('what can you do', { provider, layers: [data.layer], servers: [data.server], state });
		expect(toolNames(provider.requests[1]).slice(-3)).toEqual([
			'files_mcp_tool_0',
			'files_mcp_tool_1',
			'files_mcp_tool_2'
		]);
		expect(state.activeServers.size).toBe(0);
		expect(data.server.calls).toEqual([]);
	});

	it('routes canonical recipe names through the alias map to the real tool', async () => {
		const data = dataServer('Tricoteuses', [
			{
				name: 'browse_skills',
				description: 'Browse skills',
				inputSchema: schema(),
				handler: () => ({ skills: ['profil-depute'] })
			},
			{ name: 'query_sql', description: 'SQL', inputSchema: schema() }
		]);
		const provider = createMockProvider([{ toolCalls: [{ name: 'tricoteuses_mcp_list_recipes' }] }, { text: 'ok' }]);
		const events: AgentEvent[] = [];
		const result = await runAgentLoop('recipes?', {
			...runOn(provider, data),
			onEvent: (event) => events.push(event)
		});
		expect(toolNames(provider.requests[0])).toContain('tricoteuses_mcp_list_recipes');
		expect(toolNames(provider.requests[0])).not.toContain('tricoteuses_mcp_browse_skills');
		expect(data.server.calls.map((call) => call.name)).toEqual(['browse_skills']);
		expect(events.find((event) => event.type === 'tool-call')).toMatchObject({
			name: 'tricoteuses_mcp_list_recipes',
			resolvedName: 'tricoteuses_mcp_browse_skills',
			tool: 'browse_skills'
		});
		expect(result.calls[0]).toMatchObject({ guided: false, resolvedName: 'tricoteuses_mcp_browse_skills' });
		const after = toolNames(provider.requests[1]);
		expect(after).toContain('tricoteuses_mcp_query_sql');
		expect(after).not.toContain('tricoteuses_mcp_browse_skills');
	});

	it('routes a call to the server its prefix names when two servers share a tool name', async () => {
		const a = dataServer('Alpha', [
			{ name: 'search', description: 'a', inputSchema: schema(), handler: () => 'from alpha' }
		]);
		const b = dataServer('Beta', [
			{ name: 'search', description: 'b', inputSchema: schema(), handler: () => 'from beta' }
		]);
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'beta_mcp_search' }, { name: 'alpha_mcp_search' }] },
			{ text: 'ok' }
		]);
		const result = await runAgentLoop('x', {
			...eagerRun(provider, a, b)
		});
		expect(a.server.calls).toHaveLength(1);
		expect(b.server.calls).toHaveLength(1);
		const results = provider.requests[1].messages
			.at(-1)!
			.content.map((block) => (block.type === 'tool_result' ? withoutReferenceNote(block.content) : ''));
		expect(results).toEqual(['from beta', 'from alpha']);
		expect(result.calls.map((call) => call.server)).toEqual(['Beta', 'Alpha']);
	});

	it('routes by registry for awkward names (server my_mcp_hub, tool list_mcp_servers)', async () => {
		const hub = dataServer('my_mcp_hub', [
			{ name: 'list_mcp_servers', description: 'Servers', inputSchema: schema(), handler: () => 'servers' }
		]);
		const decoy = dataServer('my', [
			{ name: 'hub_mcp_list_mcp_servers', description: 'decoy', inputSchema: schema(), handler: () => 'decoy' }
		]);
		const provider = createMockProvider([{ toolCalls: [{ name: 'my_mcp_hub_mcp_list_mcp_servers' }] }, { text: 'ok' }]);
		await runAgentLoop('x', {
			...eagerRun(provider, hub, decoy)
		});
		expect(hub.server.calls.map((call) => call.name)).toEqual(['list_mcp_servers']);
		expect(decoy.server.calls).toEqual([]);
	});

	it('offers every tool up front with lazy: false', async () => {
		const data = dataServer('Big', dataTools(4));
		const provider = createMockProvider([{ text: 'ok' }]);
		await runAgentLoop('x', { provider, layers: [data.layer], servers: [data.server], lazy: false });
		expect(toolNames(provider.requests[0])).toEqual([
			'big_mcp_tool_0',
			'big_mcp_tool_1',
			'big_mcp_tool_2',
			'big_mcp_tool_3',
			'recall'
		]);
	});
});

describe('schema profiles in the loop', () => {
	const nestedTool: MemoryTool = {
		name: 'map_view',
		description: 'Centre a map',
		inputSchema: {
			type: 'object',
			properties: {
				center: {
					type: 'object',
					properties: { lat: { type: 'number' }, lng: { type: 'number' } },
					required: ['lat', 'lng']
				},
				zoom: { type: 'integer' },
				label: { type: 'string' }
			},
			required: ['center']
		},
		handler: (args) => args
	};

	it('sends openai-strict schemas and strips the nulls of omitted optional arguments before the call', async () => {
		const data = dataServer('Maps', [nestedTool]);
		const patches: string[] = [];
		const events: AgentEvent[] = [];
		const provider = createMockProvider(
			[
				{ toolCalls: [{ name: 'maps_mcp_map_view', input: { center: { lat: 1, lng: 2 }, zoom: null, label: 'x' } }] },
				{ text: 'ok' }
			],
			{ id: 'openai' }
		);
		await runAgentLoop('x', {
			...eagerRun(provider, data),
			onEvent: (event) => events.push(event),
			callbacks: { onSchemaPatch: (patch) => patches.push(patch.change) }
		});
		const sent = provider.requests[0].tools[0].input_schema;
		expect(sent.required).toEqual(['center', 'zoom', 'label']);
		expect(sent.properties!.zoom.type).toEqual(['integer', 'null']);
		expect(data.server.calls[0].args).toEqual({ center: { lat: 1, lng: 2 }, label: 'x' });
		expect(patches.some((change) => /made required and nullable/.test(change))).toBe(true);
		const patchEvents = events.filter((event): event is SchemaPatchEvent => event.type === 'schema-patch');
		expect(patchEvents.map((event) => event.tool)).toEqual(['maps_mcp_map_view']);
	});

	it('flattens nested parameters for the model and un-flattens them at dispatch', async () => {
		const data = dataServer('Maps', [nestedTool]);
		const provider = createMockProvider([
			{ toolCalls: [{ name: 'maps_mcp_map_view', input: { center__lat: 48.8, center__lng: 2.3, zoom: 5 } }] },
			{ text: 'ok' }
		]);
		await runAgentLoop('x', { provider, layers: [data.layer], servers: [data.server], lazy: false, flatten: true });
		expect(Object.keys(provider.requests[0].tools[0].input_schema.properties!)).toEqual([
			'center__lat',
			'center__lng',
			'zoom',
			'label'
		]);
		expect(data.server.calls[0].args).toEqual({ center: { lat: 48.8, lng: 2.3 }, zoom: 5 });
	});

	it('reports schema patches once per session, not on every request', async () => {
		const data = dataServer('Maps', [nestedTool]);
		const state = createAgentState();
		const events: AgentEvent[] = [];
		const provider = createMockProvider([{ text: 'a' }, { text: 'b' }]);
		const options = {
			...eagerRun(provider, data),
			state,
			schemaProfile: 'strict' as const,
			onEvent: (event: AgentEvent) => events.push(event)
		};
		await runAgentLoop('1', options);
		await runAgentLoop('2', options);
		expect(events.filter((event) => event.type === 'schema-patch')).toHaveLength(1);
	});
});
