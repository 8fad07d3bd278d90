/**
 * The canvas in daily use, round three: short turns fill the width in rows, auto-arrange
 * packs a column into the view's width, Fit all shows everything (below 75 % when needed),
 * a drag in select mode selects without moving the camera, the selection bar keeps off the
 * title bars, a saved pan never opens on an empty view, Clear can be undone, and a chart's
 * picture carries its title and readable axis titles. On a phone, frames fit the screen and
 * the Canvas tab counts the widgets added while the chat was shown.
 */
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { startFakeLlm, type FakeLlm, type FakeScenario } from '../fixtures/fake-llm';
import { collectErrors } from './helpers';
import { openApp, send, waitTurns } from './support/app';
import { attachScreenshot } from './support/screenshots';
import { callTool, installModelContext } from './webmcp-helpers';

let llm: FakeLlm;
test.beforeAll(async () => {
	llm = await startFakeLlm();
});
test.afterAll(async () => {
	await llm?.close();
});

type Box = { x: number; y: number; width: number; height: number };

/** The four short answers: one widget each. */
const answers: Array<{ name: string; params: Record<string, unknown> }> = [
	{
		name: 'bar',
		params: {
			title: 'Horsepower by origin',
			data: [
				{ origin: 'USA', avg_hp: 119 },
				{ origin: 'Europe', avg_hp: 81 },
				{ origin: 'Japan', avg_hp: 80 }
			],
			x: 'origin',
			y: 'avg_hp'
		}
	},
	{ name: 'stat', params: { label: 'Cars', value: 406, title: 'Cars in the data set' } },
	{ name: 'stat', params: { label: 'Average MPG', value: 23.5, title: 'Fuel economy' } },
	{ name: 'stat', params: { label: 'Origins', value: 3, title: 'Origins' } }
];

/** Each question gets one display, then a sentence. */
function shortTurns(): FakeScenario {
	return {
		steps: answers.flatMap((widget) => [
			{ text: 'Here it is.', toolCalls: [{ name: 'autoui_webmcp_widget_display', input: widget }] },
			{ text: 'Done.' }
		])
	};
}

async function boxes(frames: Locator): Promise<Box[]> {
	return frames.evaluateAll((elements) =>
		elements.map((element) => {
			const rect = element.getBoundingClientRect();
			return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
		})
	);
}

/** How many frames each row holds (frames whose tops line up), top to bottom. */
function rowsOf(frames: Box[]): number[] {
	const rows = new Map<number, number>();
	for (const frame of frames) rows.set(Math.round(frame.y), (rows.get(Math.round(frame.y)) ?? 0) + 1);
	return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, count]) => count);
}

function inside(inner: Box, outer: Box): boolean {
	return (
		inner.x >= outer.x - 1 &&
		inner.y >= outer.y - 1 &&
		inner.x + inner.width <= outer.x + outer.width + 1 &&
		inner.y + inner.height <= outer.y + outer.height + 1
	);
}

function intersects(a: Box, b: Box): boolean {
	return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function readDownload(download: Download): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

async function zoomPercent(page: Page): Promise<number> {
	return Number((await page.getByTestId('canvas-zoom').textContent())!.replace('%', ''));
}

const transform = (page: Page) => page.locator('.world').evaluate((world) => (world as HTMLElement).style.transform);

test.describe('desktop', () => {
	test.use({ viewport: { width: 1440, height: 900 } });

	test('short turns fill rows, Arrange packs, Fit all shows everything, select mode selects, Clear undoes', async ({
		page
	}, testInfo) => {
		test.setTimeout(120_000);
		const errors = collectErrors(page);
		await installModelContext(page);
		llm.setScenario(shortTurns());
		await openApp(page, llm, 'anthropic');
		for (const [index, question] of ['Horsepower?', 'How many cars?', 'Fuel economy?', 'Origins?'].entries()) {
			await send(page, question);
			await waitTurns(page, index + 1, 30_000);
		}
		const frames = page.locator('[data-widget-id]');
		await expect(frames).toHaveCount(4);
		await expect(page.locator('[data-widget-type=bar] svg, [data-widget-type=bar] canvas').first()).toBeVisible({
			timeout: 15_000
		});
		await page.waitForTimeout(600);
		let canvas = (await page.getByTestId('canvas').boundingBox())!;

		// Rows across the width: several widgets share a row, every one within the view.
		const placed = await boxes(frames);
		const rows = rowsOf(placed);
		testInfo.annotations.push({ type: 'widgets per row after four turns', description: rows.join(', ') });
		expect(rows.length).toBeLessThanOrEqual(2);
		expect(Math.max(...rows)).toBeGreaterThanOrEqual(2);
		for (const frame of placed) {
			expect(frame.x + frame.width).toBeLessThanOrEqual(1440);
			expect(inside(frame, canvas), JSON.stringify({ frame, canvas })).toBe(true);
		}
		await attachScreenshot(page, testInfo, 'daily3-rows');

		// The chart's axis reads as words, and its SVG picture carries the title.
		const chart = page.locator('[data-widget-type=bar]');
		await expect(chart.locator('text', { hasText: 'Avg hp' }).first()).toBeAttached();
		await chart.getByTestId('widget-export-menu').click();
		const [svgDownload] = await Promise.all([
			page.waitForEvent('download'),
			page.getByTestId('widget-export-svg').click()
		]);
		const svg = (await readDownload(svgDownload)).toString('utf8');
		expect(svg).toContain('>Horsepower by origin</text>');
		// The PNG has the same title band: twice the titled SVG's height.
		const svgHeight = Number(/^<svg[^>]* height="([\d.]+)"/.exec(svg)![1]);
		await chart.getByTestId('widget-export-menu').click();
		const [pngDownload] = await Promise.all([
			page.waitForEvent('download'),
			page.getByTestId('widget-export-png').click()
		]);
		const pngHeight = await page.evaluate(
			async (bytes) => {
				const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
				return bitmap.height;
			},
			[...(await readDownload(pngDownload))]
		);
		expect(Math.abs(pngHeight - 2 * svgHeight)).toBeLessThanOrEqual(2);
		// The notices of the exports sit above the canvas for a while: measure the canvas without them.
		const dismiss = page.getByTestId('canvas-notice').getByRole('button', { name: /dismiss/i });
		while ((await dismiss.count()) > 0) await dismiss.first().click();
		await expect(page.getByTestId('canvas-notice')).toHaveCount(0);
		canvas = (await page.getByTestId('canvas').boundingBox())!;

		// An old-style column (as the agent might stack them): taller than the view.
		const ids = await frames.evaluateAll((elements) =>
			elements.map((element) => element.getAttribute('data-widget-id')!)
		);
		let top = 16;
		for (const [index, id] of ids.entries()) {
			await callTool(page, 'canvas', { action: 'move', id, params: { x: 16, y: top } });
			top += Math.round(placed[index].height) + 48;
		}
		// Fit all shows every widget, below 75 % when it must, never below the legibility floor.
		await page.getByTestId('canvas-fit').click();
		const fitZoom = await zoomPercent(page);
		testInfo.annotations.push({ type: 'Fit all zoom for the column', description: `${fitZoom}%` });
		expect(fitZoom).toBeLessThan(75);
		expect(fitZoom).toBeGreaterThanOrEqual(40);
		for (const frame of await boxes(frames)) expect(inside(frame, canvas), JSON.stringify(frame)).toBe(true);

		// Arrange packs the column into rows within the view, no overlaps; then everything shows.
		await page.getByTestId('auto-arrange').click();
		await page.waitForTimeout(300);
		const arranged = await boxes(frames);
		const columns = new Set(arranged.map((frame) => Math.round(frame.x))).size;
		const arrangedZoom = await zoomPercent(page);
		testInfo.annotations.push({
			type: 'after Arrange',
			description: `${columns} columns, widgets per row ${rowsOf(arranged).join(', ')}, zoom ${arrangedZoom}%`
		});
		expect(columns).toBeGreaterThanOrEqual(2);
		expect(arrangedZoom).toBeGreaterThan(fitZoom);
		for (const a of arranged) {
			expect(inside(a, canvas)).toBe(true);
			for (const b of arranged) if (a !== b) expect(intersects(a, b)).toBe(false);
		}

		// Select mode: a drag on the empty canvas draws a box that selects; the camera stays.
		await page.getByTestId('canvas-select-mode').click();
		const before = await transform(page);
		const first = arranged[0];
		const second = arranged[1];
		await page.mouse.move(canvas.x + 6, canvas.y + 6);
		await page.mouse.down();
		await page.mouse.move(first.x + 20, first.y + 20, { steps: 4 });
		await page.mouse.move(Math.max(first.x, second.x) + 20, Math.max(first.y, second.y) + 20, { steps: 4 });
		await page.mouse.up();
		await expect(page.getByTestId('selection-count')).toHaveText(/^[2-4] selected$/);
		expect(await transform(page)).toBe(before);

		// The selection bar covers no widget's title bar.
		const bar = (await page.getByTestId('selection-bar').boundingBox())!;
		for (const title of await boxes(page.locator('[data-widget-id] .title-bar')))
			expect(intersects(bar, title), JSON.stringify({ bar, title })).toBe(false);
		await attachScreenshot(page, testInfo, 'daily3-selected');
		await page.getByTestId('canvas-select-mode').click();

		// A pan saved far from every widget: the canvas opens showing them.
		await page.evaluate(() =>
			localStorage.setItem('autoui.canvas.view', JSON.stringify({ panX: -40_000, panY: -30_000, zoom: 1 }))
		);
		await page.reload();
		await expect(frames).toHaveCount(4);
		await expect
			.poll(async () => (await boxes(frames)).filter((frame) => intersects(frame, canvas)).length)
			.toBeGreaterThan(0);

		// Clear says so and offers Undo, which brings every widget back.
		await page.getByTestId('canvas-clear').click();
		await expect(frames).toHaveCount(0);
		await expect(page.getByTestId('canvas-notice').filter({ hasText: 'Cleared 4 widgets' })).toBeVisible();
		await page.getByTestId('canvas-clear-undo').click();
		await expect(frames).toHaveCount(4);
		await expect(page.getByTestId('canvas-clear-undo')).toHaveCount(0);
		expect(errors).toEqual([]);
	});
});

test.describe('conversation list', () => {
	test.use({ viewport: { width: 1440, height: 900 } });

	test('the delete button is an icon, and the delete notice stays clear of “+ New”', async ({ page }) => {
		const errors = collectErrors(page);
		llm.setScenario({ steps: shortTurns().steps.slice(0, 4) });
		await openApp(page, llm, 'anthropic');
		await send(page, 'Which origin has the most horsepower, averaged over every model year in the data set?');
		await waitTurns(page, 1, 30_000);
		await page.getByTestId('new-conversation').click();
		await send(page, 'How many cars?');
		await waitTurns(page, 1, 30_000);
		await page.getByTestId('conversations-toggle').click();
		const remove = page.getByTestId('conversation-delete').last();
		await expect(remove.locator('svg')).toHaveCount(1);
		expect((await remove.textContent())!.trim()).toBe('');
		await page.getByTestId('conversation-item').last().getByTestId('conversation-delete').click();
		await expect(page.getByTestId('conversation-undo-delete')).toBeVisible();
		const notice = (await page.locator('.undo[role=status]').boundingBox())!;
		const newButton = (await page.getByTestId('new-conversation').boundingBox())!;
		expect(notice.x + notice.width).toBeLessThanOrEqual(newButton.x);
		const undo = (await page.getByTestId('conversation-undo-delete').boundingBox())!;
		expect(undo.x + undo.width).toBeLessThanOrEqual(newButton.x);
		expect(errors).toEqual([]);
	});
});

test.describe('phone', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

	test('frames fit the screen, the Canvas tab counts new widgets, a console detail covers the list', async ({
		page
	}, testInfo) => {
		const errors = collectErrors(page);
		llm.setScenario({ steps: shortTurns().steps.slice(0, 2) });
		await openApp(page, llm, 'anthropic');
		await expect(page.getByTestId('tab-chat')).toHaveAttribute('aria-selected', 'true');
		await send(page, 'Horsepower?');
		await waitTurns(page, 1, 30_000);

		// Added while the chat shows: the Canvas tab says so, by count and in its name.
		const canvasTab = page.getByTestId('tab-canvas');
		await expect(page.getByTestId('tab-canvas-badge')).toHaveText('1');
		await expect(canvasTab).toHaveAccessibleName('Canvas (1 new)');
		await canvasTab.tap();
		await expect(page.getByTestId('tab-canvas-badge')).toHaveCount(0);

		// The frame and its buttons are on the screen.
		const frame = page.locator('[data-widget-type=bar]');
		await expect(frame).toBeVisible();
		const box = (await frame.boundingBox())!;
		testInfo.annotations.push({ type: 'phone frame width', description: `${Math.round(box.width)} px` });
		expect(box.x).toBeGreaterThanOrEqual(0);
		expect(box.x + box.width).toBeLessThanOrEqual(390);
		const remove = (await frame.getByTestId('widget-remove').boundingBox())!;
		expect(remove.x + remove.width).toBeLessThanOrEqual(390);
		await attachScreenshot(page, testInfo, 'daily3-phone-canvas');

		// A console entry's detail takes the whole width, with a way back to the list.
		await page.getByTestId('tab-console').tap();
		await page.getByTestId('console-entry').first().tap();
		const detail = (await page.getByTestId('console-detail').boundingBox())!;
		expect(detail.width).toBeGreaterThan(340);
		await page.getByTestId('console-detail-back').tap();
		await expect(page.getByTestId('console-detail')).toHaveCount(0);
		await expect(page.getByTestId('console-entry').first()).toBeVisible();
		expect(errors).toEqual([]);
	});
});
