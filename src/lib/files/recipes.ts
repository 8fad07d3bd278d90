/**
 * Recipes of the files server (`list_recipes`, `search_recipes`, `get_recipe`, as the
 * datasets server offers them): which query shape answers a kind of question over a file's
 * table and which autoui widget shows it.
 */
import { AutoUiError } from '$lib/shared';

export interface FileRecipe {
	name: string;
	title: string;
	description: string;
	widgets: string[];
	keywords: string[];
	markdown: string;
}

const display = (widget: string, params: string) =>
	`Display with autoui's widget_display, the query as its source so rows never pass through you:\n\n\`\`\`json\n{"name": "${widget}", "params": ${params}, "source": {"tool": "files_webmcp_query_sql", "args": {"sql": "…"}}}\n\`\`\`\n\nRead the widget's recipe with autoui's get_recipe for its other params.`;

export const recipes: readonly FileRecipe[] = [
	{
		name: 'compare-groups-bar',
		title: 'Compare groups as a bar chart',
		description: 'An aggregate (total, average, count) of one measure per category of a file, as a bar chart.',
		widgets: ['bar'],
		keywords: ['bar', 'compare', 'group', 'category', 'total', 'sum', 'average', 'count', 'per', 'by'],
		markdown: `# Compare groups as a bar chart\n\n1. describe_dataset for the columns (text columns list their values or top values).\n2. query_sql with one row per category, short lower-case aliases:\n\n\`\`\`sql\nSELECT region, round(sum(amount), 2) AS total FROM sales_2026 GROUP BY region ORDER BY total DESC\n\`\`\`\n\n${display('bar', '{"title": "…", "data": {"$ref": "source#/rows"}, "x": "region", "y": "total"}')}`
	},
	{
		name: 'time-series-line',
		title: 'A measure over time as a line chart',
		description: 'A total or average per day, month or year of a file with a date column, as a line chart.',
		widgets: ['line'],
		keywords: ['line', 'trend', 'time', 'over time', 'date', 'month', 'year', 'daily', 'monthly'],
		markdown: `# A measure over time\n\n1. describe_dataset: find the DATE or TIMESTAMP column (a text date can be cast: CAST(col AS DATE)).\n2. query_sql grouped by period:\n\n\`\`\`sql\nSELECT date_trunc('month', day) AS month, sum(amount) AS total FROM sales_2026 GROUP BY 1 ORDER BY 1\n\`\`\`\n\n${display('line', '{"title": "…", "data": {"$ref": "source#/rows"}, "x": "month", "y": "total"}')}`
	},
	{
		name: 'explore-a-dataset',
		title: 'Explore a file',
		description: 'First look at an added file: its columns, a few rows and key figures as a table and KPIs.',
		widgets: ['data-table', 'kpi-grid'],
		keywords: ['explore', 'overview', 'what is in', 'columns', 'table', 'summary', 'kpi', 'figures'],
		markdown: `# Explore a file\n\n1. list_datasets names the tables of the added files; describe_dataset gives each column's statistics.\n2. query_sql a sample (SELECT * FROM t LIMIT 50) or key figures (SELECT count(*) AS rows, sum(x) AS total FROM t).\n\n${display('data-table', '{"title": "…", "rows": {"$ref": "source#/rows"}}')}`
	}
];

export function summarizeRecipe(recipe: FileRecipe) {
	return { name: recipe.name, title: recipe.title, description: recipe.description, widgets: recipe.widgets };
}

export function getRecipe(name: string): FileRecipe {
	const recipe = recipes.find((candidate) => candidate.name === name.trim().toLowerCase());
	if (!recipe)
		throw new AutoUiError(
			'not_found',
			`Unknown recipe "${name}". Available recipes: ${recipes.map((item) => item.name).join(', ')}.`
		);
	return recipe;
}

/** Recipes matching the query's words, best first. */
export function searchRecipes(query: string): FileRecipe[] {
	const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
	if (!words.length) return [...recipes];
	return recipes
		.map((recipe) => {
			const haystack =
				`${recipe.name} ${recipe.keywords.join(' ')} ${recipe.title} ${recipe.description}`.toLowerCase();
			return { recipe, score: words.filter((word) => haystack.includes(word)).length };
		})
		.filter((item) => item.score > 0)
		.sort((a, b) => b.score - a.score)
		.map((item) => item.recipe);
}
