/**
 * The AgentConsole in the real browser: one turn with parallel tool calls on the embedded
 * datasets server and the autoui server, driven by the fake LLM. The entries appear in
 * order, the waterfall shows the parallel calls overlapping, filters and search narrow the
 * list, the detail pane shows the very request the provider received, an exported trace
 * holds no API key, and the trace loads back read-only with the same entries.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { startFakeLlm, type FakeLlm, type FakeRecordedRequest } from '../fixtures/fake-llm';
import { collectErrors, saveScreenshot } from './helpers';
import {
	attachRequestsOnFailure,
	chatsSince,
	consoleEntries,
	openApp,
	readEntries,
	send,
	waitTurns,
	type EntryRow
} from './support/app';
import { badSql, consoleQuestion, consoleScenario, expectedCalls } from './support/console-scenario';

let llm: FakeLlm;
test.beforeAll(async () => {
	llm = await startFakeLlm();
});
test.afterAll(async () => {
	await llm?.close();
});

test.use({ viewport: { width: 1600, height: 1000 } });

attachRequestsOnFailure(() => llm);

/** Runs the scripted turn and returns the requests the fake received for it. */
async function runTurn(page: Page, question = consoleQuestion): Promise<FakeRecordedRequest[]> {
	const from = llm.chatRequests().length;
	await send(page, question);
	await waitTurns(page, 1, 30_000);
	const chats = chatsSince(llm, from);
	expect(chats.map((request) => request.status)).toEqual([200, 200, 200, 200]);
	return chats;
}

/** The prefixed tool name an entry stands for (server and tool columns joined). */
function nameOf(entry: EntryRow): string {
	return `${entry.server}_${entry.server === 'autoui' ? 'webmcp' : 'mcp'}_${entry.tool}`;
}

test('a turn with several tool calls: entries in order, overlapping parallel calls, filters and search', async ({
	page
}) => {
	const errors = collectErrors(page);
	llm.setScenario(consoleScenario());
	await openApp(page, llm, 'anthropic');
	await runTurn(page);
	await expect(page.locator('[data-widget-type=bar]')).toHaveCount(1);

	const entries = await readEntries(page);
	const kinds = entries.map((entry) => entry.kind);
	// Four iterations: each a request and a response; the turn ends with done.
	expect(kinds.filter((kind) => kind === 'request')).toHaveLength(4);
	expect(kinds.filter((kind) => kind === 'response')).toHaveLength(4);
	expect(kinds[0]).toBe('request');
	expect(kinds.at(-1)).toBe('done');
	const calls = entries.filter((entry) => entry.kind === 'tool-call');
	expect(calls.map(nameOf)).toEqual(expectedCalls);
	// Every call has exactly one outcome after it; the query with the unknown column failed.
	for (const call of calls) {
		const callIndex = entries.indexOf(call);
		const outcomes = entries.filter(
			(entry) => entry.callId === call.callId && (entry.kind === 'tool-result' || entry.kind === 'tool-error')
		);
		expect(outcomes).toHaveLength(1);
		expect(entries.indexOf(outcomes[0])).toBeGreaterThan(callIndex);
	}
	expect(entries.filter((entry) => entry.kind === 'tool-error')).toHaveLength(1);
	expect(entries.filter((entry) => entry.kind === 'tool-result')).toHaveLength(5);
	// Iterations follow each other: request, response, its calls and results, then the next request.
	const requestAt = kinds.flatMap((kind, index) => (kind === 'request' ? [index] : []));
	const responseAt = kinds.flatMap((kind, index) => (kind === 'response' ? [index] : []));
	for (let i = 0; i < 4; i++) expect(responseAt[i]).toBeGreaterThan(requestAt[i]);
	for (let i = 1; i < 4; i++) expect(requestAt[i]).toBeGreaterThan(responseAt[i - 1]);
	const callAt = calls.map((call) => entries.indexOf(call));
	expect(callAt.slice(0, 2).every((index) => index > responseAt[0] && index < requestAt[1])).toBe(true);
	expect(callAt.slice(2, 5).every((index) => index > responseAt[1] && index < requestAt[2])).toBe(true);
	expect(callAt[5] > responseAt[2] && callAt[5] < requestAt[3]).toBe(true);

	// The waterfall: one bar per call; the three queries ran at the same time.
	await page.getByTestId('console-view-waterfall').click();
	const bars = page.getByTestId('waterfall-bar');
	await expect(bars).toHaveCount(6);
	const spans = await bars.evaluateAll((items) =>
		items.map((bar) => ({
			callId: bar.getAttribute('data-call-id'),
			server: bar.getAttribute('data-server'),
			start: Number(bar.getAttribute('data-start')),
			end: Number(bar.getAttribute('data-end'))
		}))
	);
	const queries = spans.filter((span) => calls.slice(2, 5).some((call) => call.callId === span.callId));
	expect(queries).toHaveLength(3);
	for (const a of queries) {
		for (const b of queries)
			if (a !== b) expect(a.start < b.end && b.start < a.end, `${a.callId} overlaps ${b.callId}`).toBe(true);
	}
	// The two recipe searches (different servers) overlap too; the display came after the queries.
	const [searchA, searchB] = spans.filter((span) => calls.slice(0, 2).some((call) => call.callId === span.callId));
	expect(searchA.start < searchB.end && searchB.start < searchA.end).toBe(true);
	const display = spans.find((span) => span.callId === calls[5].callId)!;
	expect(display.start).toBeGreaterThanOrEqual(Math.max(...queries.map((span) => span.end)));
	await saveScreenshot(page, 'console-waterfall');
	await page.getByTestId('console-view-list').click();

	// Filter by kind: only the tool calls.
	const total = entries.length;
	await page.locator('summary', { hasText: 'Kind' }).click();
	await page.locator('[data-testid=console-filter-kind][value=tool-call]').check();
	await expect(consoleEntries(page)).toHaveCount(6);
	expect((await readEntries(page)).every((entry) => entry.kind === 'tool-call')).toBe(true);
	await page.getByTestId('console-filter-reset').click();
	await expect(consoleEntries(page)).toHaveCount(total);

	// Filter by server: only autoui's entries.
	const autoui = entries.filter((entry) => entry.server === 'autoui');
	expect(autoui.filter((entry) => entry.kind === 'tool-call' || entry.kind === 'tool-result')).toHaveLength(4);
	await page.getByTestId('console-filter-server').selectOption('autoui');
	await expect(consoleEntries(page)).toHaveCount(autoui.length);
	expect(await readEntries(page)).toEqual(autoui);
	// Combined with status: autoui had no errors.
	await page.getByTestId('console-filter-status').selectOption('error');
	await expect(consoleEntries(page)).toHaveCount(0);
	await page.getByTestId('console-filter-server').selectOption('');
	await expect(consoleEntries(page).first()).toBeVisible();
	const failed = await readEntries(page);
	expect(failed.length).toBeGreaterThan(0);
	expect(failed.every((entry) => entry.status === 'error')).toBe(true);
	expect(failed.some((entry) => entry.kind === 'tool-error' && entry.tool === 'query_sql')).toBe(true);
	await page.getByTestId('console-filter-reset').click();
	await expect(consoleEntries(page)).toHaveCount(total);

	// Search: the movies query's call and result, not the cars query.
	await page.getByTestId('console-search').fill('IMDB Rating');
	await expect(async () => {
		const found = await readEntries(page);
		expect(found.length).toBeLessThan(total);
		expect(found.some((entry) => entry.callId === calls[3].callId)).toBe(true);
		expect(found.some((entry) => entry.callId === calls[2].callId)).toBe(false);
	}).toPass();
	await page.getByTestId('console-search').fill('');
	await expect(consoleEntries(page)).toHaveCount(total);
	expect(errors).toEqual([]);
});

/** Text of a system prompt, whatever the wire format (Anthropic may send text blocks). */
function systemText(request: FakeRecordedRequest): string {
	const system = (request.body as { system?: unknown }).system;
	if (typeof system === 'string') return system;
	if (Array.isArray(system)) return system.map((block) => (block as { text?: string }).text ?? '').join('\n');
	return '';
}

function toolNames(request: FakeRecordedRequest): string[] {
	return ((request.body as { tools?: Array<{ name: string }> }).tools ?? []).map((tool) => tool.name);
}

test('the detail pane shows the arguments, the result and the request sent for that iteration', async ({ page }) => {
	const errors = collectErrors(page);
	llm.setScenario(consoleScenario());
	await openApp(page, llm, 'anthropic');
	const chats = await runTurn(page);

	// The movies query, called in iteration 2 (the second request): its chip in the chat selects its console entry.
	const entries = await readEntries(page);
	const movies = entries.filter((entry) => entry.kind === 'tool-call')[3];
	await page.locator(`[data-testid=tool-chip][data-call-id="${movies.callId}"] button`).click();
	await expect(
		page.locator(`[data-testid=console-entry][data-kind=tool-call][data-call-id="${movies.callId}"]`)
	).toHaveAttribute('aria-selected', 'true');
	const detail = page.getByTestId('console-detail');
	await expect(detail).toBeVisible();
	await expect(detail.getByTestId('console-detail-args')).toContainText('IMDB Rating');
	await expect(detail.getByTestId('console-detail-result')).toContainText('rows');
	// Re-running the read-only query against its server shows the new result beside the old one.
	await detail.getByTestId('console-rerun-button').click();
	await expect(detail.getByTestId('console-rerun-result')).toContainText('The Shawshank Redemption');
	await expect(detail.getByTestId('console-rerun')).toContainText('Original');
	await detail.locator('summary', { hasText: 'Request sent for iteration' }).click();
	const request = detail.getByTestId('console-request');
	await expect(request).toBeVisible();

	const sent = chats[1];
	// The system prompt shown is the one the provider received, character for character.
	await expect.poll(() => request.getByTestId('console-request-system').textContent()).toBe(systemText(sent));
	const sentMessages = (sent.body as { messages: unknown[] }).messages;
	await expect(request).toContainText(`${sentMessages.length} messages · ${toolNames(sent).length} tools`);
	await expect(request.locator('summary', { hasText: 'Tools' })).toContainText(toolNames(sent).join(', '));
	// The messages hold the question and the results of the recipe searches of iteration 1.
	await expect(request.getByTestId('console-request-messages')).toContainText(consoleQuestion);
	await expect(request.getByTestId('console-request-messages')).toContainText('tool_result');
	// Iteration 2 offers query_sql (the datasets server was activated by its first call); iteration 1 did not.
	expect(toolNames(chats[0])).not.toContain('datasets_mcp_query_sql');
	expect(toolNames(sent)).toContain('datasets_mcp_query_sql');

	// The failed call shows its error and what the model received.
	const failedCall = entries.find((entry) => entry.kind === 'tool-error')!;
	await page.locator(`[data-testid=console-entry][data-kind=tool-error][data-call-id="${failedCall.callId}"]`).click();
	await expect(detail).toHaveAttribute('data-kind', 'tool-error');
	await expect(detail.getByTestId('console-detail-args')).toContainText(badSql.split(' ')[1]);
	await expect(detail).toContainText('no_such_column');

	// A request entry shows the same request directly.
	await page.locator('[data-testid=console-entry][data-kind=request]').nth(3).click();
	await expect.poll(() => detail.getByTestId('console-request-system').textContent()).toBe(systemText(chats[3]));
	await expect(detail.getByTestId('console-request')).toContainText('iteration 4');
	await saveScreenshot(page, 'console-detail');
	expect(errors).toEqual([]);
});

const apiKey = 'sk-test-Kq3vR7wX2mN9pL4tY8zB1cD6';

test('an exported trace holds no API key, and loads back read-only with the same entries', async ({ page }) => {
	const errors = collectErrors(page);
	llm.setScenario(consoleScenario());
	await openApp(page, llm, 'anthropic');

	// The user configures a real-looking key in Settings.
	await page.getByTestId('llm-status').click();
	await expect(page.getByTestId('settings-dialog')).toBeVisible();
	await page.getByTestId('settings-api-key').fill(apiKey);
	await page.getByTestId('settings-save').click();
	await expect(page.getByTestId('settings-dialog')).toBeHidden();
	llm.setApiKey(apiKey);
	try {
		// The key even appears in the conversation: the user pasted it into the question.
		const chats = await runTurn(page, `${consoleQuestion} (My key ${apiKey} works, right?)`);
		expect(chats.every((request) => request.authenticated)).toBe(true);
	} finally {
		llm.setApiKey(undefined);
	}
	const live = await readEntries(page);

	const downloading = page.waitForEvent('download');
	await page.getByTestId('console-export').click();
	const download = await downloading;
	expect(download.suggestedFilename()).toMatch(/^autoui-trace-.*\.json$/);
	const path = await download.path();
	const text = readFileSync(path, 'utf8');
	expect(text).not.toContain(apiKey);
	expect(text).not.toContain(apiKey.slice(3));
	expect(text).toContain('[redacted]');
	const trace = JSON.parse(text) as {
		format: string;
		events: Array<{ type: string; name?: string }>;
		summary: { toolCalls: number };
	};
	expect(trace.format).toBe('autoui-trace');
	expect(trace.summary.toolCalls).toBe(6);
	expect(trace.events.filter((event) => event.type === 'tool-call').map((event) => event.name)).toEqual(expectedCalls);

	// A new conversation empties the console; loading the file brings the same entries back, read-only.
	await page.getByTestId('new-conversation').click();
	await expect(consoleEntries(page)).toHaveCount(0);
	await page.getByTestId('console-import').setInputFiles(path);
	await expect(page.getByTestId('console-trace-banner')).toContainText('read-only');
	await expect(page.getByTestId('agent-console')).toHaveAttribute('data-read-only', 'true');
	await expect(consoleEntries(page)).toHaveCount(live.length);
	const loaded = await readEntries(page);
	expect(loaded.map(({ kind, status, callId, server, tool }) => ({ kind, status, callId, server, tool }))).toEqual(
		live
	);
	// Read-only: nothing to export or clear, no re-run of a loaded call.
	await expect(page.getByTestId('console-export')).toHaveCount(0);
	await expect(page.getByTestId('console-clear')).toHaveCount(0);
	await page.locator('[data-testid=console-entry][data-kind=tool-result]').first().click();
	await expect(page.getByTestId('console-detail')).toBeVisible();
	await expect(page.getByTestId('console-rerun-button')).toHaveCount(0);
	// The detail of a loaded request is redacted too.
	await page.locator('[data-testid=console-entry][data-kind=request]').first().click();
	await expect(page.getByTestId('console-request-messages')).not.toContainText(apiKey);
	await saveScreenshot(page, 'console-trace-loaded');

	await page.getByTestId('console-trace-close').click();
	await expect(consoleEntries(page)).toHaveCount(0);
	expect(errors).toEqual([]);
});
