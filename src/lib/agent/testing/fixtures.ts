/**
 * Ready-made layers and servers for agent tests: a data server with recipe tools, a data
 * server without them, and an in-memory `autoui`-like WebMCP server whose widget_display
 * and canvas answer with the structured results the dispatcher expects.
 */
import type { JsonSchema, ToolCallResult, ToolDefinition, ToolServer } from '$lib/shared';
import type { DisplayCapability, McpLayer, ToolLayer, WebMcpLayer } from '../types';
import type { LlmProvider } from '../providers/types';
import { createMemoryToolServer, type MemoryTool, type MemoryToolServer } from './memory-server';
import type { AgentEvent } from '../events';
import { runAgentLoop } from '../loop/loop';
import type { AgentLoopOptions } from '../loop/loop-types';

function json(value: unknown, isError = false): ToolCallResult {
	return {
		content: [{ type: 'text', text: JSON.stringify(value) }],
		structuredContent: value,
		...(isError ? { isError: true } : {})
	};
}

const objectSchema = (properties: Record<string, JsonSchema> = {}, required: string[] = []): JsonSchema => ({
	type: 'object',
	properties,
	required
});

/** The display tools of the autoui-like server, declared as `createWebMcpServer` declares them. */
export const displayDeclarations: Readonly<Record<string, DisplayCapability>> = {
	widget_display: { kind: 'widget', references: 'params', source: 'source', refreshSeconds: 'refreshSeconds' },
	canvas: { kind: 'canvas', references: 'params' }
};

/** A WebMCP tool definition with the display declaration an autoui tool of its name has. */
export function withDisplay<T extends ToolDefinition>(tool: T): T & { display?: DisplayCapability } {
	const display = displayDeclarations[tool.name];
	return display ? { ...tool, display } : tool;
}

/** Tools of a small autoui-like display server (stat widget only, validated by hand). */
export function displayTools(): MemoryTool[] {
	return [
		{
			name: 'search_recipes',
			description: 'Search widget recipes',
			inputSchema: objectSchema({ query: { type: 'string' } }),
			handler: () => json({ recipes: ['stat'] })
		},
		{
			name: 'list_recipes',
			description: 'List widget recipes',
			inputSchema: objectSchema(),
			handler: () => json({ recipes: ['stat'] })
		},
		{
			name: 'get_recipe',
			description: 'Read a widget recipe',
			inputSchema: objectSchema({ name: { type: 'string' } }, ['name']),
			handler: () => 'stat: params { label, value }'
		},
		{
			name: 'widget_display',
			description: 'Display a widget on the canvas',
			display: displayDeclarations.widget_display,
			inputSchema: objectSchema({ name: { type: 'string' }, params: { type: 'object' } }, ['name', 'params']),
			handler: (args) => {
				const params = (args.params ?? {}) as Record<string, unknown>;
				if (args.name !== 'stat' || typeof params.value !== 'number') {
					return json(
						{
							error: 'Validation failed',
							details: [{ path: '/value', message: 'required number' }],
							expected_schema: { type: 'object', required: ['label', 'value'] }
						},
						true
					);
				}
				return json({ widget: 'stat', data: params });
			}
		},
		{
			name: 'canvas',
			description: 'Change widgets on the canvas',
			display: displayDeclarations.canvas,
			inputSchema: objectSchema({ action: { type: 'string' }, id: { type: 'string' }, params: { type: 'object' } }, [
				'action'
			]),
			handler: (args) =>
				json({
					canvas: args.action,
					...(args.id ? { id: args.id } : {}),
					...(args.params ? { params: args.params } : {})
				})
		},
		{
			name: 'recall',
			description: 'Read a stored result',
			inputSchema: objectSchema({ id: { type: 'string' } }, ['id']),
			handler: () => 'server recall should not be called'
		}
	];
}

/** A display layer + server pair named `autoui`. */
export function displayServer(): { layer: WebMcpLayer; server: MemoryToolServer } {
	const server = createMemoryToolServer('autoui', 'webmcp', displayTools());
	return {
		layer: { protocol: 'webmcp', serverName: 'autoui', description: 'Built-in UI widgets', tools: server.definitions },
		server
	};
}

/**
 * The tools discovery offers for the autoui-like layer (`displayServer`, `withDisplay`): its
 * recipe tools, the two tool-discovery tools, then its display tools, always loaded.
 */
export const autouiDiscoveryNames: readonly string[] = [
	'autoui_webmcp_search_recipes',
	'autoui_webmcp_list_recipes',
	'autoui_webmcp_get_recipe',
	'autoui_webmcp_search_tools',
	'autoui_webmcp_list_tools',
	'autoui_webmcp_widget_display',
	'autoui_webmcp_canvas',
	'autoui_webmcp_recall'
];

/** A data layer + server pair from tools. */
export function dataServer(
	name: string,
	tools: MemoryTool[],
	extra: Partial<McpLayer> = {}
): { layer: McpLayer; server: MemoryToolServer } {
	const server = createMemoryToolServer(name, 'mcp', tools);
	return { layer: { protocol: 'mcp', serverName: name, tools: server.definitions, ...extra }, server };
}

/** Loop options that run `provider` on these layer + server pairs. */
export function runOn(
	provider: LlmProvider,
	...sources: Array<{ layer: ToolLayer; server: ToolServer }>
): { provider: LlmProvider; layers: ToolLayer[]; servers: ToolServer[] } {
	return { provider, layers: sources.map((source) => source.layer), servers: sources.map((source) => source.server) };
}

/** {@link runOn} with every tool offered from the first request (`lazy: false`). */
export function eagerRun(
	provider: LlmProvider,
	...sources: Array<{ layer: ToolLayer; server: ToolServer }>
): ReturnType<typeof runOn> & { lazy: false } {
	return { ...runOn(provider, ...sources), lazy: false };
}

/** Runs one turn with `options` and returns every event it emitted, in order. */
export async function recordTurn(input: string, options: AgentLoopOptions): Promise<AgentEvent[]> {
	const events: AgentEvent[] = [];
	await runAgentLoop(input, { ...options, onEvent: (event) => events.push(event) });
	return events;
}
