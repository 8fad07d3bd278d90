/**
 * Protocol revisions per server, in the browser: a server on the v2 server SDK that speaks
 * 2026-07-28 (and 2025-11-25 on the same endpoint) is connected with `modern` and with `auto`
 * (2026-07-28 negotiated), a tool is listed and called through the workbench, and `legacy`
 * shows 2025-11-25; server-everything (2025-11-25 only) connects with `auto` at 2025-11-25,
 * and with `modern` fails with a message saying what to do, whose fix connects it.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, saveScreenshot } from './helpers';
import { startEverything, startModernServer, type RunningServer } from '../fixtures/mcp/launchers';

let modern: RunningServer;
let everything: RunningServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
	[modern, everything] = await Promise.all([startModernServer(), startEverything({ mode: 'streamableHttp' })]);
});

test.afterAll(async () => {
	await Promise.all([modern?.stop(), everything?.stop()]);
});

function row(page: Page, name: string) {
	return page.locator(`[data-testid=server-row][data-server="${name}"]`);
}

async function addServer(page: Page, url: string, name: string, protocol: 'auto' | 'legacy' | 'modern'): Promise<void> {
	await page.getByTestId('mcp-add-url').fill(url);
	await page.getByTestId('mcp-add-name').fill(name);
	await page.getByTestId('mcp-add-protocol').selectOption(protocol);
	await page.getByTestId('mcp-add-submit').click();
}

/** Opens the server's workbench, calls `echo` and returns the workbench. */
async function callEcho(page: Page, name: string, text: string) {
	await page.locator(`[data-testid=open-workbench][data-server="${name}"]`).click();
	const workbench = page.locator(`[data-testid=workbench][data-server="${name}"]`);
	await expect(workbench).toBeVisible();
	const names = await workbench
		.getByTestId('workbench-tool')
		.evaluateAll((items) => items.map((item) => item.getAttribute('data-tool') ?? ''));
	expect(names).toEqual(expect.arrayContaining(['echo', 'add', 'revision']));
	await workbench.locator('[data-testid=workbench-tool][data-tool="echo"]').click();
	const form = workbench.locator('[data-testid=tool-form][data-tool="echo"]');
	await form.getByTestId('tool-raw-json').click();
	await form.getByTestId('tool-args-json').fill(JSON.stringify({ text }));
	await form.getByTestId('tool-run').click();
	await expect(workbench.getByTestId('tool-result')).toContainText(`echo: ${text}`);
	await expect(workbench.getByTestId('tool-result')).toHaveAttribute('data-kind', 'success');
	// The server reports the revision the call itself came in on.
	await workbench.locator('[data-testid=workbench-tool][data-tool="revision"]').click();
	await workbench.locator('[data-testid=tool-form][data-tool="revision"]').getByTestId('tool-run').click();
	return workbench;
}

test('modern and auto speak 2026-07-28 to a server that offers it; legacy speaks 2025-11-25', async ({ page }) => {
	test.setTimeout(120_000);
	const errors = collectErrors(page);
	await page.goto('/');
	await page.getByTestId('mcp-status').click();
	await expect(page.getByTestId('mcp-panel')).toBeVisible();

	await addServer(page, modern.url, 'modern_pinned', 'modern');
	const pinned = row(page, 'modern_pinned');
	await expect(pinned.getByTestId('server-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
	await expect(pinned.getByTestId('mcp-protocol')).toHaveText('2026-07-28');
	await expect(pinned.getByTestId('count-tools')).toHaveText('3 tools');
	await saveScreenshot(page, 'mcp-protocol-modern');
	const workbench = await callEcho(page, 'modern_pinned', 'stateless hello');
	await expect(workbench.getByTestId('tool-result')).toContainText('revision: 2026-07-28');
	await page.keyboard.press('Escape');

	// The same server again with auto (the default choice), and with legacy, by changing the row's choice.
	if (!(await page.getByTestId('mcp-panel').isVisible())) await page.getByTestId('mcp-status').click();
	await addServer(page, `${modern.url}?again=1`, 'modern_auto', 'auto');
	const auto = row(page, 'modern_auto');
	await expect(auto.getByTestId('server-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
	await expect(auto.getByTestId('mcp-protocol')).toHaveText('2026-07-28');
	await expect(auto.getByTestId('server-protocol')).toHaveValue('auto');
	await auto.getByTestId('server-protocol').selectOption('legacy');
	await expect(auto.getByTestId('mcp-protocol')).toHaveText('2025-11-25', { timeout: 20_000 });
	await expect(auto.getByTestId('server-status')).toHaveAttribute('data-status', 'connected');

	// The choices are saved with the servers and come back after a reload.
	await page.reload();
	await page.getByTestId('mcp-status').click();
	await expect(row(page, 'modern_auto').getByTestId('mcp-protocol')).toHaveText('2025-11-25', { timeout: 20_000 });
	await expect(row(page, 'modern_auto').getByTestId('server-protocol')).toHaveValue('legacy');
	await expect(row(page, 'modern_pinned').getByTestId('mcp-protocol')).toHaveText('2026-07-28', { timeout: 20_000 });
	await expect(row(page, 'modern_pinned').getByTestId('server-protocol')).toHaveValue('modern');
	const legacyBench = await callEcho(page, 'modern_auto', 'session hello');
	await expect(legacyBench.getByTestId('tool-result')).toContainText('revision: 2025-11-25');
	// 405 answers the optional GET event stream of a 2025-11-25 connection to a stateless server.
	expect(errors.filter((error) => !/status of 405/.test(error))).toEqual([]);
});

test('server-everything speaks 2025-11-25 with auto; modern fails with a fix that connects it', async ({ page }) => {
	const errors = collectErrors(page);
	await page.goto('/');
	await page.getByTestId('mcp-status').click();
	await addServer(page, everything.url, 'everything_auto', 'auto');
	const auto = row(page, 'everything_auto');
	await expect(auto.getByTestId('server-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
	await expect(auto.getByTestId('mcp-protocol')).toHaveText('2025-11-25');

	await addServer(page, `${everything.url}?pinned=1`, 'everything_modern', 'modern');
	const pinned = row(page, 'everything_modern');
	await expect(pinned.getByTestId('server-status')).toHaveAttribute('data-status', 'error', { timeout: 20_000 });
	const diagnosis = pinned.getByTestId('server-diagnosis');
	await expect(diagnosis).toHaveAttribute('data-code', 'protocol_revision', { timeout: 20_000 });
	await expect(diagnosis).toContainText('does not speak MCP protocol revision 2026-07-28');
	await expect(diagnosis).toContainText('auto');
	await saveScreenshot(page, 'mcp-protocol-modern-refused');
	await pinned.getByTestId('server-use-protocol').click();
	await expect(pinned.getByTestId('server-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
	await expect(pinned.getByTestId('mcp-protocol')).toHaveText('2025-11-25');
	await expect(pinned.getByTestId('server-protocol')).toHaveValue('auto');
	// The refused probes of auto are expected (see collectErrors); nothing else went wrong.
	expect(errors).toEqual([]);
});
