/**
 * Builds the agent's view of one server (`McpLayer`): its tools, its recipes and a
 * description taken from the server's `instructions`. Also holds the pagination helper every
 * list call goes through.
 */
import type { McpLayer, McpRecipe } from '$lib/agent/types';
import type { ToolCallResult, ToolDefinition } from '$lib/shared';
import { AutoUiError, isPlainObject, tryParseJson } from '$lib/shared';
import { splitByVisibility } from './ui-extension';

/** Upper bound on pages read from one list call, so a server that loops cannot hang us. */
export const maxPages = 100;

/**
 * Reads every page of a cursor-paginated MCP list call. Stops on a missing cursor, a cursor
 * seen before, or after `maxPages` pages.
 */
export async function paginate<T>(
	fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>
): Promise<T[]> {
	const all: T[] = [];
	const seen = new Set<string>();
	let cursor: string | undefined;
	for (let page = 0; page < maxPages; page++) {
		const { items, nextCursor } = await fetchPage(cursor);
		all.push(...items);
		if (!nextCursor || seen.has(nextCursor)) return all;
		seen.add(nextCursor);
		cursor = nextCursor;
	}
	throw new AutoUiError('limit_exceeded', `the server returned more than ${maxPages} pages for one list; stopping.`);
}

const listActions = new Set(['list', 'browse', 'explore', 'discover']);
const recipeResources = /^(recipe|skill|template|workflow|playbook|pattern)s?$/;

/**
 * The server's recipe-list tool: `list_recipes` when it exists, otherwise a tool whose name
 * pairs a list action (list/browse/explore/discover) with a recipe-like resource
 * (recipe/skill/template/workflow/playbook/pattern), e.g. `browse_skills`.
 */
export function findRecipeListTool(tools: ToolDefinition[]): ToolDefinition | undefined {
	const exact = tools.find((tool) => tool.name === 'list_recipes');
	if (exact) return exact;
	return tools.find((tool) => {
		const tokens = tool.name
			.replace(/([a-z0-9])([A-Z])/g, '$1_$2')
			.toLowerCase()
			.split(/[^a-z0-9]+/)
			.filter(Boolean);
		return tokens.some((token) => listActions.has(token)) && tokens.some((token) => recipeResources.test(token));
	});
}

function recipeFrom(value: unknown): McpRecipe | undefined {
	if (typeof value === 'string' && value.trim()) return { name: value.trim() };
	if (!isPlainObject(value)) return undefined;
	const name = value.name ?? value.id ?? value.title;
	if (typeof name !== 'string' || !name.trim()) return undefined;
	const description = value.description ?? value.summary;
	return typeof description === 'string' ? { name, description } : { name };
}

function recipesFromValue(value: unknown): McpRecipe[] | undefined {
	const list = Array.isArray(value)
		? value
		: isPlainObject(value)
			? (['recipes', 'skills', 'templates', 'workflows', 'items', 'results']
					.map((key) => value[key])
					.find(Array.isArray) as unknown[] | undefined)
			: undefined;
	if (!list) return undefined;
	const recipes = list.map(recipeFrom).filter((recipe): recipe is McpRecipe => recipe !== undefined);
	return recipes.length ? recipes : undefined;
}

/**
 * Extracts recipes from a recipe-list tool's result: structured content first, then JSON in
 * its text parts. Returns undefined when nothing recipe-shaped is found.
 */
export function parseRecipes(result: ToolCallResult): McpRecipe[] | undefined {
	if (result.isError) return undefined;
	const structured = recipesFromValue(result.structuredContent);
	if (structured) return structured;
	for (const part of result.content) {
		if (part.type !== 'text') continue;
		const parsed = recipesFromValue(tryParseJson(part.text));
		if (parsed) return parsed;
	}
	return undefined;
}

/**
 * Assembles the layer handed to the agent. Tools only an MCP App's View may call
 * (`_meta.ui.visibility` without "model") are kept apart in `appTools`, never offered to the model.
 */
export function buildLayer(input: {
	serverName: string;
	serverUrl: string;
	instructions?: string;
	tools: ToolDefinition[];
	recipes?: McpRecipe[];
}): McpLayer {
	const { model, appOnly } = splitByVisibility(input.tools);
	const layer: McpLayer = { protocol: 'mcp', serverName: input.serverName, serverUrl: input.serverUrl, tools: model };
	if (appOnly.length) layer.appTools = appOnly;
	const description = input.instructions?.trim();
	if (description) layer.description = description;
	if (input.recipes?.length) layer.recipes = input.recipes;
	return layer;
}
