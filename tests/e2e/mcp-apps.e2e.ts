/**
 * MCP Apps: real example servers from npm render their views on the canvas, inside the
 * sandbox proxy on the second origin. Driven by hand through the workbench (no model): the
 * view gets its tool's input and result, calls a tool through the app, sends a message to
 * the chat, follows the theme, survives a reload, and is torn down when removed. With the
 * fake model, a View opens while the model still writes its call and gets the partial input
 * first (or the cancellation when the turn is stopped). A hostile view is contained; a
 * sandbox on the app's own origin is refused. (What a view may ask of the host, links, files
 * and fullscreen: mcp-apps-host.e2e.ts.)
 */
import { expect, test } from '@playwright/test';
import { collectErrors, saveScreenshot } from './helpers';
import { addServer, appEntries, mountedFrame, runInWorkbench, trackRequests, viewOf } from './support/mcp-apps';
import { startAppExample, startHostileAppServer, type RunningServer } from '../fixtures/mcp/launchers';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { startAppServer } from '../fixtures/app-server';
import { acceptAgentLink } from '../fixtures/agent-link';

test.describe.configure({ mode: 'serial' });

test.beforeEach(({ page }) => trackRequests(page));

test.describe('real MCP App servers', () => {
	let basic: RunningServer;
	let monitor: RunningServer;

	test.beforeAll(async () => {
		[basic, monitor] = await Promise.all([
			startAppExample('server-basic-vanillajs'),
			startAppExample('server-system-monitor')
		]);
	});
	test.afterAll(async () => {
		await Promise.all([basic?.stop(), monitor?.stop()]);
	});

	test('the basic view renders, calls a tool, messages the chat, follows the theme, persists and is torn down', async ({
		page
	}) => {
		test.setTimeout(120_000);
		const errors = collectErrors(page);
		await page.goto('/');
		await addServer(page, 'basic', basic.url);
		await page.keyboard.press('Escape');
		await runInWorkbench(page, 'basic', 'get-time');

		const widget = page.locator('[data-widget-type=mcp-app]');
		await expect(widget).toHaveCount(1);
		const frame = await mountedFrame(widget);
		const sandboxSrc = await frame.getAttribute('src');
		expect(new URL(sandboxSrc!).origin).not.toBe(new URL(page.url()).origin);
		await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
		const view = viewOf(page);
		// The tool result reached the view: it shows the server time.
		await expect(view.locator('#server-time')).toHaveText(/\d{4}-\d{2}-\d{2}T/, { timeout: 20_000 });
		await expect(appEntries(page, 'csp').first()).toContainText("default-src 'none'");
		await expect(appEntries(page, 'ui/initialize').first()).toBeVisible();
		// Loaded once: the result arriving after the input does not reload the view.
		await expect(appEntries(page, 'ui/initialize')).toHaveCount(1);
		// Moving the widget does not reload it either: the view keeps its page.
		const bar = widget.locator('.title-bar');
		const at = (await bar.boundingBox())!;
		await page.mouse.move(at.x + 12, at.y + at.height / 2);
		await page.mouse.down();
		await page.mouse.move(at.x + 112, at.y + at.height / 2 + 60, { steps: 5 });
		await page.mouse.up();
		await expect.poll(async () => (await bar.boundingBox())!.x).toBeGreaterThan(at.x + 50);
		await page.waitForTimeout(500);
		await expect(appEntries(page, 'ui/initialize')).toHaveCount(1);
		await expect(view.locator('#server-time')).toHaveText(/\d{4}-\d{2}-\d{2}T/);

		// The view calls its server's tool through the app (the agent's call path, origin app).
		const before = await view.locator('#server-time').textContent();
		await page.waitForTimeout(1100);
		await view.locator('#get-time-btn').click();
		await expect(view.locator('#server-time')).not.toHaveText(before!, { timeout: 15_000 });
		await expect(
			page.locator('[data-testid=console-entry][data-kind=tool-call]').filter({ hasText: 'get-time' })
		).not.toHaveCount(0);
		await expect(appEntries(page, 'tools/call').first()).toBeVisible();
		await expect(widget).toHaveCount(1);

		// ui/message: once the user agrees on the widget, the text appears in the chat, marked as
		// the view's, and starts a turn.
		await view.locator('#message-text').click();
		await view.locator('#message-text').fill('Hello from the view');
		await view.locator('#send-message-btn').click();
		await expect(widget.getByTestId('app-message-ask')).toContainText('Hello from the view');
		await widget.getByTestId('app-message-send').click();
		await expect(widget.getByTestId('app-message-ask')).toHaveCount(0);
		await expect(page.getByTestId('user-message').last()).toContainText('Hello from the view');
		await expect(page.getByTestId('user-message').last()).toContainText('Message from the view of');
		await expect(appEntries(page, 'ui/message').first()).toBeVisible();

		// The theme toggle reaches the view (host-context-changed).
		const themeBefore = await view.locator('html').getAttribute('data-theme');
		await page.getByTestId('theme-toggle').click();
		await expect(view.locator('html')).not.toHaveAttribute('data-theme', themeBefore ?? '');
		const themeAfter = await view.locator('html').getAttribute('data-theme');
		expect(['light', 'dark']).toContain(themeAfter);
		await saveScreenshot(page, 'mcp-app-basic');

		// After a reload the widget re-reads its resource and replays its last input and result.
		await page.waitForTimeout(500);
		await page.reload();
		await expect(page.locator('[data-widget-type=mcp-app]')).toHaveCount(1);
		await expect(viewOf(page).locator('#server-time')).toHaveText(/\d{4}-\d{2}-\d{2}T/, { timeout: 30_000 });

		// Removing the widget tears the view down first (it answers ui/resource-teardown).
		await page.locator('[data-widget-type=mcp-app]').hover();
		await page.locator('[data-widget-type=mcp-app]').getByTestId('widget-remove').click();
		await expect(page.locator('[data-widget-type=mcp-app]')).toHaveCount(0);
		await expect(appEntries(page, 'ui/resource-teardown').first()).toBeVisible({ timeout: 5_000 });
		await expect(appEntries(page, 'ui/resource-teardown').first()).toHaveAttribute('data-status', 'ok');
		expect(errors.filter((error) => !/ERR_|favicon|Failed to load resource/.test(error))).toEqual([]);
	});

	test('a sandbox on the app’s own origin is refused: the view is not shown and the frame says why', async ({
		page
	}) => {
		test.setTimeout(90_000);
		// A deployment mistake: SANDBOX_ORIGIN names the app itself.
		const app = await startAppServer({ env: (port) => ({ SANDBOX_ORIGIN: `http://127.0.0.1:${port}` }) });
		try {
			const response = await page.goto(app.url);
			// The page may frame nothing at all: the sandbox is not allowed in.
			expect(response?.headers()['content-security-policy']).toContain("frame-src 'none'");
			await addServer(page, 'basic', basic.url);
			await page.keyboard.press('Escape');
			await runInWorkbench(page, 'basic', 'get-time');
			const widget = page.locator('[data-widget-type=mcp-app]');
			await expect(widget.getByTestId('mcp-app-error')).toContainText('has the same origin as the app');
			await expect(widget.getByTestId('mcp-app-frame')).toHaveCount(0);
			await expect(appEntries(page, 'ui/initialize')).toHaveCount(0);
		} finally {
			app.stop();
		}
	});

	test('the system monitor view polls its app-only tool through the app', async ({ page }) => {
		test.setTimeout(90_000);
		await page.goto('/');
		await addServer(page, 'monitor', monitor.url);
		await page.keyboard.press('Escape');
		await runInWorkbench(page, 'monitor', 'get-system-info');
		await expect(page.locator('[data-widget-type=mcp-app]')).toHaveCount(1);
		await mountedFrame(page.locator('[data-widget-type=mcp-app]'));
		// poll-system-stats is visibility ["app"]: the view may call it, and it is not offered to the model.
		await expect(
			page.locator('[data-testid=console-entry][data-kind=tool-call]').filter({ hasText: 'poll-system-stats' }).first()
		).toBeVisible({ timeout: 30_000 });
		await expect(page.locator('[data-widget-type=mcp-app] [data-testid=mcp-app-error]')).toHaveCount(0);
		await saveScreenshot(page, 'mcp-app-system-monitor');
	});
});

test.describe('with a model', () => {
	let llm: FakeLlm;
	let monitor: RunningServer;

	test.beforeAll(async () => {
		[llm, monitor] = await Promise.all([startFakeLlm(), startAppExample('server-system-monitor')]);
	});
	test.afterAll(async () => {
		await Promise.all([llm?.close(), monitor?.stop()]);
	});

	test("the model's call opens the view, and app-only tools are never offered to it", async ({ page }) => {
		test.setTimeout(90_000);
		const offered: string[][] = [];
		llm.setScenario({
			steps: [
				{ text: 'Opening the monitor.', toolCalls: [{ name: 'monitor_mcp_get-system-info', input: {} }] },
				(request) => {
					offered.push(request.tools);
					return { text: 'The monitor is on the canvas.' };
				}
			],
			fallback: { text: 'Noted.' }
		});
		await page.goto(`/?provider=anthropic&baseUrl=${encodeURIComponent(llm.url)}&model=apps-model`);
		await acceptAgentLink(page);
		await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
		await addServer(page, 'monitor', monitor.url);
		await page.keyboard.press('Escape');
		await page.getByTestId('chat-input').fill('Show me the system monitor.');
		await page.getByTestId('send').click();
		await expect(page.getByTestId('assistant-message').last()).toContainText('The monitor is on the canvas.', {
			timeout: 30_000
		});
		await expect(page.locator('[data-widget-type=mcp-app]')).toHaveCount(1);
		await expect(await mountedFrame(page.locator('[data-widget-type=mcp-app]'))).toBeVisible();
		// After the server was activated, its tools were offered — but never the app-only one.
		expect(offered[0]).toContain('monitor_mcp_get-system-info');
		expect(offered[0].some((name) => name.includes('poll-system-stats'))).toBe(false);
		// The view itself polls poll-system-stats through the app.
		await expect(
			page.locator('[data-testid=console-entry][data-kind=tool-call]').filter({ hasText: 'poll-system-stats' }).first()
		).toBeVisible({ timeout: 30_000 });
	});

	test('the view opens while the model still writes the call, and gets partial input before the whole input', async ({
		page
	}) => {
		test.setTimeout(120_000);
		const reason = 'Watch CPU and memory while the nightly build runs on this machine, with the live charts. '
			.repeat(4)
			.trim();
		llm.setScenario({
			steps: [
				{ toolCalls: [{ name: 'monitor_mcp_get-system-info', input: { reason } }], chunkDelayMs: 100 },
				{ text: 'The monitor is on the canvas.' }
			],
			fallback: { text: 'Noted.' }
		});
		await page.goto(`/?provider=anthropic&baseUrl=${encodeURIComponent(llm.url)}&model=apps-model`);
		await acceptAgentLink(page);
		await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
		await addServer(page, 'monitor', monitor.url);
		await page.keyboard.press('Escape');
		await page.getByTestId('chat-input').fill('Show me the system monitor while the build runs.');
		await page.getByTestId('send').click();
		// The widget is there while the arguments still stream: the call itself has not been made yet.
		const widget = page.locator('[data-widget-type=mcp-app]');
		await expect(widget).toHaveCount(1, { timeout: 10_000 });
		await expect(
			page.locator('[data-testid=console-entry][data-kind=tool-call]').filter({ hasText: 'get-system-info' })
		).toHaveCount(0);
		await expect(appEntries(page, 'ui/notifications/tool-input-partial').first()).toBeVisible({ timeout: 20_000 });
		await expect(page.getByTestId('assistant-message').last()).toContainText('The monitor is on the canvas.', {
			timeout: 30_000
		});
		await expect(appEntries(page, 'ui/notifications/tool-result').first()).toBeVisible({ timeout: 20_000 });
		// One widget: the call took over the view opened while it streamed.
		await expect(widget).toHaveCount(1);
		const sent = (await page.locator('[data-testid=console-entry][data-kind=app-view]').allTextContents()).map((text) =>
			text.replace(/\s+/g, ' ')
		);
		const partials = sent.flatMap((text, index) =>
			text.includes('→ view ui/notifications/tool-input-partial') ? [index] : []
		);
		const input = sent.findIndex((text) => /→ view ui\/notifications\/tool-input ·/.test(text));
		const result = sent.findIndex((text) => text.includes('→ view ui/notifications/tool-result'));
		expect(partials.length).toBeGreaterThan(0);
		expect(input).toBeGreaterThan(partials.at(-1)!);
		expect(result).toBeGreaterThan(input);
		expect(partials.some((index) => sent[index].includes('"reason":"Watch'))).toBe(true);
		expect(sent[input]).toContain('live charts.');
		await expect(page.locator('[data-widget-type=mcp-app] [data-testid=mcp-app-error]')).toHaveCount(0);
	});

	test('stopping the turn while the model writes the call tells the open view it was cancelled', async ({ page }) => {
		test.setTimeout(120_000);
		const reason = 'Keep an eye on the machine for the whole afternoon. '.repeat(12).trim();
		llm.setScenario({
			steps: [{ toolCalls: [{ name: 'monitor_mcp_get-system-info', input: { reason } }], chunkDelayMs: 100 }],
			fallback: { text: 'Noted.' }
		});
		await page.goto(`/?provider=anthropic&baseUrl=${encodeURIComponent(llm.url)}&model=apps-model`);
		await acceptAgentLink(page);
		await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
		await addServer(page, 'monitor', monitor.url);
		await page.keyboard.press('Escape');
		await page.getByTestId('chat-input').fill('Show me the system monitor.');
		await page.getByTestId('send').click();
		await expect(appEntries(page, 'ui/notifications/tool-input-partial').first()).toBeVisible({ timeout: 20_000 });
		await page.getByTestId('stop').click();
		await expect(appEntries(page, 'ui/notifications/tool-cancelled').first()).toBeVisible({ timeout: 10_000 });
		await expect(appEntries(page, 'ui/notifications/tool-cancelled').first()).toContainText('stopped');
		await expect(page.locator('[data-widget-type=mcp-app]')).toHaveCount(1);
		await expect(
			page.locator('[data-testid=console-entry][data-kind=tool-call]').filter({ hasText: 'get-system-info' })
		).toHaveCount(0);
	});
});

test.describe('a hostile view', () => {
	let hostile: RunningServer;
	let basic: RunningServer;

	test.beforeAll(async () => {
		[hostile, basic] = await Promise.all([startHostileAppServer(), startAppExample('server-basic-vanillajs')]);
	});
	test.afterAll(async () => {
		await Promise.all([hostile?.stop(), basic?.stop()]);
	});

	test('is contained: only its own sandbox page as parent, no top navigation, no other server, no flood, no undeclared fetch, no endless handshake', async ({
		page
	}) => {
		test.setTimeout(150_000);
		await page.goto('/');
		const appUrl = page.url();
		await addServer(page, 'basic', basic.url);
		await page.getByTestId('mcp-add-url').fill(hostile.url);
		await page.getByTestId('mcp-add-name').fill('hostile');
		await page.getByTestId('mcp-add-submit').click();
		await expect(page.locator('[data-testid=open-workbench][data-server="hostile"]')).toBeVisible({ timeout: 20_000 });
		await page.keyboard.press('Escape');

		await runInWorkbench(page, 'hostile', 'probe');
		const results = viewOf(page).locator('#results');
		await expect(results).not.toHaveText('running', { timeout: 30_000 });
		const probe = JSON.parse((await results.textContent()) ?? '{}');
		// Its parent is its own sandbox page, on its server's own origin (what frameworks read); the app stays out of reach.
		expect(probe.parentDocument).toBe('MCP App sandbox');
		expect(probe.topDocument).toMatch(/^blocked/);
		expect(probe.popup).toMatch(/^blocked/);
		expect(probe.otherServer).toMatch(/^refused: .*only its own server/);
		expect(probe.prefixed).toBe('refused');
		expect(probe.autoui).toBe('refused');
		expect(probe.modelOnly).toMatch(/^refused: .*visibility/);
		expect(probe.appEcho).toBe('echo: from the view');
		expect(page.url()).toBe(appUrl);
		await expect(page.locator('[data-widget-type=markdown]')).toHaveCount(0);

		// A flood stops the view; the page keeps working.
		await runInWorkbench(page, 'hostile', 'flood');
		const flooded = page.locator('[data-widget-type=mcp-app]').nth(1);
		await expect(flooded.getByTestId('mcp-app-error')).toContainText('messages within a second', { timeout: 30_000 });
		expect(await page.getByTestId('user-message').count()).toBeLessThanOrEqual(1);

		// A fetch the resource did not declare is blocked by the view's CSP, and the view is stopped.
		await runInWorkbench(page, 'hostile', 'reach_out');
		const reaching = page.locator('[data-widget-type=mcp-app]').nth(2);
		await expect(reaching.getByTestId('mcp-app-error')).toContainText('did not declare', { timeout: 30_000 });
		await expect(appEntries(page, 'csp-violation').first()).toBeVisible();

		// A view that never completes its handshake shows an error card after 20 s.
		await runInWorkbench(page, 'hostile', 'silent');
		const silent = page.locator('[data-widget-type=mcp-app]').nth(3);
		await expect(silent.getByTestId('mcp-app-error')).toContainText('did not complete its handshake', {
			timeout: 30_000
		});

		// The rest of the page still works: the first view is intact, the theme still toggles.
		await expect(results).toContainText('echo: from the view');
		await page.getByTestId('theme-toggle').click();
		await saveScreenshot(page, 'mcp-app-hostile');
	});
});
