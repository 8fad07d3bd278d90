import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { bindParams, paramNamesIn } from '$lib/canvas/params/bindings';
import { autoui } from '$lib/webmcp';
import { getRecipe, searchRecipes } from './recipes';
import { linkedDatasetsClient } from './test-client';

const datasets = linkedDatasetsClient('linked-recipe-test', 8_000);

type Display = {
	name: string;
	params: Record<string, unknown>;
	source: { tool: string; args: Record<string, unknown> };
};

describe('the linked dashboard recipe', () => {
	const recipe = getRecipe('linked-dashboard');
	const linked = [...recipe.markdown.matchAll(/```json linked\n([\s\S]*?)```/g)].map(
		(match) => JSON.parse(match[1]) as Display
	);

	it('is what a search for a dashboard or a click-to-filter finds', () => {
		expect(searchRecipes('linked dashboard click to filter')[0].name).toBe('linked-dashboard');
		expect(searchRecipes('crossfilter')[0].name).toBe('linked-dashboard');
		expect(recipe.markdown).toContain('set_param');
	});

	it('shows displays whose sources bind parameters, run with the parameter unset and set, and give rows the widget accepts', async () => {
		expect(linked.map((display) => display.name)).toEqual(['data-table', 'map']);
		for (const display of linked) {
			const [name] = paramNamesIn(display.source.args);
			expect(name, display.name).toBeTruthy();
			for (const value of [null, display.name === 'map' ? 'SEA' : 'Japan']) {
				const args = bindParams(display.source.args, { [name]: value });
				const result = (await datasets.client.callTool({
					name: 'query_sql',
					arguments: { ...args, limit: 50 }
				})) as CallToolResult;
				const text = result.content[0].type === 'text' ? result.content[0].text : '';
				expect(result.isError, `${display.name} with ${value}: ${text}`).not.toBe(true);
				const rows = JSON.parse(text).rows as unknown[];
				expect(rows.length, `${display.name} with ${value}`).toBeGreaterThan(0);
				const params = JSON.parse(
					JSON.stringify(display.params).replace('{"$ref":"source#/rows"}', JSON.stringify(rows))
				);
				const shown = await autoui.callTool('widget_display', { name: display.name, params });
				expect(shown.isError, JSON.stringify(shown.content)).not.toBe(true);
			}
		}
	});
});
