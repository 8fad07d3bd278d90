/**
 * The canvas as an analysis surface, end to end in each wire format: the fake model builds a
 * linked dashboard in one request (a bar chart of cars by origin whose clicks set `origin`, a
 * table whose SQL filters by `$origin`, a filter widget, and a chart of cylinders linked both
 * ways with the first). Clicking the Japan bar filters the table to Japan's cars — counted
 * independently with DuckDB — with no model request; the chip shows Japan and clears; the
 * filter and the chart's pick list do the same; hostile values stay data or are refused
 * clearly; a reload keeps the parameter, the bindings and the filtered rows.
 */
import { expect, test, type Page } from '@playwright/test';
import { DuckDBInstance } from '@duckdb/node-api';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm, type WireFormat } from '../fixtures/fake-llm';
import { collectErrors, saveScreenshot } from './helpers';
import { openApp, send, waitTurns } from './support/app';
import { paramsQuestion, paramsScenario } from './support/params-scenario';
import { callTool, installModelContext } from './webmcp-helpers';
import { acceptAgentLink } from '../fixtures/agent-link';

const carsFile = join(process.cwd(), 'node_modules', 'vega-datasets', 'data', 'cars.json');

/** Cars per origin (and in all), counted by DuckDB from the data file itself. */
async function carCounts(): Promise<Record<string, number>> {
	const instance = await DuckDBInstance.create(':memory:');
	const connection = await instance.connect();
	const reader = await connection.runAndReadAll(
		`SELECT Origin, count(*)::INTEGER AS n FROM read_json('${carsFile}') GROUP BY ALL`
	);
	const counts: Record<string, number> = {};
	for (const row of reader.getRowObjectsJson()) counts[String(row.Origin)] = Number(row.n);
	connection.closeSync();
	counts.all = Object.values(counts).reduce((sum, n) => sum + n, 0);
	return counts;
}

/** A frame by its title. */
function frame(page: Page, type: string, title: string) {
	return page.locator(`[data-widget-type=${type}]`).filter({ has: page.locator('.title', { hasText: title }) });
}

/**
 * Lays the four widgets out in view (two columns, the table below) and fits the view to them,
 * so every mark is clickable whatever the inspector takes.
 */
async function layOut(page: Page): Promise<void> {
	const listed = await callTool(page, 'canvas', { action: 'list' });
	const places: Record<string, { x: number; y: number }> = {
		'Cars by origin': { x: 0, y: 0 },
		'Cars by cylinders': { x: 560, y: 0 },
		'Origin filter': { x: 0, y: 400 },
		'Cars of the selected origin': { x: 360, y: 400 }
	};
	for (const widget of listed.structuredContent!.data as Array<{ id: string; title: string }>) {
		const place = places[widget.title];
		if (place) await callTool(page, 'canvas', { action: 'move', id: widget.id, params: place });
	}
	await page.getByTestId('canvas-fit').click();
}

/** The parameters of the canvas saved in this browser (IndexedDB), as the next visit reads them. */
function savedParameters(page: Page): Promise<unknown> {
	return page.evaluate(
		() =>
			new Promise<unknown>((resolve) => {
				const open = indexedDB.open('autoui');
				open.onsuccess = () => {
					const request = open.result.transaction('kv').objectStore('kv').get('canvas.v1');
					request.onsuccess = () => resolve(request.result?.parameters ?? {});
					request.onerror = () => resolve(undefined);
				};
				open.onerror = () => resolve(undefined);
			})
	);
}

/** Waits until no widget is busy and the console stops growing (nothing loops). */
async function settled(page: Page): Promise<void> {
	// Parameter changes start their runs after a short quiet time.
	await page.waitForTimeout(250);
	await expect(page.locator('[data-testid=widget-body][aria-busy=true]')).toHaveCount(0, { timeout: 15_000 });
	const entries = page.locator('[data-testid=console-entry]');
	const kinds = () =>
		entries.evaluateAll((rows) =>
			rows.map((row) => `${row.getAttribute('data-kind')} ${row.textContent?.replace(/\s+/g, ' ').slice(0, 80)}`)
		);
	const before = await kinds();
	await page.waitForTimeout(1_200);
	expect((await kinds()).slice(before.length)).toEqual([]);
	await expect(page.locator('[data-testid=widget-body][aria-busy=true]')).toHaveCount(0);
}

let llm: FakeLlm;
test.beforeAll(async () => {
	llm = await startFakeLlm();
});
test.afterAll(async () => {
	await llm?.close();
});

test.use({ viewport: { width: 1800, height: 1300 } });

for (const format of ['anthropic', 'openai'] as WireFormat[]) {
	test(`a click on a bar filters the linked table with no model request, over the ${format} wire format`, async ({
		page
	}) => {
		test.setTimeout(120_000);
		const errors = collectErrors(page);
		const counts = await carCounts();
		await installModelContext(page);
		llm.setScenario(paramsScenario());
		await openApp(page, llm, format);
		const from = llm.chatRequests().length;
		const requests = () => llm.chatRequests().length - from;
		await send(page, paramsQuestion);
		await waitTurns(page, 1, 40_000);
		await expect(page.locator('[data-testid=console-entry][data-kind=tool-error]')).toHaveCount(0);
		expect(requests()).toBe(2);
		await layOut(page);

		const origins = frame(page, 'bar', 'Cars by origin');
		const cylinders = frame(page, 'bar', 'Cars by cylinders');
		const table = frame(page, 'data-table', 'Cars of the selected origin');
		const count = table.locator('.count');
		const chip = page.locator('[data-testid=param-chip][data-param=origin]');
		await expect(origins.locator('figure[data-chart-ready=true]')).toHaveCount(1, { timeout: 20_000 });
		await expect(count).toHaveText(`${counts.all} rows`);
		await expect(page.getByTestId('param-chip')).toHaveCount(0);

		// A click on the Japan bar: the chip says Japan, the table holds Japan's cars only, the other bars dim.
		await origins.locator('path[aria-label*="Japan"]').click();
		await expect(chip).toContainText('Japan');
		await expect(count).toHaveText(`${counts.Japan} rows`);
		const shownOrigins = await table
			.locator('.tr')
			.evaluateAll((rows) => rows.map((row) => row.querySelectorAll('.td')[1]?.textContent?.trim()));
		expect(new Set(shownOrigins)).toEqual(new Set(['Japan']));
		await expect(origins.locator('path[aria-label*="USA"]')).toHaveAttribute('opacity', '0.22');
		await expect(origins.locator('path[aria-label*="Japan"]')).not.toHaveAttribute('opacity', '0.22');
		// The click selected data, not the widget's inspector: nothing opens over the table it filtered.
		await expect(page.getByTestId('inspector')).toHaveCount(0);
		await saveScreenshot(page, `params-journey-${format}`);
		expect(requests()).toBe(2);

		// Clearing the chip shows every car again; a second click on a bar also clears.
		await chip.getByTestId('param-clear').click();
		await expect(page.getByTestId('param-chip')).toHaveCount(0);
		await expect(count).toHaveText(`${counts.all} rows`);
		await origins.locator('path[aria-label*="USA"]').click();
		await expect(count).toHaveText(`${counts.USA} rows`);
		await origins.locator('path[aria-label*="USA"]').click();
		await expect(page.getByTestId('param-chip')).toHaveCount(0);
		await expect(count).toHaveText(`${counts.all} rows`);

		// The filter widget's select does the same, and so does the chart's pick list (keyboard).
		const select = page.locator('[data-widget-type=filter] select[data-testid=filter-select]');
		await select.selectOption({ label: 'Europe' });
		await expect(chip).toContainText('Europe');
		await expect(count).toHaveText(`${counts.Europe} rows`);
		await origins.getByTestId('chart-pick').selectOption({ label: 'Japan' });
		await expect(chip).toContainText('Japan');
		await expect(count).toHaveText(`${counts.Japan} rows`);
		await expect(select).toHaveValue(/\d/);

		// Two charts that set each other's parameters: each click updates the other once, then all is still.
		await cylinders.locator('path[aria-label*="Cylinders: 4"]').first().click();
		await expect(page.locator('[data-testid=param-chip][data-param=cyl]')).toContainText('4');
		await settled(page);
		await origins.locator('path[aria-label*="Japan"]').click();
		await settled(page);
		expect(requests()).toBe(2);
		await page.locator('[data-testid=param-chip][data-param=cyl] [data-testid=param-clear]').click();
		await settled(page);

		// Hostile values: SQL text is data; oversized text, bad names and values are refused clearly;
		// a value of the wrong type is the query's error on the frame, with the last data kept.
		const setParam = (params: Record<string, unknown>) => callTool(page, 'canvas', { action: 'set_param', params });
		expect((await setParam({ name: 'origin', value: "' OR 1=1 --" })).isError).toBeFalsy();
		await expect(chip).toContainText("' OR 1=1 --");
		await expect(count).toHaveText('0 rows');
		const huge = await setParam({ name: 'origin', value: 'x'.repeat(20_000) });
		expect(huge).toMatchObject({ isError: true, structuredContent: { error: expect.stringContaining('characters') } });
		const badName = await setParam({ name: 'origin; DROP TABLE cars', value: 'x' });
		expect(badName).toMatchObject({
			isError: true,
			structuredContent: { error: expect.stringContaining('not a parameter name') }
		});
		const unknown = await setParam({ name: 'nobody', value: 'x' });
		expect(JSON.stringify(unknown.structuredContent)).toContain('No widget binds nobody');
		await page.locator('[data-testid=param-chip][data-param=nobody] [data-testid=param-clear]').click();
		expect((await setParam({ name: 'origin', value: 5 })).isError).toBeFalsy();
		await expect(table.getByTestId('widget-source-error')).toBeVisible({ timeout: 15_000 });
		await expect(count).toHaveText('0 rows');
		await settled(page);
		expect(requests()).toBe(2);

		// The parameter, the bindings and the filtered rows survive a reload.
		await select.selectOption({ label: 'Europe' });
		await expect(count).toHaveText(`${counts.Europe} rows`);
		await expect(table.getByTestId('widget-source-error')).toHaveCount(0);
		await settled(page);
		await expect.poll(() => savedParameters(page)).toEqual({ origin: 'Europe' });
		await page.reload();
		await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
		await page.getByTestId('canvas-fit').click();
		await expect(chip).toContainText('Europe');
		await expect(count).toHaveText(`${counts.Europe} rows`);
		await page.locator('[data-widget-type=filter] select[data-testid=filter-select]').selectOption({ label: 'Japan' });
		await expect(count).toHaveText(`${counts.Japan} rows`);
		expect(requests()).toBe(2);
		expect(errors).toEqual([]);
	});
}

test('a dashboard file keeps sources and parameters, imports back, and a ?dashboard= link asks before loading it', async ({
	page
}) => {
	test.setTimeout(120_000);
	const errors = collectErrors(page);
	const counts = await carCounts();
	await installModelContext(page);
	llm.setScenario(paramsScenario());
	await openApp(page, llm, 'anthropic');
	const from = llm.chatRequests().length;
	await send(page, paramsQuestion);
	await waitTurns(page, 1, 40_000);
	await layOut(page);
	const table = () => frame(page, 'data-table', 'Cars of the selected origin');
	await frame(page, 'bar', 'Cars by origin').getByTestId('chart-pick').selectOption({ label: 'Japan' });
	await expect(table().locator('.count')).toHaveText(`${counts.Japan} rows`);

	// The file: sorted keys, the parameter, the sources with their bindings, no rows fetched, nothing volatile.
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByTestId('canvas-export-dashboard').click()
	]);
	const text = readFileSync((await download.path())!, 'utf8');
	const dashboard = JSON.parse(text);
	expect(Object.keys(dashboard)).toEqual([...Object.keys(dashboard)].sort());
	expect(dashboard).toMatchObject({ format: 'autoui-dashboard', version: 1, parameters: { origin: 'Japan' } });
	const saved = dashboard.widgets.find((widget: { type: string }) => widget.type === 'data-table');
	expect(saved).toMatchObject({
		params: { rows: [] },
		source: { tool: 'datasets_mcp_query_sql', args: { params: { origin: { $param: 'origin' } } } }
	});
	for (const volatile of ['toolu_', 'createdAt', 'savedAt', 'fetchedAt', 'provenance'])
		expect(text).not.toContain(volatile);

	// Imported back after a clear: the same widgets, the chip, and (once allowed) the table fetches Japan's cars again.
	await page.getByTestId('canvas-clear').click();
	await page.getByTestId('param-chip').getByTestId('param-clear').click();
	await expect(page.locator('[data-widget-id]')).toHaveCount(0);
	const file = join(test.info().outputDir, 'cars-dashboard.json');
	mkdirSync(test.info().outputDir, { recursive: true });
	writeFileSync(file, text);
	await page.getByTestId('canvas-import-file').setInputFiles(file);
	await expect(page.locator('[data-widget-id]')).toHaveCount(4);
	await expect(page.locator('[data-testid=param-chip][data-param=origin]')).toContainText('Japan');
	// A file is a document anyone may have sent: its live widgets wait for the user's Allow.
	await expect(frame(page, 'data-table', 'Cars of the selected origin').getByTestId('widget-live-held')).toBeVisible();
	await page.getByTestId('share-live-allow').click();
	await expect(table().locator('.count')).toHaveText(`${counts.Japan} rows`, { timeout: 20_000 });

	// A link to the file: nothing is fetched until the user agrees; then it replaces the canvas, undoably.
	let fetched = 0;
	await page.route('https://dashboards.example/cars.json', (route) => {
		fetched++;
		return route.fulfill({
			body: text,
			contentType: 'application/json',
			headers: { 'access-control-allow-origin': '*' }
		});
	});
	await callTool(page, 'canvas', { action: 'set_param', params: { name: 'origin', value: 'USA' } });
	await expect(table().locator('.count')).toHaveText(`${counts.USA} rows`);
	await expect.poll(() => savedParameters(page)).toEqual({ origin: 'USA' });
	await page.goto(
		`/?dashboard=${encodeURIComponent('https://dashboards.example/cars.json')}&provider=anthropic&baseUrl=${encodeURIComponent(llm.url)}&model=fake-model`
	);
	await acceptAgentLink(page);
	await expect(page.getByTestId('dashboard-load')).toBeVisible({ timeout: 20_000 });
	expect(fetched).toBe(0);
	await expect(page.locator('[data-testid=param-chip][data-param=origin]')).toContainText('USA');
	await page.getByTestId('dashboard-load').click();
	await expect(page.locator('[data-testid=param-chip][data-param=origin]')).toContainText('Japan');
	expect(fetched).toBe(1);
	// Its live widgets call the user's tools only once allowed, as a shared canvas's do.
	await page.getByTestId('share-live-allow').click();
	expect(new URL(page.url()).searchParams.has('dashboard')).toBe(false);
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
	await expect(table().locator('.count')).toHaveText(`${counts.Japan} rows`, { timeout: 20_000 });
	await page.getByTestId('dashboard-restore').click();
	await expect(page.locator('[data-testid=param-chip][data-param=origin]')).toContainText('USA');
	expect(llm.chatRequests().length - from).toBe(2);
	expect(errors).toEqual([]);
});
