/**
 * Fitted frames and a readable canvas: a ten-widget answer opens every frame at its content
 * (nothing clipped, nothing mostly empty), places the turn in reading order without
 * overlaps, names each widget after what it shows, and after auto-arrange "Fit all" stays
 * at a readable zoom (75 % or more: 13 px text shows at about 10 px) with every frame still
 * showing all of its content.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { collectErrors, saveScreenshot } from './helpers';
import { openApp, send, waitTurns } from './support/app';
import { tenWidgets, tenWidgetsQuestion, tenWidgetsScenario } from './support/ten-widgets-scenario';

let llm: FakeLlm;
test.beforeAll(async () => {
	llm = await startFakeLlm();
});
test.afterAll(async () => {
	await llm?.close();
});

test.use({ viewport: { width: 1600, height: 1000 } });

/** How much each frame's body (and a table's own scroller) overflows, by widget type. */
async function clipping(frames: Locator): Promise<Array<{ type: string; x: number; y: number }>> {
	return frames.evaluateAll((elements) =>
		elements.map((frame) => {
			const body = frame.querySelector('[data-testid=widget-body]') as HTMLElement;
			const scroller = body.querySelector('.scroller') as HTMLElement | null;
			const over = (element: HTMLElement) => ({
				x: element.scrollWidth - element.clientWidth,
				y: element.scrollHeight - element.clientHeight
			});
			const outer = over(body);
			const inner = scroller ? over(scroller) : { x: 0, y: 0 };
			return {
				type: frame.getAttribute('data-widget-type')!,
				x: Math.max(outer.x, inner.x),
				y: Math.max(outer.y, inner.y)
			};
		})
	);
}

async function zoomPercent(page: Page): Promise<number> {
	return Number((await page.getByTestId('canvas-zoom').textContent())!.replace('%', ''));
}

test('a ten-widget answer is readable without resizing: fitted frames in reading order, meaningful titles, a readable Fit all', async ({
	page
}) => {
	test.setTimeout(90_000);
	const errors = collectErrors(page);
	llm.setScenario(tenWidgetsScenario());
	await openApp(page, llm, 'anthropic');
	await send(page, tenWidgetsQuestion);
	await waitTurns(page, 1, 30_000);

	const frames = page.locator('[data-widget-id]');
	await expect(frames).toHaveCount(10);
	// Every widget has rendered (components and the chart load on demand) and settled.
	await expect(page.locator('[data-widget-type=bar] svg, [data-widget-type=bar] canvas').first()).toBeVisible({
		timeout: 15_000
	});
	await expect(page.getByText(/^Loading /)).toHaveCount(0);
	await page.waitForTimeout(800);

	// Nothing is clipped: each body shows all of its content at the size the frame opened at.
	for (const overflow of await clipping(frames)) {
		expect(overflow.y, `${overflow.type} overflows vertically`).toBeLessThanOrEqual(1);
		expect(overflow.x, `${overflow.type} overflows horizontally`).toBeLessThanOrEqual(1);
	}

	// A two-row table opens small, not at a fixed 640×360.
	const table = (await page.locator('[data-widget-type=data-table]').boundingBox())!;
	expect(table.height).toBeLessThan(260);
	expect(table.width).toBeLessThan(640);

	// Reading order of the answer, no overlaps.
	const boxes = await frames.evaluateAll((elements) =>
		elements.map((frame) => {
			const rect = frame.getBoundingClientRect();
			return { type: frame.getAttribute('data-widget-type')!, x: rect.x, y: rect.y, w: rect.width, h: rect.height };
		})
	);
	// Top to bottom, then left to right, the frames follow the answer's order.
	const order = [...boxes].sort((a, b) => Math.round(a.y) - Math.round(b.y) || a.x - b.x).map((box) => box.type);
	expect(order).toEqual(tenWidgets.map((widget) => widget.name));
	for (const a of boxes)
		for (const b of boxes)
			if (a !== b)
				expect(
					a.x < b.x + b.w - 1 && b.x < a.x + a.w - 1 && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1,
					`${a.type} overlaps ${b.type}`
				).toBe(false);

	// Meaningful titles, never just the type.
	const titles = await frames.evaluateAll((elements) =>
		elements.map((frame) => frame.querySelector('.title')!.textContent!.trim())
	);
	expect(titles).toContain('Horsepower by origin');
	expect(titles).toContain('Cars in the data set');
	expect(titles).toContain('Origin and models');
	for (const generic of [
		'Stat',
		'KPI grid',
		'Bar chart',
		'Table',
		'Progress',
		'List',
		'Key/value list',
		'Callout',
		'Timeline',
		'Tags'
	])
		expect(titles).not.toContain(generic);

	// Auto-arrange then Fit all: a readable zoom, everything still fully visible.
	await page.getByTestId('auto-arrange').click();
	await page.getByTestId('canvas-fit').click();
	expect(await zoomPercent(page)).toBeGreaterThanOrEqual(75);
	await page.waitForTimeout(500);
	for (const overflow of await clipping(frames))
		expect(Math.max(overflow.x, overflow.y), overflow.type).toBeLessThanOrEqual(1);
	await saveScreenshot(page, 'canvas-ten-widgets');

	// Auto-arrange is one undo step, and Fit all never drops below the readable zoom.
	await page.getByTestId('canvas-undo').click();
	await page.getByTestId('canvas-fit').click();
	expect(await zoomPercent(page)).toBeGreaterThanOrEqual(75);
	expect(errors).toEqual([]);
});
