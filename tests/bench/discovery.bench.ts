/**
 * Lazy discovery: size of the first request (system prompt + tool definitions) for
 * 5 servers × 40 tools, starting with discovery tools only versus every tool up front.
 * Tokens are estimated as characters / 4 (the same rule for both, so the ratio is fair);
 * the request measured is exactly what runAgentLoop sends to the provider.
 */
import type { ToolDefinition } from '../../src/lib/shared';
import { runAgentLoop, type ToolLayer } from '../../src/lib/agent';
import { createMockProvider } from '../../src/lib/agent/testing';

type Emit = (figure: Record<string, unknown>) => void;

const SERVERS = ['Tricoteuses', 'iNaturalist', 'GitHub', 'Weather Service', 'City Open Data'];
const TOOLS_PER_SERVER = 40;
const VERBS = ['search', 'get', 'list', 'count', 'export', 'compare', 'describe', 'aggregate'];
const NOUNS = ['records', 'observations', 'issues', 'forecasts', 'stations'];

/** A realistic tool: a verb_noun name, a two-sentence description, 3–6 typed parameters. */
function makeTool(server: number, index: number): ToolDefinition {
	const verb = VERBS[index % VERBS.length];
	const noun = NOUNS[(index + server) % NOUNS.length];
	const properties: Record<string, ToolDefinition['inputSchema']> = {
		query: { type: 'string', description: `Free-text filter applied to ${noun}.` },
		limit: { type: 'integer', minimum: 1, maximum: 500, description: 'Maximum number of items to return.' },
		offset: { type: 'integer', minimum: 0, description: 'Number of items to skip, for paging.' }
	};
	if (index % 2 === 0) properties.sort = { type: 'string', enum: ['asc', 'desc'], description: 'Sort order.' };
	if (index % 3 === 0) properties.from = { type: 'string', format: 'date', description: 'Start date (YYYY-MM-DD).' };
	if (index % 4 === 0)
		properties.region = {
			type: 'object',
			properties: { lat: { type: 'number' }, lng: { type: 'number' }, radiusKm: { type: 'number' } },
			required: ['lat', 'lng']
		};
	return {
		name: `${verb}_${noun}_${index}`,
		description: `${verb[0].toUpperCase()}${verb.slice(1)} ${noun} from ${SERVERS[server]} with optional filters. Returns JSON with one entry per item and a total count.`,
		inputSchema: { type: 'object', properties, required: ['query'] }
	};
}

function layers(): ToolLayer[] {
	return SERVERS.map((serverName, server) => {
		const tools = Array.from({ length: TOOLS_PER_SERVER }, (_, index) => makeTool(server, index));
		if (server < 2) {
			tools[0] = {
				name: 'list_recipes',
				description: 'List the recipes of this server.',
				inputSchema: { type: 'object', properties: {} }
			};
			tools[1] = {
				name: 'get_recipe',
				description: 'Read one recipe.',
				inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }
			};
		}
		return { protocol: 'mcp' as const, serverName, description: `${serverName} data served over MCP.`, tools };
	});
}

async function firstRequestChars(lazy: boolean): Promise<{ chars: number; tools: number; prompt: number }> {
	const provider = createMockProvider([{ text: 'ok' }]);
	await runAgentLoop('How many records match?', { provider, layers: layers(), servers: [], lazy });
	const request = provider.requests[0];
	const toolChars = JSON.stringify(request.tools).length;
	return { chars: request.system.length + toolChars, tools: request.tools.length, prompt: request.system.length };
}

export default async function run(emit: Emit): Promise<void> {
	const lazy = await firstRequestChars(true);
	const eager = await firstRequestChars(false);
	const tokens = (chars: number) => Math.ceil(chars / 4);
	const estimate = 'tokens estimated as characters / 4';
	emit({
		name: 'discovery-first-request',
		value: tokens(lazy.chars),
		unit: 'tokens',
		target: null,
		chars: lazy.chars,
		tools: lazy.tools,
		promptChars: lazy.prompt,
		servers: SERVERS.length,
		toolsPerServer: TOOLS_PER_SERVER,
		estimate
	});
	emit({
		name: 'all-tools-first-request',
		value: tokens(eager.chars),
		unit: 'tokens',
		target: null,
		chars: eager.chars,
		tools: eager.tools,
		promptChars: eager.prompt,
		servers: SERVERS.length,
		toolsPerServer: TOOLS_PER_SERVER,
		estimate
	});
	emit({
		name: 'discovery-vs-all-tools',
		value: Math.round((lazy.chars / eager.chars) * 1000) / 10,
		unit: '%',
		target: '< 20%',
		estimate
	});
}
