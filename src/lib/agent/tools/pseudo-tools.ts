/**
 * The `list_tools` / `search_tools` pseudo-tools (seed 001), answered locally from the
 * layer at zero network cost. They do not activate the server; the tools an answer names
 * become callable in the next request (only those), so a server without recipe tools is
 * still reachable: search → call.
 */
import { safeStringify, truncateText } from '$lib/shared';
import { nameTokens } from './canonical';
import type { RegistryEntry } from './registry';
import { adaptedEntry, type ToolCatalog } from './catalog';

/** Matches search_tools returns at most (with schemas). */
export const MAX_SEARCH_MATCHES = 8;

/** A pseudo-tool answer and the prefixed names it made callable. */
export interface PseudoAnswer {
	text: string;
	exposed: string[];
}

type ToolEntry = Extract<RegistryEntry, { kind: 'tool' }>;

function score(entry: ToolEntry, words: string[]): number {
	const name = new Set(nameTokens(entry.tool.name));
	const title = entry.tool.title?.toLowerCase() ?? '';
	const description = (typeof entry.tool.description === 'string' ? entry.tool.description : '').toLowerCase();
	let total = 0;
	for (const word of words) {
		if (name.has(word)) total += 3;
		else if (entry.tool.name.toLowerCase().includes(word)) total += 2;
		if (title.includes(word)) total += 1;
		if (description.includes(word)) total += 1;
	}
	return total;
}

/**
 * Answers a pseudo-tool call. `allowed` filters out tools the policy blocks, so the model
 * is never pointed at a tool it cannot call.
 */
export function answerPseudoTool(
	catalog: ToolCatalog,
	entry: Extract<RegistryEntry, { kind: 'pseudo' }>,
	args: Record<string, unknown>,
	allowed: (entry: ToolEntry) => boolean
): PseudoAnswer {
	const tools = (catalog.registry.toolsByServer.get(entry.server.key) ?? []).filter(allowed);
	const server = entry.server.layer.serverName;
	if (entry.pseudo === 'list_tools') {
		const listed = tools.map((tool) => ({
			name: tool.name,
			description: truncateText(String(tool.tool.description ?? tool.tool.title ?? ''), 200)
		}));
		const text = safeStringify({
			server,
			count: listed.length,
			tools: listed,
			note: "These tools are callable from your next step. Use search_tools(query) to see a tool's parameters."
		});
		return { text, exposed: listed.map((tool) => tool.name) };
	}
	const query = typeof args.query === 'string' ? args.query : '';
	const words = nameTokens(query);
	const ranked = tools
		.map((tool, index) => ({ tool, index, score: words.length ? score(tool, words) : 1 }))
		.filter((item) => item.score > 0)
		.sort((a, b) => b.score - a.score || a.index - b.index);
	const matches = ranked.slice(0, MAX_SEARCH_MATCHES).map(({ tool }) => {
		const adapted = adaptedEntry(catalog, tool);
		return {
			name: tool.name,
			description: truncateText(String(tool.tool.description ?? ''), 300),
			input_schema: adapted.schema
		};
	});
	const text = safeStringify({
		server,
		query,
		total: ranked.length,
		matches,
		note: matches.length
			? 'The matching tools are callable from your next step.'
			: `No tool matches; try other words or ${entry.server.prefix}list_tools().`
	});
	return { text, exposed: matches.map((match) => match.name) };
}
