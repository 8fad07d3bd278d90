/**
 * The canvas in everyday use: undo and redo from anywhere on the page (also after an undo
 * removed the focused widget), the inspector showing the schema its messages refer to, and
 * notices that expire.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectErrors } from './helpers';
import { callTool, installModelContext } from './webmcp-helpers';

async function display(page: Page, name: string, params: Record<string, unknown>): Promise<string> {
	const result = await callTool(page, 'widget_display', { name, params });
	expect(result.isError, JSON.stringify(result)).toBeFalsy();
	return result.structuredContent!.id as string;
}

test.beforeEach(async ({ page }) => {
	await installModelContext(page);
});

test('Ctrl+Z and Shift+Ctrl+Z work wherever focus is, and after an undo removed the focused widget', async ({
	page
}) => {
	const errors = collectErrors(page);
	await page.goto('/');
	const first = await display(page, 'stat', { label: 'First', value: 1 });
	await display(page, 'stat', { label: 'Second', value: 2 });
	const frames = page.locator('[data-widget-id]');
	await expect(frames).toHaveCount(2);

	// Focus on the second widget itself: undoing removes it, and the next undo still works.
	await frames.nth(1).focus();
	await page.keyboard.press('Control+z');
	await expect(frames).toHaveCount(1);
	await page.keyboard.press('Control+z');
	await expect(frames).toHaveCount(0);

	// Focus in the console pane, then on the gallery link in the header: redo works there too.
	await page.getByTestId('pane-console').locator('button').first().focus();
	await page.keyboard.press('Control+Shift+z');
	await expect(frames).toHaveCount(1);
	await page.getByTestId('gallery-link').focus();
	await page.keyboard.press('Control+y');
	await expect(frames).toHaveCount(2);
	await expect(page.locator(`[data-widget-id=${first}]`)).toBeVisible();

	// The chat's text box keeps its own text undo: the canvas is untouched.
	await page.getByTestId('chat-input').fill('typed');
	await page.getByTestId('chat-input').press('Control+z');
	await expect(frames).toHaveCount(2);
	expect(errors).toEqual([]);
});

test('the inspector shows the schema its validation messages refer to', async ({ page }) => {
	await page.goto('/');
	const id = await display(page, 'stat', { label: 'Cars', value: 406 });
	await page.locator(`[data-widget-id=${id}]`).getByTestId('widget-inspect').click();
	const inspector = page.getByTestId('inspector');
	await inspector.getByTestId('inspector-params').fill('{"label": "Cars", "value": 406, "colour": "red"}');
	await inspector.getByTestId('inspector-apply').click();
	await expect(inspector.getByTestId('inspector-errors')).toContainText(
		'/colour is not an allowed property (see the expected schema)'
	);
	const schema = inspector.getByTestId('inspector-schema');
	await schema.locator('summary').click();
	await expect(schema.locator('pre')).toContainText('"label"');
	await expect(schema.locator('pre')).toContainText('"value"');
});

test('zoom and pan are kept across reloads', async ({ page }) => {
	await page.goto('/');
	await page.getByRole('button', { name: 'Zoom in' }).click();
	await page.getByRole('button', { name: 'Zoom in' }).click();
	await expect(page.getByTestId('canvas-zoom')).toHaveText('156%');
	const canvas = page.getByTestId('canvas');
	const box = (await canvas.boundingBox())!;
	await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
	await page.mouse.down();
	await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 4 });
	await page.mouse.up();
	const transform = () => page.locator('.world').evaluate((world) => (world as HTMLElement).style.transform);
	const before = await transform();
	await page.waitForTimeout(400);
	await page.reload();
	await expect(page.getByTestId('canvas-zoom')).toHaveText('156%');
	expect(await transform()).toBe(before);
});

test('moving a widget does not draw it again: a map keeps its drawing while its frame moves', async ({ page }) => {
	const errors = collectErrors(page);
	await page.goto('/');
	const id = await display(page, 'map', {
		region: 'europe',
		data: [
			{ city: 'Stockholm', latitude: 59.33, longitude: 18.07 },
			{ city: 'Madrid', latitude: 40.42, longitude: -3.7 }
		],
		lat: 'latitude',
		lon: 'longitude',
		label: 'city'
	});
	const frame = page.locator(`[data-widget-id=${id}]`);
	const drawing = frame.locator('.vega-embed canvas, .vega-embed svg').first();
	await expect(drawing).toBeVisible({ timeout: 15_000 });
	await page.waitForTimeout(500);
	// Mark the element Vega drew into: a second drawing would replace it.
	await drawing.evaluate((element) => element.setAttribute('data-first-drawing', ''));
	const bar = frame.locator('.title-bar');
	const at = (await bar.boundingBox())!;
	await page.mouse.move(at.x + 12, at.y + at.height / 2);
	await page.mouse.down();
	await page.mouse.move(at.x + 140, at.y + at.height / 2 + 80, { steps: 6 });
	await page.mouse.up();
	await expect.poll(async () => (await bar.boundingBox())!.x).toBeGreaterThan(at.x + 60);
	await page.waitForTimeout(800);
	await expect(frame.locator('[data-first-drawing]')).toHaveCount(1);
	expect(errors).toEqual([]);
});

test('selecting a widget opens no inspector; its button, a double click or I open it beside the canvas', async ({
	page
}) => {
	const errors = collectErrors(page);
	await page.goto('/');
	const id = await display(page, 'stat', { label: 'Cars', value: 406 });
	const frame = page.locator(`[data-widget-id=${id}]`);
	const inspector = page.getByTestId('inspector');
	await frame.getByTestId('widget-body').click();
	await expect(frame).toHaveClass(/selected/);
	await expect(inspector).toHaveCount(0);

	// I on the selection opens it, docked: the canvas' viewport ends where the inspector starts.
	await page.keyboard.press('i');
	await expect(inspector).toHaveAttribute('data-inspected-id', id);
	const docked = (await inspector.boundingBox())!;
	const viewport = (await page.getByTestId('canvas').boundingBox())!;
	expect(viewport.x + viewport.width).toBeLessThanOrEqual(docked.x + 0.5);
	await page.getByRole('button', { name: 'Close inspector' }).click();
	await expect(inspector).toHaveCount(0);
	await expect(frame).toHaveClass(/selected/);

	await frame.getByTestId('widget-inspect').click();
	await expect(inspector).toBeVisible();
	await page.getByRole('button', { name: 'Close inspector' }).click();
	await frame.locator('.title-bar').dblclick();
	await expect(inspector).toBeVisible();
	expect(errors).toEqual([]);
});
