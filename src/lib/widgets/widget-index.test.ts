import { describe, expect, it } from 'vitest';
import { widgetDefinitions } from './definitions';
import type { WidgetSummary } from './types';
import { loadWidgetDefinitions, widgetIndex, widgetIndexRegistry } from './widget-index';

/** Every key of `WidgetSummary` (the compiler keeps this list complete). */
const summaryKeys: Record<keyof WidgetSummary, true> = {
	name: true,
	title: true,
	description: true,
	category: true,
	defaultSize: true,
	hostOnly: true
};

describe('widget index', () => {
	it('summarises every definition, in catalog order, with exactly the light fields', () => {
		expect(widgetIndex.map((summary) => summary.name)).toEqual(widgetDefinitions.map((definition) => definition.name));
		for (const [index, definition] of widgetDefinitions.entries()) {
			const expected = Object.fromEntries(
				Object.keys(summaryKeys)
					.filter((key) => key in definition)
					.map((key) => [key, definition[key as keyof WidgetSummary]])
			);
			expect(widgetIndex[index], definition.name).toEqual(expected);
		}
	});

	it('holds none of the heavy fields', () => {
		for (const summary of widgetIndex) {
			expect(
				Object.keys(summary).every((key) => key in summaryKeys),
				summary.name
			).toBe(true);
		}
		const text = JSON.stringify(widgetIndex);
		expect(text).not.toMatch(/"(schema|example|recipe|whenToUse|howToUse)"/);
		expect(text.length).toBeLessThan(JSON.stringify(widgetDefinitions).length / 4);
	});

	it('builds its registry at start-up and loads the full definitions on demand', async () => {
		expect(widgetIndexRegistry.names).toEqual(widgetIndex.map((summary) => summary.name));
		expect(widgetIndexRegistry.require('data-table').defaultSize).toEqual(
			widgetDefinitions.find((definition) => definition.name === 'data-table')!.defaultSize
		);
		expect(await loadWidgetDefinitions()).toBe(widgetDefinitions);
	});
});
