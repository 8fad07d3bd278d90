/**
 * Widget recipes: what the model reads to choose a widget and fill its params. Search is a
 * small keyword ranking over names, titles, descriptions, keywords and "when to use" text.
 */
import type { WidgetDefinition, WidgetSummary } from '$lib/widgets/types';

/** A recipe in a list or search result. */
export interface RecipeSummary {
	name: string;
	title: string;
	description: string;
	category: string;
}

/** Everything `get_recipe` returns. */
export interface RecipeDetail extends RecipeSummary {
	schema: unknown;
	example: unknown;
	whenToUse: string;
	howToUse: string;
	defaultSize: { w: number; h: number };
}

/** The short form used in lists (needs only the widget's summary). */
export function recipeSummary(widget: WidgetSummary): RecipeSummary {
	return { name: widget.name, title: widget.title, description: widget.description, category: widget.category };
}

/** The full recipe: schema, example and usage text. */
export function recipeDetail(widget: WidgetDefinition): RecipeDetail {
	return {
		...recipeSummary(widget),
		schema: widget.schema,
		example: widget.example,
		whenToUse: widget.recipe.whenToUse,
		howToUse: widget.recipe.howToUse,
		defaultSize: widget.defaultSize
	};
}

function tokens(text: string): string[] {
	return text
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter((token) => token.length > 1);
}

/** Widgets ranked by how well they match `query` (best first, at most `limit`). */
export function searchRecipes(widgets: readonly WidgetDefinition[], query: string, limit = 8): RecipeSummary[] {
	const wanted = tokens(query);
	if (wanted.length === 0) return widgets.slice(0, limit).map(recipeSummary);
	const scored = widgets.map((widget) => {
		const fields: Array<[string, number]> = [
			[widget.name.replace(/-/g, ' '), 6],
			[widget.title, 5],
			[(widget.keywords ?? []).join(' '), 4],
			[widget.description, 2],
			[widget.category, 2],
			[widget.recipe.whenToUse, 1]
		];
		let score = 0;
		for (const want of wanted) {
			for (const [text, weight] of fields) {
				const have = tokens(text);
				if (have.includes(want)) score += weight;
				else if (have.some((token) => token.startsWith(want) || (want.length > 3 && want.startsWith(token))))
					score += weight / 2;
			}
		}
		return { widget, score };
	});
	return scored
		.filter((entry) => entry.score > 0)
		.sort((a, b) => b.score - a.score)
		.slice(0, limit)
		.map((entry) => recipeSummary(entry.widget));
}
