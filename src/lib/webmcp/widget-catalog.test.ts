import { describe, expect, it } from 'vitest';
import { fixtureSummaries, fixtureWidgets, recordingDefinitionsLoader } from './test-fixtures';
import { createWidgetCatalog } from './widget-catalog';

describe('createWidgetCatalog', () => {
	it('built from full definitions, answers definitions at once', async () => {
		const catalog = createWidgetCatalog(fixtureWidgets);
		expect(catalog.loaded).toBe(true);
		expect(catalog.names).toEqual(['kpi', 'image-card', 'table']);
		expect(catalog.definition('kpi')).toBe(fixtureWidgets[0]);
		expect(catalog.summary('table')?.defaultSize).toEqual({ w: 480, h: 320 });
		expect(await catalog.load()).toEqual(fixtureWidgets);
	});

	it('built from summaries, loads the full definitions once, on demand', async () => {
		const loader = recordingDefinitionsLoader();
		const catalog = createWidgetCatalog(fixtureSummaries, loader.load);
		expect(catalog.summary('kpi')).toEqual(fixtureSummaries[0]);
		expect(catalog.summaries.map((summary) => summary.title)).toEqual(['KPI', 'Image card', 'Table']);
		expect(catalog.loaded).toBe(false);
		expect(catalog.definition('kpi')).toBeUndefined();
		expect(loader.calls).toBe(0);
		const [first, second] = await Promise.all([catalog.load(), catalog.load()]);
		expect(first).toBe(second);
		await catalog.load();
		expect(loader.calls).toBe(1);
		expect(catalog.loaded).toBe(true);
		expect(catalog.definition('kpi')?.schema).toEqual(fixtureWidgets[0].schema);
		expect(catalog.definition('nope')).toBeUndefined();
		expect(catalog.summary('nope')).toBeUndefined();
	});

	it('retries a failed load', async () => {
		const loader = recordingDefinitionsLoader();
		loader.failing = true;
		const catalog = createWidgetCatalog(fixtureSummaries, loader.load);
		await expect(catalog.load()).rejects.toThrow('network down');
		expect(catalog.loaded).toBe(false);
		loader.failing = false;
		await expect(catalog.load()).resolves.toHaveLength(3);
		expect(loader.calls).toBe(2);
	});

	it('rejects definitions that do not match the index (a stale build)', async () => {
		const catalog = createWidgetCatalog(fixtureSummaries, async () => fixtureWidgets.slice(0, 2));
		await expect(catalog.load()).rejects.toMatchObject({
			code: 'internal',
			message: expect.stringMatching(/do not match the widget index.*rebuild/)
		});
		expect(catalog.loaded).toBe(false);
		const reordered = createWidgetCatalog(fixtureSummaries, async () => [...fixtureWidgets].reverse());
		await expect(reordered.load()).rejects.toThrow(/do not match/);
	});

	it('fails at creation on duplicate names and on summaries without a loader', () => {
		expect(() => createWidgetCatalog([...fixtureSummaries, fixtureSummaries[1]], async () => fixtureWidgets)).toThrow(
			/Duplicate widget name "image-card"/
		);
		expect(() => createWidgetCatalog(fixtureSummaries)).toThrow(/kpi, image-card, table have no schema.*loader/);
	});
});
