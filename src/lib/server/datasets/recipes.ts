/**
 * Markdown recipes the datasets server offers through `list_recipes`, `search_recipes` and
 * `get_recipe`: which query shape answers a kind of question and which autoui widget shows
 * it. Each recipe is a `recipes/<name>.md` file with a small front matter (title,
 * description, keywords, widgets) bundled at build time.
 */
import { AutoUiError } from '$lib/shared';

/** A recipe's listing entry. */
export interface RecipeSummary {
	name: string;
	title: string;
	description: string;
	/** autoui widget names the recipe displays with. */
	widgets: string[];
}

/** A full recipe: the listing entry plus its markdown body and search keywords. */
export interface Recipe extends RecipeSummary {
	keywords: string[];
	markdown: string;
}

const files = import.meta.glob<string>('./recipes/*.md', { query: '?raw', import: 'default', eager: true });

/** Parses one recipe file (`---` front matter of `key: value` lines, then markdown). */
export function parseRecipe(name: string, text: string): Recipe {
	const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
	if (!match) throw new AutoUiError('internal', `Recipe ${name} has no front matter.`);
	const meta = new Map<string, string>();
	for (const line of match[1].split(/\r?\n/)) {
		const colon = line.indexOf(':');
		if (colon > 0) meta.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
	}
	const list = (key: string) =>
		(meta.get(key) ?? '')
			.split(',')
			.map((item) => item.trim())
			.filter(Boolean);
	const title = meta.get('title');
	const description = meta.get('description');
	if (!title || !description) throw new AutoUiError('internal', `Recipe ${name} needs a title and a description.`);
	return { name, title, description, widgets: list('widgets'), keywords: list('keywords'), markdown: match[2].trim() };
}

/** Every recipe, sorted by name. */
export const recipes: readonly Recipe[] = Object.entries(files)
	.map(([path, text]) => parseRecipe(/([^/]+)\.md$/.exec(path)![1], text))
	.sort((a, b) => a.name.localeCompare(b.name));

/** The listing entry of a recipe. */
export function summarizeRecipe(recipe: Recipe): RecipeSummary {
	return { name: recipe.name, title: recipe.title, description: recipe.description, widgets: recipe.widgets };
}

/** The recipe named `name` (case-insensitive), or `not_found` listing the names. */
export function getRecipe(name: string, from: readonly Recipe[] = recipes): Recipe {
	const wanted = name.trim().toLowerCase();
	const recipe = from.find((candidate) => candidate.name === wanted);
	if (!recipe) {
		throw new AutoUiError(
			'not_found',
			`Unknown recipe "${name}". Available recipes: ${from.map((item) => item.name).join(', ')}.`
		);
	}
	return recipe;
}

/**
 * Recipes matching a free-text query, best first. Each query word scores by where it is
 * found (name and keywords weigh most, then title, description, body); recipes without any
 * match are left out.
 */
export function searchRecipes(query: string, from: readonly Recipe[] = recipes): Recipe[] {
	const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
	if (words.length === 0) return [...from];
	const scored = from.map((recipe) => {
		const name = recipe.name.replace(/-/g, ' ');
		const keywords = recipe.keywords.join(' ').toLowerCase();
		const title = recipe.title.toLowerCase();
		const description = recipe.description.toLowerCase();
		const body = recipe.markdown.toLowerCase();
		let score = 0;
		for (const word of words) {
			const stem = word.length > 4 ? word.replace(/(es|s)$/, '') : word;
			if (name.includes(stem) || recipe.widgets.includes(word)) score += 5;
			if (keywords.includes(stem)) score += 4;
			if (title.includes(stem)) score += 3;
			if (description.includes(stem)) score += 2;
			if (body.includes(stem)) score += 1;
		}
		return { recipe, score };
	});
	return scored
		.filter((item) => item.score > 0)
		.sort((a, b) => b.score - a.score || a.recipe.name.localeCompare(b.recipe.name))
		.map((item) => item.recipe);
}
