/**
 * The outline and the selection: the outline lists every widget (title, type, turn) and
 * renames, reorders, hides, duplicates and deletes, each one undo step; on the canvas,
 * shift-click and the marquee select several widgets that then move, align and delete
 * together, and a dragged frame snaps to its neighbours with a guide.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectErrors, saveScreenshot } from './helpers';
import { callTool, installModelContext } from './webmcp-helpers';

test.use({ viewport: { width: 1600, height: 1000 } });

async function display(page: Page, name: string, params: Record<string, unknown>): Promise<string> {
	const result = await callTool(page, 'widget_display', { name, params });
	expect(result.isError, JSON.stringify(result)).toBeFalsy();
	return result.structuredContent!.id as string;
}

async function position(frame: Locator): Promise<{ x: number; y: number; z: number }> {
	return frame.evaluate((element) => {
		const style = (element as HTMLElement).style;
		const [, x, y] = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(style.transform)!;
		return { x: Number(x), y: Number(y), z: Number(style.zIndex) };
	});
}

async function dragBy(
	page: Page,
	handle: Locator,
	dx: number,
	dy: number,
	modifiers: { shift?: boolean } = {}
): Promise<void> {
	const box = (await handle.boundingBox())!;
	const x = box.x + 12;
	const y = box.y + box.height / 2;
	if (modifiers.shift) await page.keyboard.down('Shift');
	await page.mouse.move(x, y);
	await page.mouse.down();
	await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 3 });
	await page.mouse.move(x + dx, y + dy, { steps: 3 });
	await page.mouse.up();
	if (modifiers.shift) await page.keyboard.up('Shift');
}

test.beforeEach(async ({ page }) => {
	await installModelContext(page);
});

test('the outline renames, reorders, hides, duplicates and deletes widgets, each undoable', async ({ page }) => {
	const errors = collectErrors(page);
	await page.goto('/');
	const stat = await display(page, 'stat', { label: 'Active users', value: 48213 });
	const chart = await display(page, 'bar', {
		data: [
			{ origin: 'USA', horsepower: 119 },
			{ origin: 'Japan', horsepower: 80 }
		],
		x: 'origin',
		y: 'horsepower'
	});
	await display(page, 'callout', { heading: 'Provisional figures', message: 'March is not final.' });

	await page.getByTestId('canvas-outline-toggle').click();
	const outline = page.getByTestId('canvas-outline');
	const items = outline.getByTestId('outline-item');
	await expect(items).toHaveCount(3);
	await expect(items.nth(0)).toContainText('Active users');
	await expect(items.nth(0)).toContainText('stat');
	await expect(outline.locator(`[data-outline-id=${chart}]`)).toContainText('Horsepower by origin');

	// Select from the outline: the widget is selected on the canvas too.
	await outline.locator(`[data-outline-id=${chart}]`).getByTestId('outline-select').click();
	await expect(outline.locator(`[data-outline-id=${chart}]`)).toHaveAttribute('data-selected', 'true');
	await expect(page.locator(`[data-widget-id=${chart}]`)).toHaveClass(/selected/);

	// Rename in place; the frame follows; undo brings the old title back.
	await outline.locator(`[data-outline-id=${stat}]`).getByTestId('outline-rename').click();
	const input = outline.getByTestId('outline-title-input');
	await input.fill('Users this month');
	await input.press('Enter');
	await expect(page.locator(`[data-widget-id=${stat}] .title`)).toHaveText('Users this month');
	await page.getByTestId('canvas-undo').click();
	await expect(page.locator(`[data-widget-id=${stat}] .title`)).toHaveText('Active users');
	await page.getByTestId('canvas-redo').click();

	// Z-order: send the chart to the back, then bring it to the front.
	const frame = page.locator(`[data-widget-id=${chart}]`);
	await outline.locator(`[data-outline-id=${chart}]`).getByTestId('outline-back').click();
	const others = await Promise.all([stat].map((id) => position(page.locator(`[data-widget-id=${id}]`))));
	expect((await position(frame)).z).toBeLessThan(others[0].z);
	await outline.locator(`[data-outline-id=${chart}]`).getByTestId('outline-front').click();
	expect((await position(frame)).z).toBeGreaterThan((await position(page.locator(`[data-widget-id=${stat}]`))).z);

	// Hide and show.
	await outline.locator(`[data-outline-id=${chart}]`).getByTestId('outline-hide').click();
	await expect(frame).toHaveCount(0);
	await expect(outline.locator(`[data-outline-id=${chart}]`)).toHaveAttribute('data-hidden', 'true');
	await outline.locator(`[data-outline-id=${chart}]`).getByTestId('outline-hide').click();
	await expect(frame).toHaveCount(1);

	// Duplicate, then delete the copy; undo restores it.
	await outline.locator(`[data-outline-id=${stat}]`).getByTestId('outline-duplicate').click();
	await expect(items).toHaveCount(4);
	await expect(page.locator('[data-widget-type=stat]')).toHaveCount(2);
	const copy = await page.locator('[data-widget-type=stat]').nth(1).getAttribute('data-widget-id');
	await outline.locator(`[data-outline-id=${copy}]`).getByTestId('outline-delete').click();
	await expect(items).toHaveCount(3);
	await page.keyboard.press('Control+z');
	await expect(items).toHaveCount(4);
	await saveScreenshot(page, 'canvas-outline');
	expect(errors).toEqual([]);
});

test('shift-click and the marquee select several widgets that move, align and delete together', async ({ page }) => {
	const errors = collectErrors(page);
	await page.goto('/');
	const ids = [
		await display(page, 'stat', { label: 'Cars', value: 406 }),
		await display(page, 'stat', { label: 'Models', value: 312 }),
		await display(page, 'stat', { label: 'Origins', value: 3 })
	];
	const frames = ids.map((id) => page.locator(`[data-widget-id=${id}]`));
	const before = await Promise.all(frames.map(position));

	// Shift-click two frames, then drag one: both move by the same amount, in one undo step.
	await frames[0].locator('.title-bar').click({ position: { x: 12, y: 12 } });
	await frames[1].locator('.title-bar').click({ position: { x: 12, y: 12 }, modifiers: ['Shift'] });
	await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
	await dragBy(page, frames[0].locator('.title-bar'), 0, 240);
	const moved = await Promise.all(frames.map(position));
	expect(moved[0].y - before[0].y).toBeGreaterThanOrEqual(200);
	expect(moved[1].y - before[1].y).toBe(moved[0].y - before[0].y);
	expect(moved[1].x - before[1].x).toBe(moved[0].x - before[0].x);
	expect(moved[2]).toEqual(before[2]);
	await page.getByTestId('canvas-undo').click();
	expect((await Promise.all(frames.map(position))).map(({ x, y }) => ({ x, y }))).toEqual(
		before.map(({ x, y }) => ({ x, y }))
	);

	// Shift-drag a marquee over the background around all three: they are selected.
	await page.keyboard.press('Escape');
	const canvas = (await page.getByTestId('canvas').boundingBox())!;
	const last = (await frames[2].boundingBox())!;
	await page.keyboard.down('Shift');
	await page.mouse.move(canvas.x + 4, canvas.y + 4);
	await page.mouse.down();
	await page.mouse.move(last.x + last.width + 8, last.y + last.height + 8, { steps: 5 });
	await expect(page.getByTestId('canvas-marquee')).toBeVisible();
	await page.mouse.up();
	await page.keyboard.up('Shift');
	await expect(page.getByTestId('selection-count')).toHaveText('3 selected');

	// Move the middle one down by hand, then align the tops.
	await page.getByTestId('align-top').click();
	const aligned = await Promise.all(frames.map(position));
	expect(new Set(aligned.map((frame) => frame.y)).size).toBe(1);

	// Delete together, undo brings all three back.
	await page.getByTestId('selection-delete').click();
	await expect(page.locator('[data-widget-id]')).toHaveCount(0);
	await page.keyboard.press('Control+z');
	await expect(page.locator('[data-widget-id]')).toHaveCount(3);
	expect(errors).toEqual([]);
});

test('a dragged frame snaps to a neighbour’s edge and shows a guide', async ({ page }) => {
	await page.goto('/');
	const [a, b] = [
		await display(page, 'stat', { label: 'Cars', value: 406 }),
		await display(page, 'stat', { label: 'Models', value: 312 })
	];
	const first = page.locator(`[data-widget-id=${a}]`);
	const second = page.locator(`[data-widget-id=${b}]`);
	const target = await position(first);
	const start = await position(second);
	// Drag the second frame under the first, 3 px off its left edge: it snaps onto it.
	const handle = second.locator('.title-bar');
	const box = (await handle.boundingBox())!;
	await page.mouse.move(box.x + 12, box.y + 10);
	await page.mouse.down();
	await page.mouse.move(box.x + 12 + (target.x - start.x + 3) / 2, box.y + 10 + 150, { steps: 3 });
	await page.mouse.move(box.x + 12 + (target.x - start.x + 3), box.y + 10 + 300, { steps: 3 });
	await expect(page.getByTestId('snap-guide').first()).toBeVisible();
	await page.mouse.up();
	await expect(page.getByTestId('snap-guide')).toHaveCount(0);
	expect((await position(second)).x).toBe(target.x);
});
