/**
 * What an MCP App view may ask of the host: it opens a link or saves a file only when the
 * user agrees (a refusal is reported to the view), and its fullscreen request takes the
 * widget fullscreen. The view comes from our own MCP Apps fixture server.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { startHostileAppServer, type RunningServer } from '../fixtures/mcp/launchers';
import { addServer, appEntries, mountedFrame, runInWorkbench, trackRequests, viewOf } from './support/mcp-apps';

test.beforeEach(({ page }) => trackRequests(page));

test.describe('what a view may ask of the host', () => {
	let fixture: RunningServer;

	test.beforeAll(async () => {
		fixture = await startHostileAppServer();
	});
	test.afterAll(async () => {
		await fixture?.stop();
	});

	test('a link opens and a file is saved only when the user agrees; fullscreen is granted to the widget', async ({
		page,
		context
	}) => {
		test.setTimeout(90_000);
		// The link's site, served here (the machine has no internet).
		await context.route('https://docs.example/**', (route) =>
			route.fulfill({ contentType: 'text/html', body: '<title>The guide</title><p>guide</p>' })
		);
		await page.goto('/');
		await addServer(page, 'fixture', fixture.url);
		await page.keyboard.press('Escape');
		await runInWorkbench(page, 'fixture', 'features');
		await mountedFrame(page.locator('[data-widget-type=mcp-app]'));
		const view = viewOf(page);
		const answer = view.locator('#answer');
		await expect(answer).toHaveText('ready', { timeout: 20_000 });
		const questions: string[] = [];

		// Declined: nothing opens and the view is told so.
		page.once('dialog', (dialog) => {
			questions.push(dialog.message());
			void dialog.dismiss();
		});
		await view.locator('#open-link').click();
		await expect(answer).toHaveText('open-link {"isError":true}');
		expect(questions.at(-1)).toContain('wants to open https://docs.example/guide');
		expect(context.pages()).toHaveLength(1);

		// Accepted: the page opens in a new tab, with no way back to the app (noopener).
		page.once('dialog', (dialog) => void dialog.accept());
		const opening = context.waitForEvent('page');
		await view.locator('#open-link').click();
		const tab = await opening;
		await tab.waitForLoadState();
		expect(tab.url()).toBe('https://docs.example/guide');
		expect(await tab.evaluate(() => window.opener)).toBeNull();
		await expect(answer).toHaveText('open-link {}');
		await tab.close();

		// A file: saved only after the user agrees, under its name, with its content.
		page.once('dialog', (dialog) => {
			questions.push(dialog.message());
			void dialog.dismiss();
		});
		await view.locator('#download').click();
		await expect(answer).toHaveText('download {"isError":true}');
		expect(questions.at(-1)).toContain('wants to save report.csv');
		page.once('dialog', (dialog) => void dialog.accept());
		const downloading = page.waitForEvent('download');
		await view.locator('#download').click();
		const download = await downloading;
		expect(download.suggestedFilename()).toBe('report.csv');
		expect(readFileSync((await download.path())!, 'utf8')).toBe('city,visits\nParis,3\n');
		await expect(answer).toHaveText('download {}');

		// Fullscreen: the widget's frame fills the screen, and the view hears the mode it got.
		await view.locator('#fullscreen').click();
		await expect(answer).toHaveText('fullscreen {"mode":"fullscreen"}');
		expect(await page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid'))).toBe('mcp-app');
		for (const method of ['ui/open-link', 'ui/download-file', 'ui/request-display-mode'])
			await expect(appEntries(page, method).first()).toBeVisible();
	});
});
