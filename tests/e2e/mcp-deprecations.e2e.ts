/**
 * The 2026-07-28 deprecations in the workbench: a server on that revision shows sampling,
 * roots and logging as deprecated there; a 2025-11-25 server (server-everything) does not.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectErrors } from './helpers';
import { startEverything, startModernServer, type RunningServer } from '../fixtures/mcp/launchers';

let modern: RunningServer;
let everything: RunningServer;

test.beforeAll(async () => {
	[modern, everything] = await Promise.all([startModernServer(), startEverything({ mode: 'streamableHttp' })]);
});
test.afterAll(async () => {
	await Promise.all([modern?.stop(), everything?.stop()]);
});

async function serverPane(page: Page, name: string, url: string) {
	await page.getByTestId('mcp-status').click();
	await page.getByTestId('mcp-add-url').fill(url);
	await page.getByTestId('mcp-add-name').fill(name);
	await page.getByTestId('mcp-add-submit').click();
	await page.locator(`[data-testid=open-workbench][data-server="${name}"]`).click({ timeout: 20_000 });
	const workbench = page.locator(`[data-testid=workbench][data-server="${name}"]`);
	await workbench.getByTestId('workbench-tab-server').click();
	return workbench.getByTestId('server-pane');
}

test('a 2026-07-28 server shows sampling, roots and logging as deprecated', async ({ page }) => {
	const errors = collectErrors(page);
	await page.goto('/');
	const pane = await serverPane(page, 'modern', modern.url);
	await expect(pane.getByTestId('deprecated')).toHaveText(['sampling', 'roots', 'logging']);
	await expect(pane.getByTestId('deprecated-features')).toContainText('2026-07-28');
	expect(errors).toEqual([]);
});

test('a 2025-11-25 server shows no deprecation', async ({ page }) => {
	await page.goto('/');
	const pane = await serverPane(page, 'everything', everything.url);
	await expect(pane.getByTestId('server-ping')).toBeVisible();
	await expect(pane.getByTestId('deprecated')).toHaveCount(0);
});
