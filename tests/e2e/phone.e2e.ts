/**
 * The phone layout at 390×844 with a touch screen: the panes become tabs (Chat / Canvas /
 * Console), the canvas gets nearly the full height, the canvas toolbar's file actions sit in a
 * menu, and a finger drags a widget by its title bar, resizes it by its corner and pans the
 * canvas. Touches are real touch events (Chromium's input domain), so the page receives
 * pointer events of type "touch" exactly as on a phone. Zoom and pan survive a reload; two
 * fingers pinch to zoom.
 */
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { collectErrors } from './helpers';
import { attachScreenshot } from './support/screenshots';
import { callTool, installModelContext } from './webmcp-helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function display(page: Page, name: string, params: Record<string, unknown>): Promise<string> {
	const result = await callTool(page, 'widget_display', { name, params });
	expect(result.isError, JSON.stringify(result)).toBeFalsy();
	return result.structuredContent!.id as string;
}

/**
 * One finger from `from` to `to` in a few steps, as touch events. The finger rests at the end
 * before lifting, as in a deliberate drag: lifting while moving starts a fling, and a tap
 * during a fling only stops it (no click), as on a real phone.
 */
async function swipe(
	page: Page,
	cdp: CDPSession,
	from: { x: number; y: number },
	to: { x: number; y: number },
	steps = 8
): Promise<void> {
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y, id: 1 }] });
	for (let step = 1; step <= steps; step++) {
		const x = from.x + ((to.x - from.x) * step) / steps;
		const y = from.y + ((to.y - from.y) * step) / steps;
		await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y, id: 1 }] });
	}
	await page.waitForTimeout(150);
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: to.x, y: to.y, id: 1 }] });
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test.beforeEach(async ({ page }) => {
	await installModelContext(page);
});

test('phone layout: tabs, a full-height canvas, touch drag, resize and pan, menus instead of toolbars', async ({
	page
}, testInfo) => {
	const errors = collectErrors(page);
	await page.goto('/');
	const cdp = await page.context().newCDPSession(page);

	// Tabs, the chat first; nothing is wider than the screen.
	await expect(page.getByTestId('pane-tabs')).toBeVisible();
	await expect(page.getByTestId('tab-chat')).toHaveAttribute('aria-selected', 'true');
	await expect(page.getByTestId('chat-input')).toBeVisible();
	await expect(page.getByTestId('canvas')).toBeHidden();
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
	for (const hook of ['llm-status', 'mcp-status']) {
		const box = (await page.getByTestId(hook).boundingBox())!;
		expect(box.x + box.width).toBeLessThanOrEqual(390);
	}

	const stat = await display(page, 'stat', { label: 'Cars', value: 406, title: 'Cars' });
	await display(page, 'bar', {
		title: 'Horsepower by origin',
		data: [
			{ origin: 'USA', hp: 119 },
			{ origin: 'Japan', hp: 79 }
		],
		x: 'origin',
		y: 'hp'
	});

	// The canvas tab: the canvas takes nearly the whole screen height.
	await page.getByTestId('tab-canvas').tap();
	await expect(page.getByTestId('tab-canvas')).toHaveAttribute('aria-selected', 'true');
	await expect(page.getByTestId('chat-input')).toBeHidden();
	const canvas = (await page.getByTestId('canvas').boundingBox())!;
	expect(canvas.height).toBeGreaterThan(0.8 * 844);
	expect(canvas.width).toBe(390);

	// Drag the stat by its title bar with a finger; the selection does not cover the canvas.
	const frame = page.locator(`[data-widget-id=${stat}]`);
	const position = () => frame.evaluate((element: HTMLElement) => element.style.transform);
	expect(await position()).toBe('translate(16px, 16px)');
	const before = (await frame.boundingBox())!;
	const grip = { x: before.x + 40, y: before.y + 14 };
	await swipe(page, cdp, grip, { x: grip.x + 96, y: grip.y + 160 });
	await expect.poll(position).toBe('translate(112px, 176px)');
	await expect(page.getByTestId('canvas-undo')).toBeEnabled();
	await expect(page.getByTestId('inspector')).toHaveCount(0);
	expect((await page.getByTestId('canvas').boundingBox())!.width).toBe(390);
	// The inspector opens when asked, over the canvas, and closes back to it.
	await page.getByTestId('canvas-inspect').tap();
	await expect(page.getByTestId('inspector')).toBeVisible();
	await expect(page.getByTestId('inspector')).toContainText('112, 176');
	await page.getByRole('button', { name: 'Close inspector' }).tap();
	await expect(page.getByTestId('inspector')).toHaveCount(0);

	// Resize it by its corner handle.
	const moved = (await frame.boundingBox())!;
	const corner = (await frame.locator('[data-handle=se]').boundingBox())!;
	await swipe(
		page,
		cdp,
		{ x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 },
		{ x: corner.x + corner.width / 2 + 44, y: corner.y + corner.height / 2 + 40 }
	);
	await expect
		.poll(async () => frame.evaluate((element: HTMLElement) => element.style.width))
		.toBe(`${Math.round((Math.round(moved.width) + 44) / 8) * 8}px`);

	// Pan the canvas by dragging its background; the view is kept across a reload.
	const blank = { x: canvas.x + 30, y: canvas.y + canvas.height - 200 };
	await swipe(page, cdp, blank, { x: blank.x - 60, y: blank.y - 100 });
	await expect.poll(async () => Math.round((await frame.boundingBox())!.y - moved.y)).toBe(-100);
	const panned = (await frame.boundingBox())!;

	// The file actions are in a menu; tapping opens it, the picture of the canvas downloads.
	await expect(page.getByTestId('canvas-export')).toHaveCount(0);
	await page.getByTestId('canvas-more').tap();
	await expect(page.getByTestId('canvas-export')).toBeVisible();
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('canvas-export-png').tap()]);
	expect(download.suggestedFilename()).toMatch(/\.png$/);
	// The widget's export menu opens with a tap too (nothing needs hover).
	await frame.getByTestId('widget-export-menu').tap();
	await expect(page.getByTestId('widget-export-png')).toBeVisible();
	await page.keyboard.press('Escape');

	for (const scheme of ['light', 'dark'] as const) {
		await page.emulateMedia({ colorScheme: scheme });
		await page.getByTestId('tab-canvas').tap();
		await attachScreenshot(page, testInfo, `phone-canvas-${scheme}`);
		await page.getByTestId('tab-console').tap();
		await attachScreenshot(page, testInfo, `phone-console-${scheme}`);
		await page.getByTestId('tab-chat').tap();
		await attachScreenshot(page, testInfo, `phone-chat-${scheme}`);
	}

	// The console tab; arrow keys move between tabs.
	await page.getByTestId('tab-console').tap();
	await expect(page.getByTestId('pane-console')).toBeVisible();
	await page.getByTestId('tab-console').press('ArrowRight');
	await expect(page.getByTestId('tab-chat')).toBeFocused();
	await expect(page.getByTestId('tab-chat')).toHaveAttribute('aria-selected', 'true');

	await page.waitForTimeout(400);
	await page.reload();
	await page.getByTestId('tab-canvas').tap();
	await expect.poll(async () => Math.round((await frame.boundingBox())?.y ?? -1)).toBe(Math.round(panned.y));

	// Two fingers on the background pinch to zoom: 100 px apart, then 180 px.
	await expect(page.getByTestId('canvas-zoom')).toHaveText('100%');
	const area = (await page.getByTestId('canvas').boundingBox())!;
	const y = area.y + area.height - 150;
	await cdp.send('Input.dispatchTouchEvent', {
		type: 'touchStart',
		touchPoints: [
			{ x: 60, y, id: 1 },
			{ x: 160, y, id: 2 }
		]
	});
	for (let step = 1; step <= 8; step++) {
		const spread = (40 * step) / 8;
		await cdp.send('Input.dispatchTouchEvent', {
			type: 'touchMove',
			touchPoints: [
				{ x: 60 - spread, y, id: 1 },
				{ x: 160 + spread, y, id: 2 }
			]
		});
	}
	await page.waitForTimeout(150);
	await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
	await expect(page.getByTestId('canvas-zoom')).toHaveText('180%');
	expect(errors).toEqual([]);
});
