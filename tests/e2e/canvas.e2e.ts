/**
 * The canvas journeys: widgets arrive through the autoui server's WebMCP registration (a
 * recording `document.modelContext` stands in for the browser's, which Chromium lacks),
 * then are dragged, resized, moved with the keyboard, restored after reload, exported and
 * imported, and opened from a share link in a fresh browser context.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { collectErrors, saveScreenshot } from './helpers';
import { callTool, installModelContext } from './webmcp-helpers';

async function display(page: Page, name: string, params: Record<string, unknown>): Promise<string> {
	const result = await callTool(page, 'widget_display', { name, params });
	expect(result.isError, JSON.stringify(result)).toBeFalsy();
	return result.structuredContent!.id as string;
}

async function position(page: Page): Promise<{ x: number; y: number; w: number; h: number }> {
	const inspector = page.getByTestId('inspector');
	const pos = inspector.getByTestId('inspector-position');
	const size = inspector.getByTestId('inspector-size');
	return {
		x: Number(await pos.getAttribute('data-x')),
		y: Number(await pos.getAttribute('data-y')),
		w: Number(await size.getAttribute('data-w')),
		h: Number(await size.getAttribute('data-h'))
	};
}

async function widgetIds(page: Page): Promise<string[]> {
	return page
		.locator('[data-widget-id]')
		.evaluateAll((frames) => frames.map((frame) => frame.getAttribute('data-widget-id')!).sort());
}

test.beforeEach(async ({ page }) => {
	await installModelContext(page);
});

test('a widget displayed through the autoui WebMCP tools appears; invalid params are refused with the schema', async ({
	page
}) => {
	const errors = collectErrors(page);
	await page.goto('/');
	const id = await display(page, 'stat', { label: 'Monthly users', value: 48213, trend: 'up' });
	expect(id).toMatch(/^w_[0-9a-z]{6}$/);
	const frame = page.locator(`[data-widget-id="${id}"][data-widget-type="stat"]`);
	await expect(frame).toBeVisible();
	await expect(frame).toContainText('Monthly users');

	const invalid = await callTool(page, 'widget_display', { name: 'stat', params: { label: 'No value' } });
	expect(invalid.isError).toBe(true);
	expect(invalid.structuredContent).toMatchObject({
		error: 'Validation failed',
		details: [{ path: '/value', message: 'required' }]
	});
	expect(invalid.structuredContent!.expected_schema).toBeTruthy();
	await expect(page.locator('[data-widget-id]')).toHaveCount(1);

	const listed = await callTool(page, 'canvas', { action: 'list' });
	expect(listed.structuredContent).toMatchObject({ ok: true, data: [{ id, type: 'stat' }] });
	const moved = await callTool(page, 'canvas', { action: 'move', id: 'w_nope00', params: { x: 0, y: 0 } });
	expect(moved).toMatchObject({ isError: true, structuredContent: { error: expect.stringContaining(id) } });
	await saveScreenshot(page, 'canvas-widget');
	expect(errors).toEqual([]);
});

test('dragging the title bar moves a widget, the handle resizes it, on the 8 px grid', async ({ page }) => {
	await page.goto('/');
	const id = await display(page, 'stat', { label: 'Drag me', value: 1 });
	const frame = page.locator(`[data-widget-id="${id}"]`);
	await frame.getByTestId('widget-inspect').click();
	await expect(page.getByTestId('inspector')).toHaveAttribute('data-inspected-id', id);
	const before = await position(page);

	// 101 px right and 62 px down land on the grid lines 104 px and 64 px away.
	const box = (await frame.locator('.title-bar').boundingBox())!;
	await page.mouse.move(box.x + 10, box.y + 10);
	await page.mouse.down();
	await page.mouse.move(box.x + 60, box.y + 40, { steps: 5 });
	await page.mouse.move(box.x + 111, box.y + 72, { steps: 5 });
	await page.mouse.up();
	await expect.poll(async () => (await position(page)).x).toBe(before.x + 104);
	expect((await position(page)).y).toBe(before.y + 64);

	const handle = (await frame.locator('[data-handle="se"]').boundingBox())!;
	const [hx, hy] = [handle.x + handle.width / 2, handle.y + handle.height / 2];
	await page.mouse.move(hx, hy);
	await page.mouse.down();
	await page.mouse.move(hx + 80, hy + 40, { steps: 6 });
	await page.mouse.up();
	const snapped = (value: number) => Math.round(value / 8) * 8;
	await expect.poll(async () => (await position(page)).w).toBe(snapped(before.w + 80));
	expect((await position(page)).h).toBe(snapped(before.h + 40));
});

test('keyboard: arrows move, Shift+arrows resize, undo/redo, Escape deselects, Delete removes', async ({ page }) => {
	await page.goto('/');
	const id = await display(page, 'markdown', { content: '# Notes\nSome **bold** text.' });
	const frame = page.locator(`[data-widget-id="${id}"]`);
	await frame.getByTestId('widget-inspect').click();
	const start = await position(page);
	await page.keyboard.press('ArrowRight');
	await page.keyboard.press('ArrowRight');
	await page.keyboard.press('ArrowDown');
	await expect.poll(async () => (await position(page)).x).toBe(start.x + 16);
	expect((await position(page)).y).toBe(start.y + 8);
	await page.keyboard.press('Shift+ArrowRight');
	await expect.poll(async () => (await position(page)).w).toBe(start.w + 8);
	await page.keyboard.press('ControlOrMeta+z');
	await expect.poll(async () => (await position(page)).w).toBe(start.w);
	await page.keyboard.press('Shift+ControlOrMeta+z');
	await expect.poll(async () => (await position(page)).w).toBe(start.w + 8);
	await page.keyboard.press('Escape');
	await expect(page.getByTestId('inspector')).toHaveCount(0);
	await frame.locator('.title').click();
	await page.keyboard.press('Delete');
	await expect(frame).toHaveCount(0);
	await page.keyboard.press('ControlOrMeta+z');
	await expect(frame).toHaveCount(1);
});

test('the inspector applies valid params and refuses invalid ones', async ({ page }) => {
	await page.goto('/');
	const id = await display(page, 'stat', { label: 'Edit me', value: 1 });
	await page.locator(`[data-widget-id="${id}"]`).getByTestId('widget-inspect').click();
	const params = page.getByTestId('inspector-params');
	await params.fill('{"label": "Edited", "value": 7}');
	await page.getByTestId('inspector-apply').click();
	await expect(page.locator(`[data-widget-id="${id}"]`)).toContainText('Edited');
	await params.fill('{"label": "Broken"}');
	await page.getByTestId('inspector-apply').click();
	await expect(page.getByTestId('inspector-errors')).toContainText('/value required');
	await expect(page.locator(`[data-widget-id="${id}"]`)).toContainText('Edited');
	await page.getByTestId('inspector-style').fill('{"background": "url(https://evil.example/x.png)"}');
	await page.getByTestId('inspector-apply-style').click();
	await expect(page.getByTestId('inspector')).toContainText('url(), which is not allowed');
});

test('reload restores the canvas; a corrupt saved state is reported and skipped', async ({ page }) => {
	const errors = collectErrors(page);
	await page.goto('/');
	const a = await display(page, 'stat', { label: 'Kept', value: 1 });
	const b = await display(page, 'markdown', { content: 'Also kept' });
	await callTool(page, 'canvas', { action: 'move', id: b, params: { x: 400, y: 320 } });
	await page.waitForTimeout(700);
	await page.reload();
	await expect(page.locator('[data-widget-id]')).toHaveCount(2);
	expect(await widgetIds(page)).toEqual([a, b].sort());
	await page.locator(`[data-widget-id="${b}"]`).getByTestId('widget-inspect').click();
	expect(await position(page)).toMatchObject({ x: 400, y: 320 });

	await page.evaluate(
		() =>
			new Promise<void>((resolve, reject) => {
				const request = indexedDB.open('autoui', 1);
				request.onsuccess = () => {
					const transaction = request.result.transaction('kv', 'readwrite');
					transaction.objectStore('kv').put({ format: 'something-else', widgets: 42 }, 'canvas.v1');
					transaction.oncomplete = () => resolve();
					transaction.onerror = () => reject(transaction.error);
				};
				request.onerror = () => reject(request.error);
			})
	);
	await page.reload();
	await expect(page.getByTestId('canvas-notice').first()).toContainText('could not be read and was skipped');
	await expect(page.locator('[data-widget-id]')).toHaveCount(0);
	await display(page, 'stat', { label: 'Still works', value: 2 });
	await expect(page.locator('[data-widget-id]')).toHaveCount(1);
	expect(errors).toEqual([]);
});

test('export, clear and import restore the same canvas', async ({ page }) => {
	await page.goto('/');
	const ids = [
		await display(page, 'stat', { label: 'One', value: 1 }),
		await display(page, 'data-table', {
			columns: [
				{ key: 'city', label: 'City' },
				{ key: 'n', label: 'N' }
			],
			rows: [{ city: 'Lyon', n: 3 }]
		})
	];
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('canvas-export').click()]);
	const file = await download.path();
	const exported = JSON.parse(readFileSync(file, 'utf8'));
	expect(exported.format).toBe('autoui-canvas');
	await page.getByTestId('canvas-clear').click();
	await expect(page.locator('[data-widget-id]')).toHaveCount(0);
	await page.getByTestId('canvas-import-file').setInputFiles(file);
	await expect(page.locator('[data-widget-id]')).toHaveCount(2);
	expect(await widgetIds(page)).toEqual([...ids].sort());
	await expect(page.getByTestId('canvas-notice').last()).toContainText('Imported 2 widget(s)');
});

test('a share link opens the same canvas in a fresh browser context', async ({ page, browser }) => {
	await page.goto('/');
	const a = await display(page, 'stat', { label: 'Shared figure', value: 99 });
	const b = await display(page, 'markdown', { content: '## Shared note' });
	await callTool(page, 'canvas', { action: 'resize', id: a, params: { w: 320, h: 200 } });
	await page.getByTestId('canvas-share').click();
	const link = await page.getByTestId('share-link').inputValue();
	expect(new URL(link).searchParams.has('hs')).toBe(false);
	expect(new URL(link).hash).toMatch(/^#hs=[A-Za-z0-9_-]+$/);

	const fresh = await browser.newContext();
	try {
		const other = await fresh.newPage();
		await other.goto(link);
		await expect(other.locator('[data-widget-id]')).toHaveCount(2);
		expect(await widgetIds(other)).toEqual([a, b].sort());
		await expect(other.locator(`[data-widget-id="${a}"]`)).toContainText('Shared figure');
		await other.locator(`[data-widget-id="${a}"]`).getByTestId('widget-inspect').click();
		expect(await position(other)).toMatchObject({ w: 320, h: 200 });
		expect(new URL(other.url()).searchParams.has('hs')).toBe(false);
		expect(new URL(other.url()).hash).toBe('');
	} finally {
		await fresh.close();
	}
});

test('a share link never wipes the recipient canvas: it asks, and opening it keeps theirs one click away', async ({
	page,
	browser
}) => {
	await page.goto('/');
	await display(page, 'stat', { label: 'From the sender', value: 7 });
	await page.getByTestId('canvas-share').click();
	const link = await page.getByTestId('share-link').inputValue();

	const recipient = await browser.newContext();
	try {
		const other = await recipient.newPage();
		await installModelContext(other);
		await other.goto('/');
		const mine = await display(other, 'stat', { label: 'Recipient own', value: 1 });
		await other.waitForTimeout(600); // saved (≤ 300 ms behind)
		await other.goto(link);
		await expect(other.getByTestId('share-open')).toBeVisible();
		await expect(other.locator('[data-widget-id]')).toHaveCount(1);
		await expect(other.locator(`[data-widget-id="${mine}"]`)).toContainText('Recipient own');
		// Opened on its own: a new conversation; the recipient's stays as it was, one click away.
		await other.getByTestId('share-open').click();
		await expect(other.locator('[data-widget-id]')).toHaveCount(1);
		await expect(other.locator('[data-widget-id]')).toContainText('From the sender');
		await other.getByTestId('share-restore').click();
		await expect(other.locator(`[data-widget-id="${mine}"]`)).toContainText('Recipient own');
		// Opened on its own again, then the page reloads: the user's canvas is still in the list.
		await other.goto(link);
		await other.getByTestId('share-open').click();
		await expect(other.locator('[data-widget-id]')).toContainText('From the sender');
		await other.waitForTimeout(600);
		await other.reload();
		await expect(other.locator('[data-widget-id]')).toContainText('From the sender');
		await other.getByTestId('conversations-toggle').click();
		await other
			.locator('[data-testid=conversation-item]', { hasNotText: 'Shared canvas' })
			.getByTestId('conversation-open')
			.click();
		await expect(other.locator(`[data-widget-id="${mine}"]`)).toContainText('Recipient own');
		await other.goto(link);
		await other.getByTestId('share-merge').click();
		await expect(other.locator('[data-widget-id]')).toHaveCount(2);
	} finally {
		await recipient.close();
	}
});

test('an older ?hs= share link of 60 KB still opens (the server accepts its long query)', async ({ page }) => {
	const rows = Array.from({ length: 1200 }, () => ({ id: randomUUID(), note: randomUUID() }));
	const document = {
		format: 'autoui-canvas',
		version: 1,
		savedAt: new Date().toISOString(),
		widgets: [
			{
				id: 'w_old1',
				type: 'data-table',
				params: { rows },
				x: 16,
				y: 16,
				w: 640,
				h: 360,
				z: 1,
				style: {},
				provenance: { dataFrom: [], source: 'agent' },
				createdAt: 1
			}
		]
	};
	const value = gzipSync(Buffer.from(JSON.stringify(document))).toString('base64url');
	expect(value.length).toBeGreaterThan(50_000);
	await page.goto(`/?hs=${value}`);
	await expect(page.locator('[data-widget-id="w_old1"]')).toBeVisible();
	expect(new URL(page.url()).searchParams.has('hs')).toBe(false);
});
