/**
 * Canonical recipe tools (seed 000). Servers name their recipe tools freely
 * (`browse_skills`, `discover_workflows`…); the prompt speaks of three roles only —
 * `search_recipes`, `list_recipes`, `get_recipe` — and an alias map routes a canonical name
 * to the server's real tool. Resolution runs four layers in order: exact name, action +
 * resource tokens, description scan, none.
 */
import type { ToolDefinition } from '$lib/shared';
import type { ToolLayer } from '../types';

/** The three recipe roles the structured prompt uses. */
export type CanonicalRole = 'search_recipes' | 'list_recipes' | 'get_recipe';

/** Every canonical role, in prompt order. */
export const CANONICAL_ROLES: readonly CanonicalRole[] = ['search_recipes', 'list_recipes', 'get_recipe'];

/** How a role was matched: 1 exact name, 2 action+resource tokens, 3 description scan. */
export type CanonicalVia = 'exact' | 'tokens' | 'description';

/** One role bound to one of the server's tools. */
export interface CanonicalMatch {
	role: CanonicalRole;
	/** The tool's own name on its server. */
	tool: string;
	via: CanonicalVia;
}

/** The recipe tools found on one layer. `none` is true when layer 4 (fallback) applied. */
export interface CanonicalTools {
	roles: Partial<Record<CanonicalRole, CanonicalMatch>>;
	none: boolean;
}

type Action = 'search' | 'list' | 'get';

const ACTION_WORDS: Record<string, Action> = {
	search: 'search',
	find: 'search',
	query: 'search',
	lookup: 'search',
	list: 'list',
	browse: 'list',
	explore: 'list',
	discover: 'list',
	get: 'get',
	read: 'get',
	fetch: 'get',
	show: 'get',
	describe: 'get',
	load: 'get',
	open: 'get'
};

const RESOURCE_WORDS: ReadonlySet<string> = new Set([
	'recipe',
	'skill',
	'template',
	'workflow',
	'playbook',
	'pattern',
	'guide',
	'howto'
]);

const ROLE_OF_ACTION: Record<Action, CanonicalRole> = {
	search: 'search_recipes',
	list: 'list_recipes',
	get: 'get_recipe'
};

/** Lower-case words of a name: splits on `_`, `-`, `.`, `/`, spaces and camelCase; drops plural `s`. */
export function nameTokens(name: string): string[] {
	return name
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean)
		.map(singular);
}

function singular(word: string): string {
	if (word.length > 3 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
	if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
	return word;
}

/** Layer 2: the role a name's (action, resource) token pair gives, if any. */
function roleFromTokens(tokens: string[]): CanonicalRole | undefined {
	const resource = tokens.some((token) => RESOURCE_WORDS.has(token));
	if (!resource) return undefined;
	for (const token of tokens) {
		const action = ACTION_WORDS[token];
		if (action) return ROLE_OF_ACTION[action];
	}
	return undefined;
}

/**
 * Layer 3: a description that speaks of recipes, e.g. "Lists all the available playbooks":
 * an action word followed within four words by a resource word gives the role.
 */
function roleFromDescription(tool: ToolDefinition): CanonicalRole | undefined {
	const words = nameTokens(typeof tool.description === 'string' ? tool.description : '');
	for (let i = 0; i < words.length; i++) {
		const action = ACTION_WORDS[words[i]];
		if (!action) continue;
		for (let j = i + 1; j <= i + 4 && j < words.length; j++) {
			if (RESOURCE_WORDS.has(words[j])) return ROLE_OF_ACTION[action];
		}
	}
	return undefined;
}

/**
 * Finds the recipe tools of one layer. A tool fills at most one role; each role takes the
 * first tool (in the layer's order) matched by the earliest layer of resolution.
 */
export function resolveCanonicalTools(layer: ToolLayer): CanonicalTools {
	const roles: Partial<Record<CanonicalRole, CanonicalMatch>> = {};
	const used = new Set<string>();
	const assign = (role: CanonicalRole, tool: string, via: CanonicalVia): void => {
		if (roles[role] || used.has(tool)) return;
		roles[role] = { role, tool, via };
		used.add(tool);
	};
	const tools = (layer.tools ?? []).filter((tool) => typeof tool?.name === 'string');
	for (const tool of tools) {
		if ((CANONICAL_ROLES as readonly string[]).includes(tool.name))
			assign(tool.name as CanonicalRole, tool.name, 'exact');
	}
	for (const tool of tools) {
		const role = roleFromTokens(nameTokens(tool.name));
		if (role) assign(role, tool.name, 'tokens');
	}
	for (const tool of tools) {
		const role = roleFromDescription(tool);
		if (role) assign(role, tool.name, 'description');
	}
	return { roles, none: Object.keys(roles).length === 0 };
}
