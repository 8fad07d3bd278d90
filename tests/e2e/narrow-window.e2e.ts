/**
 * A narrow window that works: at 800 × 800 with the workbench open the canvas keeps at least
 * 320 px and the chart the workbench just added is in view; the workbench is not cut off; its
 * tool list shows every tool until one is chosen, and the save row sits under Run. The chat
 * folds away and comes back.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectErrors, saveScreenshot } from './helpers';

test.use({ viewport: { width: 800, height: 800 } });

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
	const found = await locator.boundingBox();
	if (!found) throw new Error('not on screen');
	return found;
}

const overlaps = (a: Box, b: Box) =>
	a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (inner: Box, outer: Box) =>
	inner.x >= outer.x - 0.5 &&
	inner.y >= outer.y - 0.5 &&
	inner.x + inner.width <= outer.x + outer.width + 0.5 &&
	inner.y + inner.height <= outer.y + outer.height + 0.5;

async function openDatasetsWorkbench(page: Page): Promise<Locator> {
	await page.goto('/');
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
	await page.getByTestId('mcp-status').click();
	await page.locator('[data-testid=open-workbench][data-server=datasets]').click();
	return page.locator('[data-testid=workbench][data-server=datasets]');
}

test('at 800 × 800 the workbench leaves the canvas at least 320 px and the chart it adds is in view', async ({
	page
}) => {
	const errors = collectErrors(page);
	const workbench = await openDatasetsWorkbench(page);
	const tools = workbench.locator('[data-testid=workbench-tool]');
	await expect(tools).toHaveCount(6);

	// Until a tool is chosen, the list shows every tool.
	const list = await box(workbench.getByRole('navigation', { name: 'Tools' }));
	for (const tool of await tools.all()) expect(inside(await box(tool), list)).toBe(true);

	await workbench.locator('[data-testid=workbench-tool][data-tool=query_sql]').click();
	const form = workbench.locator('[data-testid=tool-form][data-tool=query_sql]');
	// The save row is under Run, not above the tool's title.
	const run = await box(form.getByTestId('tool-run'));
	expect((await box(workbench.getByTestId('save-name'))).y).toBeGreaterThan(run.y);

	await form
		.getByLabel('sql', { exact: true })
		.fill('SELECT Origin, count(*) AS cars FROM cars GROUP BY Origin ORDER BY Origin');
	await form.getByTestId('tool-run').click();
	await expect(workbench.getByTestId('tool-result')).toHaveAttribute('data-kind', 'success', { timeout: 20_000 });
	await workbench.locator('[data-testid=show-on-canvas][data-widget=bar]').click();
	const bar = page.locator('[data-widget-type=bar]');
	await expect(bar.locator('figure[data-chart-ready=true]')).toHaveCount(1, { timeout: 20_000 });

	const canvas = await box(page.getByTestId('canvas'));
	const dock = await box(page.getByLabel('MCP workbench'));
	console.log(
		`[figure] at 800 px with the workbench open: canvas ${Math.round(canvas.width)} px, workbench ${Math.round(dock.width)} px`
	);
	expect(canvas.width).toBeGreaterThanOrEqual(320);
	// The workbench is whole: nothing of it past the window's right edge.
	expect(dock.x + dock.width).toBeLessThanOrEqual(800.5);
	expect(overlaps(dock, canvas)).toBe(false);
	// The chart just added: its title bar and top-left corner in the canvas, nothing docked over it.
	const frame = await box(bar);
	expect(frame.x).toBeGreaterThanOrEqual(canvas.x);
	expect(frame.y).toBeGreaterThanOrEqual(canvas.y);
	expect(frame.x + 120).toBeLessThanOrEqual(canvas.x + canvas.width);
	expect(frame.y + 40).toBeLessThanOrEqual(canvas.y + canvas.height);
	expect(overlaps(frame, dock)).toBe(false);
	await saveScreenshot(page, 'narrow-800-workbench');

	// Closing the workbench brings the chat back beside the canvas.
	await workbench.getByTestId('workbench-close').click();
	await expect(page.getByTestId('pane-chat')).toBeVisible();
	expect((await box(page.getByTestId('canvas'))).width).toBeGreaterThanOrEqual(320);
	expect(errors).toEqual([]);
});

test('the chat folds away and comes back, remembered after a reload', async ({ page }) => {
	await page.goto('/');
	const chat = page.getByTestId('pane-chat');
	await expect(chat).toBeVisible();
	const before = (await box(page.getByTestId('canvas'))).width;
	const toggle = page.getByTestId('chat-collapse');
	await expect(toggle).toHaveAttribute('aria-expanded', 'true');
	await toggle.click();
	await expect(chat).toBeHidden();
	await expect(toggle).toHaveAttribute('aria-expanded', 'false');
	expect((await box(page.getByTestId('canvas'))).width).toBeGreaterThan(before + 200);
	await page.reload();
	await expect(page.getByTestId('pane-chat')).toBeHidden();
	await page.getByTestId('chat-collapse').click();
	await expect(page.getByTestId('pane-chat')).toBeVisible();
	await expect(page.getByTestId('chat-input')).toBeVisible();
});
