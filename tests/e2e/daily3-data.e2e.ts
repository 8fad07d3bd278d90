/**
 * The model-free data path (issue 28, items 1, 2 and 9): with no model configured, the
 * built-in datasets server's workbench runs a GROUP BY query and "Show on canvas" offers a
 * table and a bar chart of its rows (never of its column list); each lands on the canvas in
 * view, beside the docked workbench, live (Refresh re-runs the query). list_datasets offers
 * only what renders. The whole path is counted in clicks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectErrors, saveScreenshot } from './helpers';
import { savedParams } from './support/app';

test.use({ viewport: { width: 1440, height: 900 } });

const sql = `SELECT Origin, count(*) AS cars, round(avg(Horsepower), 1) AS avg_hp
FROM cars
GROUP BY Origin
ORDER BY Origin`;

/** The cars per origin, counted from the data set's own file (what the query must return). */
function carsByOrigin(): Record<string, number> {
	const file = join(process.cwd(), 'node_modules', 'vega-datasets', 'data', 'cars.json');
	const counts: Record<string, number> = {};
	for (const car of JSON.parse(readFileSync(file, 'utf8')) as Array<{ Origin: string }>)
		counts[car.Origin] = (counts[car.Origin] ?? 0) + 1;
	return counts;
}

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
	const found = await locator.boundingBox();
	if (!found) throw new Error('not on screen');
	return found;
}

const overlaps = (a: Box, b: Box) =>
	a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The widget's top-left corner and title bar are inside the canvas, and nothing docked covers it. */
async function expectInView(page: Page, widget: Locator) {
	const canvas = await box(page.getByTestId('canvas'));
	const frame = await box(widget);
	expect(frame.x).toBeGreaterThanOrEqual(canvas.x);
	expect(frame.y).toBeGreaterThanOrEqual(canvas.y);
	expect(frame.x + 120).toBeLessThanOrEqual(canvas.x + canvas.width);
	expect(frame.y + 40).toBeLessThanOrEqual(canvas.y + canvas.height);
	expect(overlaps(frame, await box(page.getByLabel('MCP workbench')))).toBe(false);
	expect(overlaps(frame, await box(page.getByTestId('pane-chat')))).toBe(false);
}

test('with no model: datasets → query_sql → a live table and bar chart of the rows, in view, in under 10 clicks', async ({
	page
}) => {
	const errors = collectErrors(page);
	let clicks = 0;
	const click = async (locator: Locator) => {
		clicks++;
		await locator.click();
	};
	const counts = carsByOrigin();

	await page.goto('/');
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
	await click(page.getByTestId('mcp-status'));
	await click(page.locator('[data-testid=open-workbench][data-server=datasets]'));
	const workbench = page.locator('[data-testid=workbench][data-server=datasets]');
	await click(workbench.locator('[data-testid=workbench-tool][data-tool=query_sql]'));
	const form = workbench.locator('[data-testid=tool-form][data-tool=query_sql]');

	// The workbench docks beside the canvas: the chat stays uncovered.
	const dock = await box(page.getByLabel('MCP workbench'));
	const chat = await box(page.getByTestId('pane-chat'));
	expect(overlaps(dock, chat)).toBe(false);
	expect(overlaps(dock, await box(page.getByTestId('canvas')))).toBe(false);

	// SQL gets a multi-line editor; the limit's hint says only what bounds it.
	const editor = form.getByLabel('sql', { exact: true });
	expect(await editor.evaluate((element) => element.tagName)).toBe('TEXTAREA');
	await expect(form.locator('[data-field="/limit"] .hint')).toHaveText(/^( · )?≥ 1$/);
	await editor.fill(sql);
	await editor.press('Control+Enter');
	await expect(workbench.getByTestId('tool-result')).toHaveAttribute('data-kind', 'success', { timeout: 20_000 });

	// The rows, not the column list: a table, and the charts a category and a number make.
	const choices = workbench.getByTestId('show-on-canvas');
	await expect(choices.first()).toHaveAttribute('data-widget', 'data-table');
	await expect
		.poll(() => choices.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-widget'))))
		.toEqual(['data-table', 'bar', 'line', 'scatter', 'pie']);

	await click(workbench.locator('[data-testid=show-on-canvas][data-widget=data-table]'));
	const table = page.locator('[data-widget-type=data-table]');
	await expect(table.getByRole('row').filter({ hasText: 'Japan' })).toContainText(String(counts.Japan));
	await expect(table.getByRole('row').filter({ hasText: 'USA' })).toContainText(String(counts.USA));
	await expectInView(page, table);

	await click(workbench.locator('[data-testid=show-on-canvas][data-widget=bar]'));
	const bar = page.locator('[data-widget-type=bar]');
	await expect(bar.locator('figure[data-chart-ready=true]')).toHaveCount(1, { timeout: 20_000 });
	await expectInView(page, bar);
	await expect
		.poll(() => savedParams(page, 'bar'), { timeout: 10_000 })
		.toMatchObject({
			x: 'Origin',
			y: 'cars',
			data: expect.arrayContaining([expect.objectContaining({ Origin: 'Japan', cars: counts.Japan })])
		});
	await saveScreenshot(page, 'daily3-data-path');

	// Live: Refresh on the chart (the widget in view) re-runs the query, a console entry of its own.
	const calls = page.locator('[data-testid=console-entry][data-kind=tool-call]');
	const before = await calls.count();
	const refresh = bar.getByTestId('widget-refresh');
	await click(refresh);
	await expect(calls).toHaveCount(before + 1);
	await expect(refresh).toHaveAttribute('data-refreshing', 'false');
	await expect(bar.getByTestId('widget-source-error')).toHaveCount(0);
	await expect(bar.locator('figure[data-chart-ready=true]')).toHaveCount(1);
	await expect(bar.getByLabel(`Origin: Europe; cars: ${counts.Europe}`)).toBeAttached();
	expect(clicks).toBeLessThan(10);
	test.info().annotations.push({ type: 'clicks', description: String(clicks) });

	// list_datasets: its rows hold lists of columns, so only what renders is offered.
	await click(workbench.locator('[data-testid=workbench-tool][data-tool=list_datasets]'));
	await workbench.locator('[data-testid=tool-form][data-tool=list_datasets]').getByTestId('tool-run').click();
	await expect(workbench.getByTestId('tool-result')).toHaveAttribute('data-kind', 'success', { timeout: 20_000 });
	await expect
		.poll(() => choices.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-widget'))))
		.toEqual(['json']);
	await click(choices.first());
	await expect(page.locator('[data-widget-type=json]')).toContainText('describe_dataset for statistics');
	await expect(page.getByTestId('widget-error')).toHaveCount(0);
	await expect(workbench.getByTestId('workbench-notice')).toContainText('Added to the canvas');
	expect(errors).toEqual([]);
});
