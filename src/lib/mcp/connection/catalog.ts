/**
 * What a server offers, read through an initialised SDK client: its tools (every page), its
 * prompts and resources (summaries for the UI), its recipes (from a recipe-list tool) and
 * its instructions. Also converts the SDK's tool results into our `ToolCallResult`.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { McpRecipe } from '$lib/agent/types';
import type { ToolCallResult, ToolDefinition } from '$lib/shared';
import { findRecipeListTool, paginate, parseRecipes } from './layer';

/** A prompt the server offers (summary for the UI). */
export interface PromptSummary {
	name: string;
	title?: string;
	description?: string;
}

/** A resource the server offers (summary for the UI). */
export interface ResourceSummary {
	uri: string;
	name: string;
	description?: string;
	mimeType?: string;
	/** Its `_meta` (MCP Apps read `_meta.ui` here as well as on the content). */
	_meta?: Record<string, unknown>;
}

/** Everything a connection lists right after it connects. */
export interface ServerCatalog {
	instructions: string | undefined;
	tools: ToolDefinition[];
	prompts: PromptSummary[];
	resources: ResourceSummary[];
	recipes: McpRecipe[] | undefined;
}

/**
 * Lists what the server's capabilities say it has. Tools must load (a failure throws);
 * prompts, resources and recipes are extras, so their failures just leave them empty.
 */
export async function loadCatalog(client: Client, signal: AbortSignal): Promise<ServerCatalog> {
	const capabilities = client.getServerCapabilities() ?? {};
	const tools = capabilities.tools ? await listAllTools(client, signal) : [];
	const [prompts, resources, recipes] = await Promise.all([
		capabilities.prompts
			? paginate(async (cursor) => {
					const page = await client.listPrompts(cursor ? { cursor } : undefined, { signal });
					return {
						items: page.prompts.map(({ name, title, description }) => ({ name, title, description })),
						nextCursor: page.nextCursor
					};
				}).catch(() => [])
			: [],
		capabilities.resources
			? paginate(async (cursor) => {
					const page = await client.listResources(cursor ? { cursor } : undefined, { signal });
					return {
						items: page.resources.map(({ uri, name, description, mimeType, _meta }) => ({
							uri,
							name,
							description,
							mimeType,
							...(_meta ? { _meta } : {})
						})),
						nextCursor: page.nextCursor
					};
				}).catch(() => [])
			: [],
		fetchRecipes(client, tools, signal)
	]);
	return { instructions: client.getInstructions(), tools, prompts, resources, recipes };
}

/** Lists all of the server's tools (every page) as `ToolDefinition`s. */
export async function listAllTools(client: Client, signal?: AbortSignal): Promise<ToolDefinition[]> {
	return paginate(async (cursor) => {
		const page = await client.listTools(cursor ? { cursor } : undefined, { signal });
		return {
			items: page.tools.map(({ name, title, description, inputSchema, outputSchema, annotations, _meta, ...rest }) => {
				const tool: ToolDefinition = { name, inputSchema: inputSchema as ToolDefinition['inputSchema'] };
				if (title) tool.title = title;
				if (description) tool.description = description;
				if (outputSchema) tool.outputSchema = outputSchema as ToolDefinition['inputSchema'];
				if (annotations) tool.annotations = annotations;
				if (_meta && typeof _meta === 'object') tool._meta = _meta;
				const taskSupport = (rest as { execution?: { taskSupport?: unknown } }).execution?.taskSupport;
				if (taskSupport === 'required' || taskSupport === 'optional' || taskSupport === 'forbidden')
					tool.execution = { taskSupport };
				return tool;
			}),
			nextCursor: page.nextCursor
		};
	});
}

/** Recipes from the server's recipe-list tool; any failure just means "no recipes". */
export async function fetchRecipes(
	client: Client,
	tools: ToolDefinition[],
	signal: AbortSignal
): Promise<McpRecipe[] | undefined> {
	const tool = findRecipeListTool(tools);
	if (!tool) return undefined;
	try {
		const result = await client.callTool({ name: tool.name, arguments: {} }, { signal, timeout: 5000 });
		return parseRecipes(toToolResult(result));
	} catch {
		return undefined;
	}
}

/** The SDK's result (current or pre-2024-11 compatibility shape) as our `ToolCallResult`. */
export function toToolResult(result: Record<string, unknown>): ToolCallResult {
	if (Array.isArray(result.content)) {
		const out: ToolCallResult = { content: result.content as ToolCallResult['content'] };
		if (result.structuredContent !== undefined) out.structuredContent = result.structuredContent;
		if (result.isError === true) out.isError = true;
		return out;
	}
	if ('toolResult' in result) return { content: [{ type: 'text', text: JSON.stringify(result.toolResult) }] };
	return { content: [] };
}
