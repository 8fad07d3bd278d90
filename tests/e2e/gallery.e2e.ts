/**
 * The widget gallery: every widget renders from its example in both themes with no console
 * errors, and one screenshot per widget and theme is kept under tests/artifacts/.
 */
import { expect, test, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { collectErrors, saveScreenshot } from './helpers';

/** A small gradient PNG standing in for photos on allow-listed hosts (the test machine is offline). */
function gradientPng(width: number, height: number, seed: number): Buffer {
	const crcTable = Array.from({ length: 256 }, (_, n) => {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		return c >>> 0;
	});
	const crc = (bytes: Buffer) => {
		let c = 0xffffffff;
		for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
		return (c ^ 0xffffffff) >>> 0;
	};
	const chunk = (type: string, data: Buffer) => {
		const body = Buffer.concat([Buffer.from(type), data]);
		const out = Buffer.alloc(body.length + 8);
		out.writeUInt32BE(data.length, 0);
		body.copy(out, 4);
		out.writeUInt32BE(crc(body), body.length + 4);
		return out;
	};
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header.set([8, 2, 0, 0, 0], 8);
	const raw = Buffer.alloc((width * 3 + 1) * height);
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const offset = y * (width * 3 + 1) + 1 + x * 3;
			raw[offset] = (40 + seed * 50 + x) % 256;
			raw[offset + 1] = (90 + y) % 256;
			raw[offset + 2] = (160 + seed * 20 + ((x + y) >> 1)) % 256;
		}
	}
	return Buffer.concat([
		Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(raw)),
		chunk('IEND', Buffer.alloc(0))
	]);
}

test.beforeEach(async ({ page }) => {
	let seed = 0;
	await page.route('https://upload.wikimedia.org/**', (route) =>
		route.fulfill({ contentType: 'image/png', body: gradientPng(160, 120, seed++ % 5) })
	);
});

test("the image, gallery, profile and cards examples load the app's own images, with no third-party request", async ({
	page
}) => {
	const foreign: string[] = [];
	page.on('request', (request) => {
		const url = new URL(request.url());
		if (
			url.protocol !== 'data:' &&
			url.protocol !== 'blob:' &&
			url.hostname !== '127.0.0.1' &&
			url.hostname !== 'localhost'
		)
			foreign.push(request.url());
	});
	for (const name of ['image', 'gallery', 'profile', 'cards']) {
		await page.goto(`/gallery?widget=${name}`);
		await waitRendered(page);
		const images = page.locator(`[data-gallery-widget="${name}"] img`);
		await expect(images.first()).toBeVisible();
		await expect
			.poll(() =>
				images.evaluateAll((list) =>
					list.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)
				)
			)
			.toBe(true);
		const sources = await images.evaluateAll((list) =>
			list.map((image) => new URL((image as HTMLImageElement).src).pathname)
		);
		expect(
			sources.every((path) => path.startsWith('/examples/')),
			sources.join(', ')
		).toBe(true);
	}
	expect(foreign).toEqual([]);
});

async function widgetNames(page: Page): Promise<string[]> {
	await page.goto('/gallery');
	await expect(page.locator('[data-gallery-widget]').first()).toBeVisible();
	return page
		.locator('[data-gallery-widget]')
		.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-gallery-widget') ?? ''));
}

async function waitRendered(page: Page): Promise<void> {
	await expect(page.locator('[data-widget-view][data-ready=false]')).toHaveCount(0, { timeout: 20_000 });
	await expect(page.locator('[data-widget-view] [aria-busy=true]')).toHaveCount(0, { timeout: 20_000 });
	await expect(page.locator('[data-chart-ready=false]')).toHaveCount(0, { timeout: 20_000 });
	await expect(page.locator('.widget-error')).toHaveCount(0);
}

test('the gallery lists at least 25 widgets and renders all of them without errors', async ({ page }) => {
	const errors = collectErrors(page);
	const names = await widgetNames(page);
	expect(names.length).toBeGreaterThanOrEqual(25);
	expect(new Set(names).size).toBe(names.length);
	await page.setViewportSize({ width: 1400, height: 900 });
	for (const name of names) {
		const card = page.locator(`[data-gallery-widget="${name}"]`);
		await card.scrollIntoViewIfNeeded();
		await expect(card.locator('[data-widget-view]')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
	}
	await waitRendered(page);
	await expect(
		page.locator('[data-gallery-widget] svg[role=graphics-document], [data-gallery-widget] .plot svg').first()
	).toBeVisible();
	expect(errors).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
	test(`one screenshot per widget in the ${theme} theme`, async ({ page }) => {
		test.setTimeout(240_000);
		const errors = collectErrors(page);
		await page.addInitScript((choice) => localStorage.setItem('autoui.theme', choice), theme);
		await page.setViewportSize({ width: 760, height: 760 });
		const names = await widgetNames(page);
		for (const name of names) {
			await page.goto(`/gallery?widget=${encodeURIComponent(name)}`);
			await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
			await expect(page.locator('[data-gallery-widget]')).toHaveCount(1);
			await waitRendered(page);
			await page.waitForTimeout(150);
			await saveScreenshot(page, theme === 'light' ? `gallery-${name}` : `gallery-${name}-dark`);
		}
		expect(errors).toEqual([]);
	});
}

test('the theme switch restyles widgets', async ({ page }) => {
	await page.goto('/gallery?widget=stat');
	await waitRendered(page);
	const surface = () =>
		page.locator('[data-gallery-widget=stat]').evaluate((card) => getComputedStyle(card).backgroundColor);
	await page.emulateMedia({ colorScheme: 'light' });
	await page.getByTestId('theme-toggle').click(); // the first click always changes what is shown
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
	const dark = await surface();
	await page.getByTestId('theme-toggle').click();
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
	expect(await surface()).not.toBe(dark);
});
