/**
 * The canvas in daily use, round four, with no model: a chart and a table made by hand in the
 * datasets workbench get a filter and a click link from the inspector; the filter lands
 * beside its chart, both in view, no title bar under the toolbar, the export menu clickable;
 * the table's SQL binds the parameter and follows the filter; the chart's pick list sits in
 * its title bar (no second PNG/SVG toolbar over the marks); a picture of the filter shows the
 * value it is set to; a KPI figure never wraps mid-number.
 */
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { collectErrors } from './helpers';
import { savedParams } from './support/app';
import { callTool, installModelContext } from './webmcp-helpers';

test.use({ viewport: { width: 1440, height: 900 } });

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
	const found = await locator.boundingBox();
	if (!found) throw new Error('not on screen');
	return found;
}

const inside = (inner: Box, outer: Box) =>
	inner.x >= outer.x - 1 &&
	inner.y >= outer.y - 1 &&
	inner.x + inner.width <= outer.x + outer.width + 1 &&
	inner.y + inner.height <= outer.y + outer.height + 1;

async function runSql(page: Page, workbench: Locator, sql: string): Promise<void> {
	const form = workbench.locator('[data-testid=tool-form][data-tool=query_sql]');
	await form.getByLabel('sql', { exact: true }).fill(sql);
	await form.getByLabel('sql', { exact: true }).press('Control+Enter');
	await expect(workbench.getByTestId('tool-result')).toHaveAttribute('data-kind', 'success', { timeout: 20_000 });
}

async function bytesOf(download: Download): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

async function picture(page: Page, frame: Locator): Promise<Buffer> {
	await page.getByTestId('canvas-fit').click();
	await frame.getByTestId('widget-export-menu').click();
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('widget-export-png').click()]);
	return bytesOf(download);
}

test('by hand: filter and click link from the inspector, the filter beside its chart, the table follows', async ({
	page
}) => {
	test.setTimeout(120_000);
	const errors = collectErrors(page);
	await installModelContext(page);
	await page.goto('/');
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
	await page.getByTestId('mcp-status').click();
	await page.locator('[data-testid=open-workbench][data-server=datasets]').click();
	const workbench = page.locator('[data-testid=workbench][data-server=datasets]');
	await workbench.locator('[data-testid=workbench-tool][data-tool=query_sql]').click();

	await runSql(page, workbench, 'SELECT Origin, count(*) AS cars FROM cars GROUP BY Origin ORDER BY Origin');
	await workbench.locator('[data-testid=show-on-canvas][data-widget=bar]').click();
	const bar = page.locator('[data-widget-type=bar]');
	await expect(bar.locator('figure[data-chart-ready=true]')).toHaveCount(1, { timeout: 20_000 });
	await runSql(page, workbench, 'SELECT Name, Origin FROM cars ORDER BY Name');
	await workbench.locator('[data-testid=show-on-canvas][data-widget=data-table]').click();
	const table = page.locator('[data-widget-type=data-table]');
	await expect(table.getByRole('row').filter({ hasText: 'USA' }).first()).toBeVisible();
	await workbench.getByTestId('workbench-close').click();
	await expect(workbench).toBeHidden();
	// The table went under the chart (no room beside it while the workbench was open): the
	// view showed the table and left no title bar cut under the toolbar.
	const canvasBox = await box(page.getByTestId('canvas'));
	for (const title of await page.locator('[data-widget-id] .title-bar').all()) {
		const titleBox = await title.boundingBox();
		const frameBox = await title.locator('..').boundingBox();
		if (titleBox && frameBox && frameBox.y + frameBox.height > canvasBox.y)
			expect(titleBox.y).toBeGreaterThanOrEqual(canvasBox.y - 1);
	}
	await page.getByTestId('canvas-fit').click();

	// The chart: clicks on Origin set a parameter, and a filter on Origin sets the same one.
	await bar.getByTestId('widget-inspect').click();
	const inspector = page.getByTestId('inspector');
	await inspector.getByTestId('link-column').selectOption('Origin');
	await inspector.getByTestId('link-clicks').click();
	await expect(inspector.getByTestId('link-status')).toContainText('"origin"');
	await expect
		.poll(() => savedParams(page, 'bar'), { timeout: 10_000 })
		.toMatchObject({ select: { param: 'origin', field: 'Origin' } });
	await inspector.getByTestId('link-filter-column').click();
	const filter = page.locator('[data-widget-type=filter]');
	await expect(filter.getByTestId('filter-select')).toBeVisible();
	await expect
		.poll(() => savedParams(page, 'filter'), { timeout: 10_000 })
		.toMatchObject({ param: 'origin', control: 'select', options: ['Europe', 'Japan', 'USA'] });

	// Beside the chart, both in view, every title bar below the toolbar, the export menu clickable.
	await page.waitForTimeout(400);
	const canvas = await box(page.getByTestId('canvas'));
	const [barBox, filterBox] = [await box(bar), await box(filter)];
	expect(Math.abs(filterBox.y - barBox.y)).toBeLessThan(2);
	expect(filterBox.x).toBeGreaterThan(barBox.x + barBox.width);
	expect(inside(barBox, canvas)).toBe(true);
	expect(inside(filterBox, canvas)).toBe(true);
	const toolbar = await box(page.getByTestId('canvas-fit'));
	for (const bars of await page.locator('[data-widget-id] .title-bar').all()) {
		const title = await bars.boundingBox();
		if (title) expect(title.y).toBeGreaterThanOrEqual(toolbar.y + toolbar.height);
	}
	await bar.getByTestId('widget-export-menu').click();
	await expect(page.getByTestId('widget-export-svg')).toBeVisible();
	await page.keyboard.press('Escape');

	// One export menu: the chart's pick list and Data toggle in the title bar, nothing over the marks.
	await expect(bar.locator('.title-bar').getByTestId('chart-pick')).toBeVisible();
	await expect(bar.locator('figure').getByRole('button')).toHaveCount(0);

	// The table's SQL source binds the parameter from the inspector; the filter then filters it.
	await table.getByTestId('widget-inspect').click();
	await inspector.getByTestId('link-bind-param').selectOption('origin');
	await inspector.getByTestId('link-bind-source').click();
	await expect(inspector.getByTestId('link-status')).toContainText('reads "origin"');
	await filter.getByTestId('filter-select').selectOption('Europe');
	await expect(table.getByRole('row').filter({ hasText: 'USA' })).toHaveCount(0, { timeout: 15_000 });
	await expect(table.getByRole('row').filter({ hasText: 'Europe' }).first()).toBeVisible();

	// A picture of the filter shows what it is set to: Europe and Japan are different pictures.
	const europe = await picture(page, filter);
	await filter.getByTestId('filter-select').selectOption('Japan');
	await expect(table.getByRole('row').filter({ hasText: 'Japan' }).first()).toBeVisible({ timeout: 15_000 });
	const japan = await picture(page, filter);
	expect(europe.equals(japan)).toBe(false);

	// A KPI figure keeps one line in a narrow tile.
	const shown = await callTool(page, 'widget_display', {
		name: 'kpi-grid',
		params: {
			items: [
				{ label: 'Cars sold', value: 231083 },
				{ label: 'Models', value: 83 }
			]
		}
	});
	const id = shown.structuredContent!.id as string;
	await callTool(page, 'canvas', { action: 'resize', id, params: { w: 240, h: 140 } });
	const figure = page.locator(`[data-widget-id=${id}] .number`).first();
	await expect(figure).toBeVisible();
	await expect(page.locator(`[data-widget-id=${id}]`)).toHaveAttribute('style', /width: 240px/);
	const lines = await figure.evaluate((element) => element.getClientRects().length);
	expect(lines).toBe(1);
	expect(errors).toEqual([]);
});
