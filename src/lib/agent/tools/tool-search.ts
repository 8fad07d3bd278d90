/**
 * Finding tools by the words of a query, not the whole phrase: "cars horsepower" finds the
 * tool whose parameters mention cars and horsepower. Each word is looked for in the tool's
 * name, title, description and the names and descriptions of its parameters; tools rank by
 * how many of the words they match, then by where (a word of the name weighs most). Used by
 * the `search_tools` pseudo-tool and by the filters of the screens that list tools.
 */
import { isPlainObject, type ToolDefinition } from '$lib/shared';
import { nameTokens } from './canonical';

/** The text of a tool's parameters: their names and descriptions, two levels deep. */
function parameterText(schema: unknown, depth = 0): string {
	if (!isPlainObject(schema) || depth > 2) return '';
	const parts: string[] = [];
	const properties = isPlainObject(schema.properties) ? schema.properties : {};
	for (const [name, child] of Object.entries(properties)) {
		parts.push(name);
		if (isPlainObject(child)) {
			if (typeof child.description === 'string') parts.push(child.description);
			parts.push(parameterText(child, depth + 1), parameterText(child.items, depth + 1));
		}
	}
	return parts.join(' ');
}

/** How a tool matches query words: the number of words found, and a weight of where. */
export function toolMatch(tool: ToolDefinition, words: readonly string[]): { words: number; score: number } {
	const name = new Set(nameTokens(tool.name));
	const lowerName = tool.name.toLowerCase();
	const title = tool.title?.toLowerCase() ?? '';
	const description = (typeof tool.description === 'string' ? tool.description : '').toLowerCase();
	const parameters = parameterText(tool.inputSchema).toLowerCase();
	let found = 0;
	let score = 0;
	for (const word of new Set(words)) {
		const weight =
			(name.has(word) ? 3 : lowerName.includes(word) ? 2 : 0) +
			(title.includes(word) ? 1 : 0) +
			(description.includes(word) ? 1 : 0) +
			(parameters.includes(word) ? 1 : 0);
		if (weight > 0) found++;
		score += weight;
	}
	return { words: found, score };
}

/**
 * The items whose tool matches at least one word of `query`, best first (most words, then
 * weight, then their order); every item, in order, for a query without words.
 */
export function searchTools<T>(items: readonly T[], query: string, toolOf: (item: T) => ToolDefinition): T[] {
	const words = nameTokens(query);
	if (!words.length) return [...items];
	return items
		.map((item, index) => ({ item, index, match: toolMatch(toolOf(item), words) }))
		.filter((entry) => entry.match.words > 0)
		.sort((a, b) => b.match.words - a.match.words || b.match.score - a.match.score || a.index - b.index)
		.map((entry) => entry.item);
}
