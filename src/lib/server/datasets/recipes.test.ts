import { describe, expect, it } from 'vitest';
import { getRecipe, parseRecipe, recipes, searchRecipes } from './recipes';

describe('recipes', () => {
	it('bundles every recipe file with a title, description and widgets', () => {
		expect(recipes.length).toBeGreaterThanOrEqual(8);
		for (const recipe of recipes) {
			expect(recipe.name).toMatch(/^[a-z0-9-]+$/);
			expect(recipe.title.length).toBeGreaterThan(5);
			expect(recipe.widgets.length).toBeGreaterThan(0);
			expect(recipe.markdown).toMatch(/^# /);
			expect(recipe.markdown).toContain('get_recipe');
		}
	});

	it('parses front matter lists and rejects a file without it', () => {
		const recipe = parseRecipe('x', '---\ntitle: T\ndescription: D\nwidgets: bar, line\nkeywords: a,b\n---\n# Body\n');
		expect(recipe).toMatchObject({
			name: 'x',
			title: 'T',
			widgets: ['bar', 'line'],
			keywords: ['a', 'b'],
			markdown: '# Body'
		});
		expect(() => parseRecipe('y', '# no front matter')).toThrow(/front matter/);
	});

	it('ranks the recipe that fits the question first and drops the ones that do not match', () => {
		expect(searchRecipes('histogram of delays')[0].name).toBe('distribution-histogram');
		expect(searchRecipes('kpi overview')[0].name).toBe('kpi-summary');
		expect(searchRecipes('scatter horsepower versus mpg')[0].name).toBe('scatter-relationship');
		expect(searchRecipes('zzzz')).toEqual([]);
		expect(searchRecipes('')).toHaveLength(recipes.length);
	});

	it('finds a recipe by name regardless of case, or lists the names', () => {
		expect(getRecipe(' Top-N-Table ').name).toBe('top-n-table');
		expect(() => getRecipe('nope')).toThrow(/Available recipes/);
	});
});
