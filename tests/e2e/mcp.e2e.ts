/**
 * MCP connections from the browser: the server panel against real servers started here on
 * 127.0.0.1 — server-everything, CORS-broken variants (the doctor must name the problem),
 * an OAuth-protected server (full sign-in), persistence across reloads and ?mcp=.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, saveScreenshot } from './helpers';
import { callTool, installModelContext } from './webmcp-helpers';
import { startEverything, startFixtureServer, startOAuthServer, type RunningServer } from '../fixtures/mcp/launchers';
import { startNoCorsProxy, type FakeServer } from '../fixtures/mcp/http-fakes';

let everything: RunningServer;
let noCors: FakeServer;
let noAllowHeaders: RunningServer;
let noExpose: RunningServer;
let secure: RunningServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
	everything = await startEverything({ mode: 'streamableHttp' });
	[noCors, noAllowHeaders, noExpose, secure] = await Promise.all([
		startNoCorsProxy(everything.url),
		startFixtureServer({ cors: 'no-allow-headers' }),
		startFixtureServer({ cors: 'no-expose' }),
		startOAuthServer()
	]);
});

test.afterAll(async () => {
	await Promise.all([noCors?.stop(), noAllowHeaders?.stop(), noExpose?.stop(), secure?.stop()]);
	await everything?.stop();
});

async function openPanel(page: Page): Promise<void> {
	await page.getByTestId('mcp-status').click();
	await expect(page.getByTestId('mcp-panel')).toBeVisible();
}

async function addServer(page: Page, url: string, options: { name: string; oauth?: boolean }): Promise<void> {
	await page.getByTestId('mcp-add-url').fill(url);
	await page.getByTestId('mcp-add-name').fill(options.name);
	if (options.oauth) {
		await page.locator('summary', { hasText: 'Headers and sign-in' }).click();
		await page.getByTestId('mcp-add-oauth').check();
	}
	await page.getByTestId('mcp-add-submit').click();
}

function row(page: Page, name: string) {
	return page.locator(`[data-testid=server-row][data-server="${name}"]`);
}

test('adds server-everything, lists its tools, and keeps it across a reload', async ({ page }) => {
	const errors = collectErrors(page);
	await page.goto('/');
	await openPanel(page);
	await addServer(page, everything.url, { name: 'everything' });
	const server = row(page, 'everything');
	await expect(server.getByTestId('server-status')).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
	await expect(server.getByTestId('count-tools')).toContainText(/\d+ tools/);
	await server.getByTestId('server-tools').click();
	const echo = server.locator('[data-testid=tool-item][data-tool=echo]');
	await expect(echo).toBeVisible();
	await echo.locator('summary').click();
	await expect(echo.locator('pre')).toContainText('"message"');
	await saveScreenshot(page, 'mcp-panel');

	await page.reload();
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
	await openPanel(page);
	await expect(row(page, 'everything').getByTestId('server-status')).toHaveAttribute('data-status', 'connected');
	await expect(row(page, 'everything').getByTestId('mcp-protocol')).toHaveText('2025-11-25');
	expect(errors).toEqual([]);
});

test('the doctor names the CORS problem of each broken server', async ({ page }) => {
	await page.goto('/');
	await openPanel(page);

	await addServer(page, noCors.url, { name: 'nocors' });
	const nocors = row(page, 'nocors');
	await expect(nocors.getByTestId('server-status')).toHaveAttribute('data-status', 'error', { timeout: 20_000 });
	await expect(nocors.getByTestId('server-diagnosis')).toHaveAttribute('data-code', 'cors_origin', { timeout: 20_000 });
	await expect(nocors.getByTestId('server-diagnosis')).toContainText('Access-Control-Allow-Origin');

	await addServer(page, noAllowHeaders.url, { name: 'noheaders' });
	const noheaders = row(page, 'noheaders');
	await expect(noheaders.getByTestId('server-diagnosis')).toHaveAttribute('data-code', 'cors_header', {
		timeout: 20_000
	});
	await expect(noheaders.getByTestId('server-diagnosis')).toContainText('mcp-protocol-version');

	await addServer(page, noExpose.url, { name: 'noexpose' });
	const noexpose = row(page, 'noexpose');
	await expect(noexpose.getByTestId('server-diagnosis')).toHaveAttribute('data-code', 'cors_expose', {
		timeout: 20_000
	});
	await expect(noexpose.getByTestId('server-diagnosis')).toContainText('Access-Control-Expose-Headers: Mcp-Session-Id');
	await saveScreenshot(page, 'mcp-doctor');
});

test('signs in with OAuth in the browser and lists the protected tools', async ({ page }) => {
	const errors = collectErrors(page);
	await page.goto('/');
	await openPanel(page);
	await addServer(page, secure.url, { name: 'secure', oauth: true });
	// The browser goes to the authorization server, which consents at once and returns to the callback.
	await page.waitForURL(/\/oauth\/callback/, { timeout: 15_000 }).catch(() => undefined);
	await page.waitForURL((url) => !url.pathname.startsWith('/oauth'), { timeout: 15_000 });
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
	await openPanel(page);
	const server = row(page, 'secure');
	await expect(server.getByTestId('server-status')).toHaveAttribute('data-status', 'connected');
	await server.getByTestId('server-tools').click();
	await expect(server.locator('[data-testid=tool-item][data-tool=secret]')).toBeVisible();
	const stats = await (await fetch(new URL('/stats', secure.url))).json();
	expect(stats).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1 });
	// 401 before signing in and 405 for the optional GET stream are expected answers the browser logs.
	expect(errors.filter((error) => !/status of (401|405)/.test(error))).toEqual([]);
});

test('?mcp= asks first, then connects a server for this visit only', async ({ page }) => {
	await page.goto(`/?mcp=${encodeURIComponent(everything.url)}`);
	const prompt = page.getByTestId('link-servers');
	await expect(prompt.getByTestId('link-server-url')).toHaveText([everything.url]);
	await page.getByTestId('link-servers-connect').click();
	await expect(prompt).toHaveCount(0);
	await openPanel(page);
	const visiting = page.locator('[data-testid=server-row]', { hasText: 'this visit' });
	await expect(visiting.getByTestId('server-status')).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
	await page.goto('/');
	await openPanel(page);
	await expect(page.locator('[data-testid=server-row]', { hasText: 'this visit' })).toHaveCount(0);
});

test("a link's server is not connected when the user declines", async ({ page }) => {
	await page.goto(`/?mcp=${encodeURIComponent(everything.url)}`);
	await page.getByTestId('link-servers-dismiss').click();
	await openPanel(page);
	await expect(page.locator('[data-testid=server-row]', { hasText: 'this visit' })).toHaveCount(0);
	// Only the built-in datasets server is connected.
	await expect(page.getByTestId('mcp-status')).toContainText('1/1 connected');
});

test('a shared canvas that names servers asks before connecting them, in a fresh browser', async ({
	page,
	browser
}) => {
	await installModelContext(page);
	await page.goto('/');
	await openPanel(page);
	await addServer(page, everything.url, { name: 'everything' });
	await expect(row(page, 'everything').getByTestId('server-status')).toHaveAttribute('data-status', 'connected', {
		timeout: 15_000
	});
	await page.keyboard.press('Escape');
	await callTool(page, 'widget_display', { name: 'stat', params: { label: 'Shared', value: 1 } });
	await page.getByTestId('canvas-share').click();
	const link = await page.getByTestId('share-link').inputValue();

	const fresh = await browser.newContext();
	try {
		const other = await fresh.newPage();
		await other.goto(link);
		await expect(other.locator('[data-widget-type=stat]')).toHaveCount(1);
		const prompt = other.getByTestId('link-servers');
		await expect(prompt).toContainText('This shared canvas asks to connect an MCP server');
		await expect(prompt.getByTestId('link-server-url')).toHaveText([everything.url]);
		// Nothing is connected while the question is open.
		await expect(other.getByTestId('mcp-status')).toContainText('1/1 connected');
		await other.getByTestId('link-servers-connect').click();
		await expect(other.getByTestId('mcp-status')).toContainText('2/2 connected', { timeout: 15_000 });
	} finally {
		await fresh.close();
	}
});
