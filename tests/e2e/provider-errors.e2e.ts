/**
 * Errors that say what happened: a base URL that answers with a web page gets a one-line
 * summary (the page itself only behind Details) and an Open Settings button; a refused
 * loopback endpoint is reported at once, not after retries.
 */
import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { freePort } from '../fixtures/net';
import { acceptAgentLink } from '../fixtures/agent-link';
import { send } from './support/app';

let site: Server;
let siteUrl: string;

test.beforeAll(async () => {
	// A web server that allows this page (CORS) but has no model API: its 404 is a web page.
	site = createServer((request, response) => {
		if (request.method === 'OPTIONS') {
			response.writeHead(204, {
				'access-control-allow-origin': '*',
				'access-control-allow-headers': '*',
				'access-control-allow-methods': 'GET, POST'
			});
			response.end();
			return;
		}
		response.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'access-control-allow-origin': '*' });
		response.end('<!doctype html><html><head><title>Not Found</title></head><body><h1>Nothing here</h1></body></html>');
	});
	await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
	siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

async function openWith(page: import('@playwright/test').Page, baseUrl: string) {
	const params = new URLSearchParams({ provider: 'anthropic', baseUrl, model: 'claude-test' });
	await page.goto(`/?${params}`);
	await acceptAgentLink(page);
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
}

test('a base URL that answers an HTML 404 page gets a one-line summary and Open Settings', async ({ page }) => {
	await openWith(page, siteUrl);
	await send(page, 'Hello?');
	const card = page.getByTestId('chat-error');
	await expect(card).toBeVisible();
	const summary = card.locator('.message');
	await expect(summary).toContainText(
		`${siteUrl} answered 404 to POST /v1/messages: not an Anthropic API. Check the base URL.`
	);
	expect(await summary.innerText()).not.toMatch(/[<>]|usually end in \/v1|Nothing here/);
	await expect(card).not.toContainText('usually clears it');
	// The page that answered is kept, as text, behind Details.
	await card.getByText('Details').click();
	await expect(card.locator('pre')).toContainText('<h1>Nothing here</h1>');
	await expect(card.locator('h1')).toHaveCount(0);
	await card.getByTestId('open-settings').click();
	await expect(page.getByTestId('settings-dialog')).toBeVisible();
});

test("the app's own /api as a base URL is summarised, not its index.html", async ({ page, baseURL }) => {
	await openWith(page, `${baseURL}/api`);
	await send(page, 'Hello?');
	const summary = page.getByTestId('chat-error').locator('.message');
	await expect(summary).toContainText(`${baseURL} answered`);
	await expect(summary).toContainText('to POST /api/v1/messages');
	await expect(summary).toContainText('not an Anthropic API. Check the base URL.');
	expect(await summary.innerText()).not.toMatch(/[<>]|doctype/i);
});

test('a refused loopback endpoint is reported within 1.5 s, without retries', async ({ page }) => {
	const port = await freePort();
	await openWith(page, `http://127.0.0.1:${port}`);
	const started = Date.now();
	await send(page, 'Hello?');
	const card = page.getByTestId('chat-error');
	await expect(card).toBeVisible({ timeout: 5_000 });
	const ms = Date.now() - started;
	console.log(`[figure] a refused loopback endpoint was reported ${ms} ms after Send`);
	expect(ms).toBeLessThan(1_500);
	await expect(card).toHaveAttribute('data-code', 'provider_network');
	await expect(card.getByTestId('open-settings')).toBeVisible();
});
