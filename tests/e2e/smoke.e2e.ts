import { expect, test } from '@playwright/test';
import { collectErrors, saveScreenshot } from './helpers';

test('the app loads under a strict CSP with three resizable panes', async ({ page }) => {
	const errors = collectErrors(page);
	const response = await page.goto('/');
	expect(response?.status()).toBe(200);

	const csp = response?.headers()['content-security-policy'] ?? '';
	expect(csp).toContain("script-src 'self'");
	expect(csp).not.toContain('unsafe-eval');
	// Frames only from the MCP Apps sandbox: its per-server origins (*.localhost on its port)
	// and its shared origin on the same port, never the app's own.
	const frameSrc = /frame-src ([^;]+)/.exec(csp)?.[1].trim().split(/\s+/) ?? [];
	expect(frameSrc).toHaveLength(2);
	const port = /^http:\/\/127\.0\.0\.1:(\d+)$/.exec(frameSrc[1])?.[1];
	expect(port).toBeTruthy();
	expect(frameSrc[0]).toBe(`http://*.localhost:${port}`);
	expect(frameSrc).not.toContain(new URL(page.url()).origin);

	for (const pane of ['pane-chat', 'pane-canvas', 'pane-console']) {
		await expect(page.getByTestId(pane)).toBeVisible();
	}
	await expect(page.getByTestId('llm-status')).toBeVisible();

	// Drag the chat splitter 120 px to the right and the console splitter 80 px up.
	const chat = page.getByTestId('pane-chat');
	const before = (await chat.boundingBox())!.width;
	const splitter = (await page.getByTestId('splitter-chat').boundingBox())!;
	await page.mouse.move(splitter.x + 1, splitter.y + splitter.height / 2);
	await page.mouse.down();
	await page.mouse.move(splitter.x + 121, splitter.y + splitter.height / 2, { steps: 5 });
	await page.mouse.up();
	const widened = (await chat.boundingBox())!.width;
	expect(widened).toBeGreaterThan(before + 100);

	const consolePane = page.getByTestId('pane-console');
	const consoleBefore = (await consolePane.boundingBox())!.height;
	await page.getByTestId('splitter-console').focus();
	await page.keyboard.press('Shift+ArrowUp');
	const consoleAfter = (await consolePane.boundingBox())!.height;
	expect(consoleAfter).toBe(consoleBefore + 64);

	await page.reload();
	await expect(chat).toBeVisible();
	expect((await chat.boundingBox())!.width).toBeCloseTo(widened, 0);
	expect((await consolePane.boundingBox())!.height).toBeCloseTo(consoleAfter, 0);

	await saveScreenshot(page, 'smoke');
	expect(errors).toEqual([]);
});

test('the theme follows the OS and can be switched', async ({ page }) => {
	await page.emulateMedia({ colorScheme: 'dark' });
	await page.goto('/');
	const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
	const dark = await background();
	await page.getByTestId('theme-toggle').click(); // system -> light
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
	expect(await background()).not.toBe(dark);
	await page.reload();
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the first click of the theme toggle changes the theme whatever the OS prefers', async ({ page }) => {
	await page.emulateMedia({ colorScheme: 'light' });
	await page.goto('/');
	const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
	const light = await background();
	await page.getByTestId('theme-toggle').click();
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
	expect(await background()).not.toBe(light);
	await page.getByTestId('theme-toggle').click();
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
	await page.getByTestId('theme-toggle').click();
	await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
});
