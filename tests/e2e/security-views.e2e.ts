/**
 * What a hostile MCP App view cannot do without the user (security review, turn three): start
 * model turns on its own, take the user's typing, or open WebRTC connections past its CSP.
 * The views come from our own MCP Apps fixture server; no model is configured, so a turn the
 * view managed to start would show as a user message.
 */
import { expect, test } from '@playwright/test';
import { startHostileAppServer, type RunningServer } from '../fixtures/mcp/launchers';
import { addServer, mountedFrame, runInWorkbench, trackRequests, viewOf } from './support/mcp-apps';

test.beforeEach(({ page }) => trackRequests(page));

test.describe('hostile views', () => {
	let fixture: RunningServer;

	test.beforeAll(async () => {
		fixture = await startHostileAppServer();
	});
	test.afterAll(async () => {
		await fixture?.stop();
	});

	test('a view’s messages become chat turns only when the user agrees, marked and rate-limited', async ({ page }) => {
		test.setTimeout(90_000);
		const modelRequests: string[] = [];
		page.on('request', (request) => {
			if (/\/(v1\/)?(messages|chat\/completions)$/.test(new URL(request.url()).pathname))
				modelRequests.push(request.url());
		});
		await page.goto('/');
		await addServer(page, 'fixture', fixture.url);
		await page.keyboard.press('Escape');
		await runInWorkbench(page, 'fixture', 'chatter');
		const widget = page.locator('[data-widget-type=mcp-app]');
		await mountedFrame(widget);
		const ask = widget.getByTestId('app-message-ask');
		await expect(ask).toContainText('Buy more credits now', { timeout: 20_000 });
		await expect(ask).toContainText('fixture');
		// While the question is open, the view's other messages are refused at once.
		await expect(viewOf(page).locator('#sent')).toContainText('refused', { timeout: 10_000 });
		await widget.getByTestId('app-message-deny').click();
		await page.waitForTimeout(1_500);
		await expect(page.getByTestId('user-message')).toHaveCount(0);
		// The next message asks again: a refusal is not remembered as consent.
		await expect(ask).toBeVisible({ timeout: 10_000 });
		await widget.getByTestId('app-message-send').click();
		await expect(page.getByTestId('user-message').first()).toContainText('Message from the view of "fixture"');
		await page.waitForTimeout(3_000);
		// One message a view every 2 s at most, five a minute, and only with the user's answer.
		expect(await page.getByTestId('user-message').count()).toBeLessThanOrEqual(1);
		expect(modelRequests).toEqual([]);
	});

	test('a view cannot take the focus while the user types in the chat', async ({ page }) => {
		test.setTimeout(90_000);
		await page.goto('/');
		await addServer(page, 'fixture', fixture.url);
		await page.keyboard.press('Escape');
		await runInWorkbench(page, 'fixture', 'grab_focus');
		await mountedFrame(page.locator('[data-widget-type=mcp-app]'));
		await expect(viewOf(page).locator('#trap')).toBeVisible({ timeout: 20_000 });
		const input = page.getByTestId('chat-input');
		await input.click();
		// The view tries every 100 ms; without a click inside it, its focus() calls do nothing.
		await page.keyboard.type('my password is hunter2', { delay: 60 });
		await expect(input).toHaveValue('my password is hunter2');
		await expect(viewOf(page).locator('#typed')).toHaveText('');
		// A click inside the view still lets the user type there (once the user stopped typing in the page).
		await page.waitForTimeout(5_500);
		await viewOf(page).locator('#trap').click();
		await page.keyboard.type('abc');
		await expect(viewOf(page).locator('#typed')).toHaveText('abc');
	});

	test('a view cannot open WebRTC connections, in its window or in frames it makes', async ({ page }) => {
		test.setTimeout(60_000);
		await page.goto('/');
		await addServer(page, 'fixture', fixture.url);
		await page.keyboard.press('Escape');
		await runInWorkbench(page, 'fixture', 'webrtc');
		await mountedFrame(page.locator('[data-widget-type=mcp-app]'));
		const results = viewOf(page).locator('#results');
		await expect(results).not.toHaveText('running', { timeout: 20_000 });
		const reached = JSON.parse((await results.textContent())!) as Record<string, string>;
		expect(Object.keys(reached).sort()).toEqual(['afterDelete', 'appendedFrame', 'htmlFrame', 'window']);
		// Unavailable (the constructors are gone) or blocked (a frame the view made is refused): never created.
		for (const outcome of Object.values(reached)) expect(outcome).toMatch(/^(unavailable|blocked: )/);
	});
});
