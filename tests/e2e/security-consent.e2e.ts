/**
 * Consent that holds, in the page: a dashboard link's live widgets stay held across a reload,
 * a conversation switch and a later visit, with no call reaching the built-in datasets MCP
 * server until the user allows them; a hostile STATE_DELTA (copies from "" that double the
 * state) is refused at once and the page keeps answering; a link that changes the agent asks
 * first, keeps the current provider until the user agrees, and never replays the earlier
 * conversation to the new one. Timers are fast-forwarded with Playwright's clock (no sleeps).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { startFakeAgui, stateDelta, stateSnapshot, text, type FakeAgui } from '../fixtures/agui';
import { collectErrors } from './helpers';
import { openApp, openWithAgent, send, turnsDone, waitTurns } from './support/app';

let llm: FakeLlm;
let other: FakeLlm;
let agent: FakeAgui;
test.beforeAll(async () => {
	[llm, other, agent] = await Promise.all([startFakeLlm(), startFakeLlm(), startFakeAgui()]);
});
test.afterAll(async () => {
	await Promise.all([llm?.close(), other?.close(), agent?.close()]);
});

const dashboardUrl = 'https://dashboards.example/held.json';

/** A dashboard of three live tables on the datasets server, each refreshing every 5 s. */
function heldDashboard(): string {
	const widgets = ['USA', 'Europe', 'Japan'].map((origin, index) => ({
		type: 'data-table',
		title: `Cars from ${origin}`,
		x: index * 420,
		y: 0,
		w: 400,
		h: 300,
		params: { title: `Cars from ${origin}`, rows: [] },
		source: {
			tool: 'datasets_mcp_query_sql',
			args: { sql: `SELECT Name, Origin FROM cars WHERE Origin = '${origin}' LIMIT 3` },
			params: { title: `Cars from ${origin}`, rows: { $ref: 'source#/rows' } },
			refreshSeconds: 5
		}
	}));
	return JSON.stringify({ format: 'autoui-dashboard', version: 1, parameters: {}, widgets });
}

/** Counts the `query_sql` calls (what the widgets run) that reach the datasets server from any page of `context`. */
function countToolCalls(context: BrowserContext): () => number {
	let calls = 0;
	context.on('request', (request) => {
		if (request.method() !== 'POST' || !request.url().includes('/mcp/datasets')) return;
		const body = request.postData() ?? '';
		if (/"tools\/call"/.test(body) && /"name":"query_sql"/.test(body)) calls++;
	});
	return () => calls;
}

/** The held widgets are there, held, with the prompt; 30 s of their timers make no call. */
async function stillHeld(page: Page, calls: () => number): Promise<void> {
	await expect(page.getByTestId('widget-live-held')).toHaveCount(3, { timeout: 20_000 });
	await expect(page.getByTestId('share-live-allow')).toBeVisible();
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
	await page.clock.runFor(30_000);
	await expect(page.getByTestId('widget-live-held')).toHaveCount(3);
	expect(calls()).toBe(0);
}

test('a reload released held live widgets: held across a reload, a conversation switch and a later visit, no tool call until Allow', async ({
	page,
	context
}) => {
	const errors = collectErrors(page);
	const calls = countToolCalls(context);
	await context.route(dashboardUrl, (route) =>
		route.fulfill({
			body: heldDashboard(),
			contentType: 'application/json',
			headers: { 'access-control-allow-origin': '*' }
		})
	);
	await page.clock.install();
	// A conversation with a turn (so a new one can be started beside it), then the dashboard link.
	llm.setScenario({ steps: [{ text: 'Hello.' }] });
	await openApp(page, llm, 'anthropic');
	await send(page, 'Hello');
	await waitTurns(page, 1);
	await page.goto(`/?dashboard=${encodeURIComponent(dashboardUrl)}`);
	await page.getByTestId('dashboard-load').click();
	await stillHeld(page, calls);

	// A plain reload (the saved canvas is read back from IndexedDB).
	await page.reload();
	await stillHeld(page, calls);

	// A conversation switch and back.
	await page.getByTestId('new-conversation').click();
	await expect(page.locator('[data-widget-id]')).toHaveCount(0);
	if (!(await page.getByTestId('conversation-list').isVisible()))
		await page.getByTestId('conversations-toggle').click();
	await page.locator('[data-testid=conversation-item][data-current=false]').getByTestId('conversation-open').click();
	await stillHeld(page, calls);

	// A later visit to `/` in another tab.
	const later = await context.newPage();
	await later.clock.install();
	await later.goto('/');
	await stillHeld(later, calls);
	await later.close();

	// Only Allow lifts the hold: each widget fetches its rows once, timed refreshes stay paused.
	await page.getByTestId('share-live-allow').click();
	await expect(page.getByTestId('widget-live-held')).toHaveCount(0);
	await expect.poll(calls, { timeout: 20_000 }).toBe(3);
	await expect(page.getByTestId('widget-live-paused')).toHaveCount(3);
	await page.clock.runFor(30_000);
	expect(calls()).toBe(3);
	console.log(
		`held widgets: tool calls before Allow = 0 (reload, conversation switch, later visit); after Allow = ${calls()}`
	);
	expect(errors).toEqual([]);
});

test('a 1 KB STATE_DELTA that doubled the state froze the tab: refused at once, the turn ends and the page answers', async ({
	page
}) => {
	const errors = collectErrors(page);
	const doubling = Array.from({ length: 30 }, (_, index) => ({ op: 'copy', from: '', path: `/d${index}` }));
	expect(JSON.stringify(doubling).length).toBeLessThan(1200);
	agent.setScript([
		() => [stateSnapshot({ seed: 'x'.repeat(100) }), stateDelta(doubling), ...text('Still answering.')]
	]);
	await openWithAgent(page, agent.url);
	const started = Date.now();
	await send(page, 'Double your state');
	await waitTurns(page, 1);
	const elapsed = Date.now() - started;
	await expect(turnsDone(page)).toHaveAttribute('data-reason', 'end_turn');
	await expect(page.getByTestId('assistant-message')).toContainText('Still answering.');
	const refused = page.locator('[data-testid=console-entry][data-kind=agui]').filter({ hasText: 'not applied' });
	await expect(refused).toHaveCount(1);
	await expect(refused).toContainText('larger than 2,000,000 characters');
	// The page answers at once after the turn.
	const ping = Date.now();
	expect(await page.evaluate(() => 1 + 1)).toBe(2);
	const at = /operation \d+ of 30/.exec((await refused.textContent()) ?? '')?.[0];
	console.log(
		`hostile STATE_DELTA (30 copies from ""): refused at ${at}; turn done in ${elapsed} ms, page answered in ${Date.now() - ping} ms`
	);
	// The freeze it replaces lasted 31-40 s; a turn of a few seconds at most shows no freeze.
	expect(elapsed).toBeLessThan(10_000);
	expect(errors).toEqual([]);
});

test('a link silently handed the conversation to another agent: it asks, the current provider stays, and the new one gets a new conversation', async ({
	page
}) => {
	const errors = collectErrors(page);
	llm.setScenario({ steps: [{ text: 'Noted.' }, { text: 'Still me.' }] });
	other.setScenario({ steps: [{ text: 'Hello from the other agent.' }] });
	await openApp(page, llm, 'anthropic', { waitForMcp: false });
	await send(page, 'My secret is hunter2-4711');
	await waitTurns(page, 1);

	const host = new URL(other.url).host;
	await page.goto(`/?provider=openai&baseUrl=${encodeURIComponent(`${other.url}/v1`)}&model=other-model`);
	const prompt = page.getByTestId('link-agent');
	await expect(prompt).toBeVisible();
	await expect(prompt).toContainText(`Use the agent at ${host} for this visit?`);
	await expect(prompt.getByTestId('link-agent-url')).toHaveText([
		'OpenAI-compatible API',
		`${other.url}/v1`,
		'model other-model'
	]);
	// Until the user agrees, the current provider answers.
	await expect(page.getByTestId('llm-status')).toContainText('fake-model');
	const before = llm.chatRequests().length;
	await send(page, 'Are you still there?');
	await waitTurns(page, 2);
	expect(llm.chatRequests().length).toBe(before + 1);
	expect(other.chatRequests()).toHaveLength(0);

	// Agreed: a new conversation for the new agent; the old one stays in the list and is not sent.
	await page.getByTestId('link-agent-accept').click();
	await expect(prompt).toHaveCount(0);
	await expect(page.getByTestId('llm-status')).toContainText('other-model');
	await expect(page.getByTestId('user-message')).toHaveCount(0);
	await send(page, 'Hello');
	await waitTurns(page, 1);
	const [request] = other.chatRequests();
	expect(JSON.stringify(request.body)).not.toContain('hunter2-4711');
	expect(JSON.stringify(request.body)).not.toContain('Are you still there?');
	if (!(await page.getByTestId('conversation-list').isVisible()))
		await page.getByTestId('conversations-toggle').click();
	await expect(page.getByTestId('conversation-item')).toHaveCount(2);
	await expect(page.getByTestId('conversation-item').filter({ hasText: 'My secret is' })).toHaveCount(1);
	expect(errors).toEqual([]);
});
