/**
 * Tools a View provides (MCP Apps "App-Provided Tools"), end to end: a real MCP Apps View
 * built with `@modelcontextprotocol/ext-apps`' own `App` (our notes server, on the official
 * SDK) registers tools; while its widget lives the model calls them as `notes_app_<tool>`,
 * the results come back and the console attributes them to the View; one that is not
 * read-only asks first, and the one it registers then (tools/list_changed) is offered next;
 * once the widget is closed, a call gets the tool error saying the View is gone.
 * Also: server-everything (installed, pinned) lists its 19 tools in the app.
 */
import { expect, test } from '@playwright/test';
import { startFakeLlm, type FakeLlm, type FakeRequestView } from '../fixtures/fake-llm';
import { startEverything, startViewToolsServer, type RunningServer } from '../fixtures/mcp/launchers';
import { openApp, send, waitTurns } from './support/app';
import { addServer, appEntries, mountedFrame, trackRequests, viewOf } from './support/mcp-apps';

test.beforeEach(({ page }) => trackRequests(page));

test.describe('tools a View provides', () => {
	let llm: FakeLlm;
	let notes: RunningServer;

	test.beforeAll(async () => {
		[llm, notes] = await Promise.all([startFakeLlm(), startViewToolsServer()]);
	});
	test.afterAll(async () => {
		await Promise.all([llm?.close(), notes?.stop()]);
	});

	test('the model calls them while the widget lives; after it is closed a call says the View is gone', async ({
		page
	}) => {
		test.setTimeout(90_000);
		const seen: FakeRequestView[] = [];
		const saw = (turn: (request: FakeRequestView) => object) => (request: FakeRequestView) => {
			seen.push(request);
			return turn(request);
		};
		llm.setScenario({
			steps: [
				{ toolCalls: [{ name: 'notes_mcp_show_notes', input: {} }] },
				{ text: 'The board is open.' },
				{ toolCalls: [{ name: 'notes_app_count_notes', input: {} }] },
				saw((request) => ({ text: `Counted: ${request.toolResults[0]?.content}` })),
				{ toolCalls: [{ name: 'notes_app_add_note', input: { text: 'Buy bread' } }] },
				saw(() => ({ text: 'Added.' })),
				{ toolCalls: [{ name: 'notes_app_count_notes', input: {} }] },
				saw((request) => ({ text: `After closing: ${request.toolResults[0]?.content}` }))
			]
		});
		await openApp(page, llm, 'anthropic', { waitForMcp: false });
		await addServer(page, 'notes', notes.url);
		await page.keyboard.press('Escape');

		await send(page, 'Show my notes board.');
		await waitTurns(page, 1);
		const widget = page.locator('[data-widget-type=mcp-app]');
		await mountedFrame(widget);
		await expect(viewOf(page).locator('#count')).toHaveText('2 notes');
		// The View declared its tools; the host listed them for the agent.
		await expect(appEntries(page, 'tools/list').filter({ hasText: 'count_notes, add_note' }).first()).toBeVisible();

		await send(page, 'How many notes are there?');
		await waitTurns(page, 2);
		// The model reads the View's structured result.
		await expect(page.getByTestId('assistant-message').last()).toContainText(
			'Counted: {"count":2,"notes":["Water the plants","Call Sam"]}'
		);
		expect(seen[0].toolResults[0].isError).toBe(false);
		const call = page
			.locator('[data-testid=console-entry][data-kind=tool-result]')
			.filter({ hasText: 'count_notes' })
			.first();
		await expect(call.locator('.server')).toHaveText('view of notes');

		// Not read-only: asked first; the View then registers clear_notes (tools/list_changed).
		await send(page, 'Add "Buy bread".');
		await page.getByTestId('approve-once').click();
		await expect(page.getByTestId('assistant-message').last()).toContainText('Added.', { timeout: 20_000 });
		await expect(viewOf(page).locator('#count')).toHaveText('3 notes');
		expect(seen[1].toolResults[0]).toMatchObject({ isError: false, content: 'Added "Buy bread"; 3 notes.' });
		await expect(appEntries(page, 'tools/list').filter({ hasText: 'clear_notes' }).first()).toBeVisible();

		// The widget is closed: its tools leave with it, and a later call is told why.
		await widget.getByTestId('widget-remove').click();
		await expect(widget).toHaveCount(0);
		await send(page, 'Count them again.');
		await expect(page.getByTestId('assistant-message').last()).toContainText('After closing:', { timeout: 20_000 });
		const gone = seen[2].toolResults[0];
		expect(gone.isError).toBe(true);
		expect(gone.content).toContain('The View of "notes"');
		expect(gone.content).toContain('is gone: its widget was closed');
		// Gone from the tools: only those the history names stay, as stubs saying why (never clear_notes).
		expect(seen[2].tools.filter((name) => name.startsWith('notes_app_'))).toEqual([
			'notes_app_count_notes',
			'notes_app_add_note'
		]);
	});
});

test('server-everything lists its 19 tools, the two task-augmented -async ones included', async ({ page }) => {
	test.setTimeout(60_000);
	const everything = await startEverything({ mode: 'streamableHttp' });
	try {
		await page.goto('/');
		await addServer(page, 'everything', everything.url);
		await page.locator('[data-testid=open-workbench][data-server="everything"]').click();
		const workbench = page.locator('[data-testid=workbench][data-server="everything"]');
		const tools = workbench.getByTestId('workbench-tool');
		await expect(tools).toHaveCount(19);
		await expect(workbench.locator('[data-tool="trigger-sampling-request-async"]')).toBeVisible();
		await expect(workbench.locator('[data-tool="trigger-elicitation-request-async"]')).toBeVisible();
		// Annotations show as badges.
		const echo = workbench.locator('[data-testid=workbench-tool][data-tool="echo"]');
		await expect(echo.locator('[data-testid=tool-hint]')).not.toHaveCount(0);
	} finally {
		await everything.stop();
	}
});
