/**
 * Exporting pictures and data from the canvas under the app's strict CSP: a chart as PNG and
 * SVG (the SVG holds the chart's marks), a stat as a PNG drawn from the DOM, a table's rows as
 * JSON and CSV, and the whole canvas as one PNG. Every picture must be a real PNG that the
 * browser decodes to a non-empty, non-blank image. Screenshots of the canvas in both themes
 * are attached to the test.
 */
import { expect, test, type Download, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { collectErrors } from './helpers';
import { attachFile, attachScreenshot } from './support/screenshots';
import { callTool, installModelContext } from './webmcp-helpers';

const cars = [
	{ origin: 'USA', horsepower: 119 },
	{ origin: 'Europe', horsepower: 81 },
	{ origin: 'Japan', horsepower: 79 }
];

async function display(page: Page, name: string, params: Record<string, unknown>): Promise<string> {
	const result = await callTool(page, 'widget_display', { name, params });
	expect(result.isError, JSON.stringify(result)).toBeFalsy();
	return result.structuredContent!.id as string;
}

async function exportFrom(page: Page, frame: string, format: string): Promise<{ download: Download; bytes: Buffer }> {
	const menu = page.locator(`[data-widget-id=${frame}]`).getByTestId('widget-export-menu');
	await menu.click();
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByTestId(`widget-export-${format}`).click()
	]);
	return { download, bytes: await readFile((await download.path())!) };
}

/** Checks the PNG signature, then decodes it in the page: size and how many colours it has. */
async function decodePng(page: Page, bytes: Buffer): Promise<{ width: number; height: number; colours: number }> {
	expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	return page.evaluate(async (base64) => {
		const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
		const bitmap = await createImageBitmap(new Blob([data], { type: 'image/png' }));
		const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
		const context = canvas.getContext('2d')!;
		context.drawImage(bitmap, 0, 0);
		const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
		const colours = new Set<number>();
		for (let index = 0; index < pixels.length && colours.size < 50; index += 4 * 7)
			colours.add((pixels[index] << 16) | (pixels[index + 1] << 8) | pixels[index + 2]);
		return { width: bitmap.width, height: bitmap.height, colours: colours.size };
	}, bytes.toString('base64'));
}

test.beforeEach(async ({ page }) => {
	await installModelContext(page);
});

test('a chart exports as PNG and SVG, a stat and the whole canvas as PNG, a table as JSON and CSV', async ({
	page
}, testInfo) => {
	const errors = collectErrors(page);
	await page.goto('/');
	const chart = await display(page, 'bar', { title: 'Horsepower by origin', data: cars, x: 'origin', y: 'horsepower' });
	const stat = await display(page, 'stat', { label: 'Cars', value: 406, title: 'Cars in the data set' });
	const table = await display(page, 'data-table', { title: 'Cars', rows: cars });
	await expect(page.locator(`[data-widget-id=${chart}] [data-chart-ready=true]`)).toBeVisible();

	// The chart: SVG with a bar per row, parsed as XML by the browser.
	const svg = await exportFrom(page, chart, 'svg');
	expect(svg.download.suggestedFilename()).toBe('Horsepower-by-origin.svg');
	const parsed = await page.evaluate((text) => {
		const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
		return {
			root: doc.documentElement.localName,
			errors: doc.getElementsByTagName('parsererror').length,
			bars: doc.querySelectorAll('g.mark-rect path').length,
			labels: [...doc.querySelectorAll('text')].map((node) => node.textContent)
		};
	}, svg.bytes.toString('utf8'));
	expect(parsed).toMatchObject({ root: 'svg', errors: 0, bars: 3 });
	expect(parsed.labels).toEqual(expect.arrayContaining(['USA', 'Europe', 'Japan']));

	// The chart as PNG: Vega's own drawing at twice the size.
	const chartPng = await exportFrom(page, chart, 'png');
	expect(chartPng.download.suggestedFilename()).toBe('Horsepower-by-origin.png');
	const chartImage = await decodePng(page, chartPng.bytes);
	expect(chartImage.width).toBeGreaterThan(100);
	expect(chartImage.height).toBeGreaterThan(100);
	expect(chartImage.colours).toBeGreaterThan(2);

	// A stat has no drawing of its own: its frame body is drawn from the DOM.
	const statPng = await exportFrom(page, stat, 'png');
	expect(statPng.download.suggestedFilename()).toBe('Cars-in-the-data-set.png');
	const statImage = await decodePng(page, statPng.bytes);
	const statBox = (await page.locator(`[data-widget-id=${stat}]`).boundingBox())!;
	expect(statImage.width).toBeGreaterThan(statBox.width);
	expect(statImage.colours).toBeGreaterThan(2);
	await expect(page.getByTestId('canvas-notice').filter({ hasText: 'Saved Cars-in-the-data-set.png' })).toBeVisible();
	// A stat offers no SVG, CSV or JSON.
	await page.locator(`[data-widget-id=${stat}]`).getByTestId('widget-export-menu').click();
	await expect(page.getByTestId('widget-export-png')).toBeVisible();
	await expect(page.getByTestId('widget-export-svg')).toHaveCount(0);
	await expect(page.getByTestId('widget-export-json')).toHaveCount(0);
	await page.keyboard.press('Escape');
	await expect(page.getByTestId('widget-export-png')).toHaveCount(0);

	// The table: its rows as JSON (raw values) and CSV, sorted as shown.
	const json = await exportFrom(page, table, 'json');
	expect(json.download.suggestedFilename()).toBe('Cars.json');
	expect(JSON.parse(json.bytes.toString('utf8'))).toEqual(cars);
	const csv = await exportFrom(page, table, 'csv');
	expect(csv.bytes.toString('utf8').split('\r\n')[1]).toBe('USA,119');

	// The whole canvas as one PNG, at 100 % whatever the zoom.
	await page.getByRole('button', { name: 'Zoom out' }).click();
	const [canvasDownload] = await Promise.all([
		page.waitForEvent('download'),
		page.getByTestId('canvas-export-png').click()
	]);
	expect(canvasDownload.suggestedFilename()).toMatch(/^autoui-canvas-\d{4}-\d{2}-\d{2}\.png$/);
	const canvasBytes = await readFile((await canvasDownload.path())!);
	const canvasImage = await decodePng(page, canvasBytes);
	const frames = await page.locator('[data-widget-id]').evaluateAll((nodes) => nodes.length);
	expect(frames).toBe(3);
	expect(canvasImage.width).toBeGreaterThan(statImage.width);
	expect(canvasImage.colours).toBeGreaterThan(5);
	await attachFile(testInfo, 'export-chart.svg', svg.bytes, 'image/svg+xml');
	await attachFile(testInfo, 'export-chart.png', chartPng.bytes, 'image/png');

	// In both themes: the export menu as a screenshot and the picture of the canvas.
	for (const scheme of ['light', 'dark'] as const) {
		await page.emulateMedia({ colorScheme: scheme });
		const [themed] = await Promise.all([page.waitForEvent('download'), page.getByTestId('canvas-export-png').click()]);
		await attachFile(
			testInfo,
			`export-canvas-picture-${scheme}.png`,
			await readFile((await themed.path())!),
			'image/png'
		);
		await page.locator(`[data-widget-id=${table}]`).getByTestId('widget-export-menu').click();
		await attachScreenshot(page, testInfo, `export-menu-${scheme}`);
		await page.keyboard.press('Escape');
	}
	expect(errors).toEqual([]);
});

test('a picture never fetches images from other sites: they are left out, and the notice says so', async ({ page }) => {
	// A foreign image host, served by the test: every request to it is counted.
	const pixel = Buffer.from(
		'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
		'base64'
	);
	let requests = 0;
	await page.route('https://images.example/**', (route) => {
		requests++;
		return route.fulfill({ body: pixel, contentType: 'image/png' });
	});
	await page.goto('/');
	const image = await display(page, 'image', {
		title: 'Harbour',
		src: 'https://images.example/harbour.png',
		alt: 'A harbour',
		caption: 'From another site.'
	});
	const frame = page.locator(`[data-widget-id=${image}]`);
	await frame.getByTestId('image-load').click();
	await expect(frame.locator('img')).toHaveJSProperty('complete', true);
	await expect.poll(() => frame.locator('img').evaluate((node: HTMLImageElement) => node.naturalWidth)).toBe(1);
	expect(requests).toBe(1);

	const picture = await exportFrom(page, image, 'png');
	const decoded = await decodePng(page, picture.bytes);
	expect(decoded.width).toBeGreaterThan(0);
	await expect(page.getByTestId('canvas-notice').filter({ hasText: 'Saved Harbour.png' })).toContainText(
		'1 image from other sites is left out'
	);
	const [whole] = await Promise.all([page.waitForEvent('download'), page.getByTestId('canvas-export-png').click()]);
	await decodePng(page, await readFile((await whole.path())!));
	await expect(page.getByTestId('canvas-notice').filter({ hasText: 'autoui-canvas' })).toContainText(
		'1 image from other sites is left out'
	);
	expect(requests).toBe(1);
});

test('the export menu works from the keyboard: open on the first item, arrows move, Escape returns to the button', async ({
	page
}) => {
	await page.goto('/');
	const table = await display(page, 'data-table', { title: 'Cars', rows: cars });
	const trigger = page.locator(`[data-widget-id=${table}]`).getByTestId('widget-export-menu');
	await expect(page.locator(`[data-widget-id=${table}]`).getByRole('table')).toBeVisible();
	await trigger.focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('widget-export-png')).toBeFocused();
	await page.keyboard.press('ArrowDown');
	await expect(page.getByTestId('widget-export-csv')).toBeFocused();
	await page.keyboard.press('End');
	await expect(page.getByTestId('widget-export-json')).toBeFocused();
	// Arrows inside the menu never move the selected widget.
	const before = await page.locator(`[data-widget-id=${table}]`).evaluate((node: HTMLElement) => node.style.transform);
	await page.keyboard.press('ArrowUp');
	await expect(page.getByTestId('widget-export-csv')).toBeFocused();
	expect(await page.locator(`[data-widget-id=${table}]`).evaluate((node: HTMLElement) => node.style.transform)).toBe(
		before
	);
	await page.keyboard.press('Escape');
	await expect(page.getByTestId('widget-export-png')).toHaveCount(0);
	await expect(trigger).toBeFocused();
	await expect(trigger).toHaveAttribute('aria-expanded', 'false');
	// Enter on an item exports: the JSON of the rows downloads.
	await page.keyboard.press('ArrowDown');
	await page.keyboard.press('End');
	const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
	expect(download.suggestedFilename()).toBe('Cars.json');
});
