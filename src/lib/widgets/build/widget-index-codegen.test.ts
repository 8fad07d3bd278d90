import { describe, expect, it } from 'vitest';
import { generateWidgetIndexModule, summarizeWidget } from './widget-index-codegen.js';

const full = {
	name: 'stat',
	title: 'Stat',
	description: 'One figure.',
	category: 'figures',
	schema: { type: 'object' },
	example: { value: 1 },
	recipe: { whenToUse: 'a', howToUse: 'b' },
	defaultSize: { w: 240, h: 140 },
	keywords: ['kpi']
};

/** Evaluates generated module source (plain data only) and returns its `widgetIndex`. */
async function load(source: string): Promise<unknown> {
	const module = await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(source)}`);
	return module.widgetIndex;
}

describe('widget index codegen', () => {
	it('keeps the light fields and drops schema, example, recipe and keywords', async () => {
		const source = generateWidgetIndexModule([full, { ...full, name: 'kpi-grid' }]);
		expect(source).not.toMatch(/schema|example|recipe|whenToUse|keywords/);
		expect(await load(source)).toEqual([
			{ name: 'stat', title: 'Stat', description: 'One figure.', category: 'figures', defaultSize: { w: 240, h: 140 } },
			{ name: 'kpi-grid', title: 'Stat', description: 'One figure.', category: 'figures', defaultSize: { w: 240, h: 140 } }
		]);
		expect(await load(generateWidgetIndexModule([]))).toEqual([]);
	});

	it('copies rather than shares nested values', () => {
		const summary = summarizeWidget(full);
		expect(summary.defaultSize).not.toBe(full.defaultSize);
	});

	it('fails the build on duplicate names and malformed light fields, naming the widget', () => {
		expect(() => generateWidgetIndexModule([full, full])).toThrow(/Duplicate widget name "stat"/);
		expect(() => generateWidgetIndexModule([{ ...full, title: undefined }])).toThrow(/Widget "stat": title must be a string/);
		expect(() => generateWidgetIndexModule([{ ...full, defaultSize: { w: '240', h: 140 } }])).toThrow(/Widget "stat": defaultSize/);
	});
});
