/**
 * The phone layout without a keyboard: Select mode in the canvas toolbar turns taps into
 * adding frames to the selection (and taking them out), so several widgets align and delete
 * together by touch alone; the console's actions and filters fold into menus so its bar stays
 * compact, every control still reachable; the empty chat names the Console tab, not a pane
 * "below". Runs on a 390×844 touch screen, as a phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectErrors } from './helpers';
import { attachScreenshot } from './support/screenshots';
import { callTool, installModelContext } from './webmcp-helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function display(page: Page, name: string, params: Record<string, unknown>): Promise<string> {
	const result = await callTool(page, 'widget_display', { name, params });
	expect(result.isError, JSON.stringify(result)).toBeFalsy();
	return result.structuredContent!.id as string;
}

test.beforeEach(async ({ page }) => {
	await installModelContext(page);
});

test('select mode: taps select several widgets that then align and delete together, each undoable', async ({
	page
}, testInfo) => {
	const errors = collectErrors(page);
	await page.goto('/');
	const shownText = await page.getByTestId('chat-empty').innerText();
	expect(shownText).toContain('Every tool call shows in the Console tab.');
	expect(shownText).not.toContain('below it');
	const ids = [
		await display(page, 'stat', { label: 'Cars', value: 406 }),
		await display(page, 'stat', { label: 'Models', value: 312 }),
		await display(page, 'stat', { label: 'Origins', value: 3 })
	];
	await page.getByTestId('tab-canvas').tap();
	const frames = ids.map((id) => page.locator(`[data-widget-id=${id}]`));
	// Arrange packs them into the phone's width, one under another, all in view.
	await page.getByTestId('auto-arrange').tap();
	/** Taps a frame's title, where a finger would, at the point on screen (no scrolling). */
	const tapFrame = async (index: number) => {
		const box = (await frames[index].locator('.title').boundingBox())!;
		expect(box.x + 8, `frame ${index} is on screen`).toBeLessThan(390);
		await page.touchscreen.tap(box.x + 8, box.y + box.height / 2);
	};

	// Without select mode a tap selects one widget only.
	await tapFrame(0);
	await tapFrame(1);
	await expect(page.getByTestId('selection-count')).toHaveCount(0);

	// Select mode: each tap adds a frame; a second tap takes it out again.
	const mode = page.getByTestId('canvas-select-mode');
	await mode.tap();
	await expect(mode).toHaveAttribute('aria-pressed', 'true');
	await tapFrame(0);
	await tapFrame(2);
	await expect(page.getByTestId('selection-count')).toHaveText('3 selected');
	await tapFrame(2);
	await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
	await tapFrame(2);
	await expect(page.getByTestId('selection-count')).toHaveText('3 selected');
	for (const frame of frames) await expect(frame).toHaveClass(/selected/);
	await attachScreenshot(page, testInfo, 'phone-select-mode');

	// Align their left edges by tapping, then delete them together; undo brings them back.
	await page.getByTestId('align-left').tap();
	const lefts = await Promise.all(
		frames.map((frame) =>
			frame.evaluate((element: HTMLElement) => /translate\((-?[\d.]+)px/.exec(element.style.transform)![1])
		)
	);
	expect(new Set(lefts).size).toBe(1);
	await page.getByTestId('selection-delete').tap();
	await expect(page.locator('[data-widget-id]')).toHaveCount(0);
	await page.getByTestId('canvas-undo').tap();
	await expect(page.locator('[data-widget-id]')).toHaveCount(3);

	// Leaving select mode: a tap selects one widget again.
	await mode.tap();
	await expect(mode).toHaveAttribute('aria-pressed', 'false');
	await tapFrame(1);
	await expect(page.getByTestId('selection-count')).toHaveCount(0);
	await expect(frames[1]).toHaveClass(/selected/);
	expect(errors).toEqual([]);
});

test('the console bar folds its actions and filters into menus on a phone, every control still reachable', async ({
	page
}, testInfo) => {
	const errors = collectErrors(page);
	await page.goto('/');
	await display(page, 'stat', { label: 'Cars', value: 406 });
	await page.getByTestId('tab-console').tap();
	const consolePane = page.getByTestId('agent-console');
	await expect(consolePane).toBeVisible();

	// Two compact rows at most: the search with a Filters button, then the view, Pause and ⋯.
	const search = (await page.getByTestId('console-search').boundingBox())!;
	const pause = (await page.getByTestId('console-pause').boundingBox())!;
	const more = (await page.getByTestId('console-more').boundingBox())!;
	expect(Math.abs(pause.y - more.y)).toBeLessThan(4);
	expect(more.y - search.y).toBeLessThan(60);
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
	for (const hidden of [
		'console-clear',
		'console-export',
		'console-export-otel',
		'console-filter-server',
		'console-filter-status'
	])
		await expect(page.getByTestId(hidden)).toBeHidden();
	for (const scheme of ['light', 'dark'] as const) {
		await page.emulateMedia({ colorScheme: scheme });
		await attachScreenshot(page, testInfo, `phone-console-bar-${scheme}`);
	}

	// The actions are in the ⋯ menu (Export appears there once the agent has done something).
	await page.getByTestId('console-more').tap();
	await expect(page.getByTestId('console-clear')).toBeVisible();
	await expect(page.getByRole('menuitem', { name: 'Load trace…' })).toBeVisible();
	await page.getByTestId('console-clear').tap();
	await expect(page.getByTestId('console-clear')).toBeHidden();
	await page.getByTestId('console-more').tap();
	const [chooser] = await Promise.all([
		page.waitForEvent('filechooser'),
		page.getByRole('menuitem', { name: 'Load trace…' }).tap()
	]);
	expect(chooser.isMultiple()).toBe(false);

	// The kinds, server and status are in the Filters popover; choosing one filters the list.
	await page.getByTestId('console-filters').tap();
	await expect(page.getByTestId('console-filter-server')).toBeVisible();
	await page.getByTestId('console-filter-status').selectOption('error');
	await expect(page.getByTestId('console-filters')).toHaveText('Filters (1)');
	await expect(page.getByTestId('console-filter-reset')).toBeVisible();
	await attachScreenshot(page, testInfo, 'phone-console-filters');
	await page.getByTestId('console-filter-reset').tap();
	await expect(page.getByTestId('console-filters')).toHaveText('Filters');
	expect(errors).toEqual([]);
});
