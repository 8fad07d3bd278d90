/**
 * Daily use, round three (the session side): a question sent the instant the page opens waits
 * for the datasets server still connecting and gets its data; a link's provider preset stays
 * after a reload (never a key); a shared canvas opened on its own is a new conversation; a
 * refused connection is reported at once; a 2025-only server's protocol probe is not logged on
 * every connect; the conversation list switches during a stream; Use in chat without a model
 * says so; the empty state names the connected servers.
 */
import { expect, test, type Page } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { startEverything, startFixtureServer, type RunningServer } from '../fixtures/mcp/launchers';
import { collectErrors, saveScreenshot } from './helpers';
import { appUrl, attachRequestsOnFailure, baseUrlOf, send, waitReady, waitTurns } from './support/app';
import { callTool, installModelContext } from './webmcp-helpers';
import { acceptAgentLink } from '../fixtures/agent-link';

let llm: FakeLlm;
let everything: RunningServer;

test.beforeAll(async () => {
	[llm, everything] = await Promise.all([startFakeLlm(), startEverything({ mode: 'streamableHttp' })]);
});
test.afterAll(async () => {
	await Promise.all([llm?.close(), everything?.stop()]);
});

test.use({ viewport: { width: 1400, height: 900 } });
attachRequestsOnFailure(() => llm);

const carsSql = 'SELECT Origin AS origin, count(*) AS cars FROM cars GROUP BY Origin ORDER BY cars DESC';

function row(page: Page, name: string) {
	return page.locator(`[data-testid=server-row][data-server="${name}"]`);
}

async function addServer(page: Page, url: string, name: string) {
	await page.getByTestId('mcp-status').click();
	await page.getByTestId('mcp-add-url').fill(url);
	await page.getByTestId('mcp-add-name').fill(name);
	await page.getByTestId('mcp-add-submit').click();
	await expect(row(page, name).getByTestId('server-status')).toHaveAttribute('data-status', 'connected', {
		timeout: 20_000
	});
}

test('a question sent the instant the page opens waits for the datasets server and gets its data', async ({ page }) => {
	const errors = collectErrors(page);
	// A cold start: the datasets server answers only after 5 s.
	const opened = Date.now();
	await page.route('**/mcp/datasets', async (route) => {
		const wait = opened + 5_000 - Date.now();
		if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
		await route.continue();
	});
	llm.setScenario({
		steps: [
			{
				toolCalls: [
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'bar',
							params: { data: { $ref: 'source#/rows' }, x: 'origin', y: 'cars', title: 'Cars by origin' },
							source: { tool: 'datasets_mcp_query_sql', args: { sql: carsSql } }
						}
					}
				]
			},
			{ text: 'There you are.' }
		]
	});
	const from = llm.chatRequests().length;
	await page.goto(appUrl(llm, 'anthropic'));
	await acceptAgentLink(page);
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connecting');
	const sent = Date.now();
	await send(page, 'How many cars come from each origin?');
	const waiting = page.getByTestId('turn-waiting-servers');
	await expect(waiting).toBeVisible();
	await expect(waiting).toHaveAttribute('data-servers', 'datasets');
	await expect(waiting).toContainText('Connecting to datasets');
	await saveScreenshot(page, 'daily3-waiting-for-servers');
	await waitTurns(page, 1);
	await expect(waiting).toHaveCount(0);
	await expect(page.locator('[data-widget-type=bar]')).toHaveCount(1);
	await expect(page.getByTestId('chat-error')).toHaveCount(0);
	const [first, second] = llm.chatRequests().slice(from);
	// The first request already knew the datasets server; its source call found the tool.
	expect(JSON.stringify(first.body)).toContain('datasets');
	expect(JSON.stringify(second.body)).not.toContain('Data tools: none');
	// The model was asked only once the datasets server could answer (5 s after the page opened).
	expect(first.receivedAt).toBeGreaterThanOrEqual(opened + 5_000);
	const waitedMs = first.receivedAt - sent;
	expect(waitedMs).toBeLessThan(10_000);
	console.log(`[figure] first turn waited ${waitedMs} ms for the datasets server (answering after 5 s)`);
	expect(errors).toEqual([]);
});

test('a link preset of provider, base URL and model stays after a reload; a key in the link is never kept', async ({
	page
}) => {
	const baseUrl = baseUrlOf(llm, 'openai');
	await page.goto(
		`/?provider=openai&baseUrl=${encodeURIComponent(baseUrl)}&model=preset-model&apiKey=sk-from-link&key=sk-from-link`
	);
	await acceptAgentLink(page);
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
	await page.goto('/');
	const pill = page.getByTestId('llm-status');
	await expect(pill).toHaveAttribute('data-status', 'ready');
	await expect(pill).toContainText('preset-model');
	llm.setScenario({ steps: [{ text: 'Still here.' }] });
	const from = llm.chatRequests().length;
	await send(page, 'Are you there?');
	await waitTurns(page, 1);
	const [request] = llm.chatRequests().slice(from);
	expect(request).toMatchObject({ format: 'openai', authenticated: false });
	expect((request.body as { model: string }).model).toBe('preset-model');
	const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
	expect(stored).toContain('preset-model');
	expect(stored).not.toContain('sk-from-link');
	await pill.click();
	await expect(page.getByTestId('settings-base-url')).toHaveValue(baseUrl);
});

test('Open it on its own opens a shared canvas as a new conversation; the old one keeps its widgets', async ({
	page,
	browser
}) => {
	await installModelContext(page);
	await page.goto('/');
	const shared = await callTool(page, 'widget_display', {
		name: 'stat',
		params: { label: 'From the sender', value: 7 }
	});
	expect(shared.isError).toBeFalsy();
	await page.getByTestId('canvas-share').click();
	const link = await page.getByTestId('share-link').inputValue();

	const recipient = await browser.newContext({ viewport: { width: 1400, height: 900 } });
	try {
		const other = await recipient.newPage();
		const errors = collectErrors(other);
		await installModelContext(other);
		await other.goto(appUrl(llm, 'anthropic'));
		await acceptAgentLink(other);
		await waitReady(other, false);
		llm.setScenario({
			steps: [
				{
					toolCalls: [
						{ name: 'autoui_webmcp_widget_display', input: { name: 'stat', params: { label: 'Mine', value: 1 } } }
					]
				},
				{ text: 'Done.' }
			]
		});
		await send(other, 'Show my figure');
		await waitTurns(other, 1);
		await expect(other.locator('[data-widget-type=stat]')).toContainText('Mine');
		await other.waitForTimeout(600); // saved (≤ 300 ms behind)

		await other.goto(link);
		await other.getByTestId('share-open').click();
		const frames = other.locator('[data-widget-id]');
		await expect(frames).toHaveCount(1);
		await expect(frames).toContainText('From the sender');
		// A new conversation: empty chat, two conversations in the list, the new one current.
		await expect(other.getByTestId('user-message')).toHaveCount(0);
		await other.getByTestId('conversations-toggle').click();
		const items = other.getByTestId('conversation-item');
		await expect(items).toHaveCount(2);
		await expect(items.locator('[aria-current=true] .title')).toHaveText('Shared canvas');
		await saveScreenshot(other, 'daily3-shared-canvas-apart');
		await other.getByTestId('conversations-toggle').click();

		// The way back: the old conversation, its question and its widget, as they were.
		await other.getByTestId('share-restore').click();
		await expect(frames).toHaveCount(1);
		await expect(frames).toContainText('Mine');
		await expect(other.getByTestId('user-message')).toHaveText(/Show my figure/);
		// And after a reload both are still there, each with its own canvas.
		await other.reload();
		await other.getByTestId('conversations-toggle').click();
		await other
			.locator('[data-testid=conversation-item]', { hasText: 'Shared canvas' })
			.getByTestId('conversation-open')
			.click();
		await expect(frames).toContainText('From the sender');
		expect(errors).toEqual([]);
	} finally {
		await recipient.close();
	}
});

test('a connection refused after a drop is reported at once, and the server comes back by itself', async ({ page }) => {
	const server = await startFixtureServer();
	try {
		await page.goto('/');
		await addServer(page, server.url, 'flaky');
		const status = row(page, 'flaky').getByTestId('server-status');
		await server.kill();
		const dropped = Date.now();
		await expect(status).toHaveAttribute('data-status', 'error', { timeout: 5_000 });
		const reportedMs = Date.now() - dropped;
		console.log(`[figure] a refused connection was reported ${reportedMs} ms after the server went down`);
		expect(reportedMs).toBeLessThan(2_500);
		await expect(row(page, 'flaky').getByTestId('server-diagnosis')).toHaveAttribute('data-code', 'refused');
		await server.restart();
		await expect(status).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
	} finally {
		await server.stop();
	}
});

test('the protocol probe a 2025-only server refuses is logged at most once per tab, not on every connect', async ({
	page
}) => {
	const probeErrors: string[] = [];
	page.on('response', (response) => {
		const request = response.request();
		if (response.status() >= 400 && /"method"\s*:\s*"server\/discover"/.test(request.postData() ?? ''))
			probeErrors.push(`${response.status()} ${response.url()}`);
	});
	const errors = collectErrors(page);
	await page.goto('/');
	await addServer(page, everything.url, 'everything');
	await expect(row(page, 'everything').getByTestId('mcp-protocol')).toHaveText('2025-11-25');
	const first = probeErrors.length;
	expect(first).toBeLessThanOrEqual(1);
	await page.reload();
	await page.getByTestId('mcp-status').click();
	await expect(row(page, 'everything').getByTestId('server-status')).toHaveAttribute('data-status', 'connected', {
		timeout: 20_000
	});
	await row(page, 'everything').getByTestId('server-reconnect').click();
	await expect(row(page, 'everything').getByTestId('server-status')).toHaveAttribute('data-status', 'connected', {
		timeout: 20_000
	});
	expect(probeErrors).toHaveLength(first);
	expect(errors).toEqual([]);
});

test('the conversation list switches during a stream; the answer so far stays in its conversation', async ({
	page
}) => {
	llm.setScenario({
		steps: [{ text: 'Alpha.' }, { text: Array.from({ length: 60 }, (_, i) => `word${i} `), chunkDelayMs: 100 }]
	});
	await page.goto(appUrl(llm, 'anthropic'));
	await acceptAgentLink(page);
	await waitReady(page, false);
	await send(page, 'First conversation');
	await waitTurns(page, 1);
	await page.getByTestId('new-conversation').click();
	await send(page, 'A long answer please');
	await expect(page.getByTestId('assistant-message').last()).toContainText('word3');
	await page.getByTestId('conversations-toggle').click();
	const open = page
		.locator('[data-testid=conversation-item]', { hasText: 'First conversation' })
		.getByTestId('conversation-open');
	await expect(open).toBeEnabled();
	await open.click();
	await expect(page.getByTestId('user-message')).toHaveText(/First conversation/);
	await expect(page.getByTestId('send')).toBeVisible();
	await page.getByTestId('conversations-toggle').click();
	await page
		.locator('[data-testid=conversation-item]', { hasText: 'A long answer please' })
		.getByTestId('conversation-open')
		.click();
	await expect(page.getByTestId('assistant-message').last()).toContainText('word3');
	await expect(page.getByTestId('turn-done').last()).toHaveAttribute('data-reason', 'aborted');
});

test('without a model, Use in chat says so at once, and the empty state names the connected servers', async ({
	page
}) => {
	await page.goto('/');
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'not-configured');
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
	const hint = page.getByTestId('no-model-hint');
	await expect(hint).toHaveAttribute('data-servers', 'datasets');
	await expect(hint).toContainText('datasets is connected');
	await expect(hint).not.toContainText('connect one');

	await addServer(page, everything.url, 'everything');
	await row(page, 'everything').getByTestId('open-workbench').click();
	const workbench = page.locator('[data-testid=workbench][data-server="everything"]');
	await workbench.getByTestId('workbench-tab-prompts').click();
	await workbench.locator('[data-testid=prompt-item][data-prompt=simple-prompt]').click();
	await workbench.getByTestId('prompt-get').click();
	await expect(workbench.getByTestId('prompt-messages')).toBeVisible();
	await workbench.getByTestId('prompt-use-in-chat').click();
	const status = workbench.getByTestId('prompt-use-in-chat-status');
	await expect(status).toHaveAttribute('data-sent', 'false');
	await expect(status).toContainText('No model is configured');
	await expect(status).toContainText('Settings');
	await expect(status).not.toContainText('Sent');
	await expect(page.getByTestId('user-message')).toHaveCount(0);
});
