/**
 * MCP tasks in the chat: the fake model calls server-everything's `simulate-research-query`
 * (a tool that runs only as a task). The task card beside the call shows `working` with the
 * server's stage messages, then `completed`, and the model's next request carries the report;
 * an ambiguous query asks through the elicitation card mid-task; Cancel ends it as cancelled;
 * a reload mid-task picks the task up again and the model still gets the report; a live
 * widget whose source is the task tool shows the task's progress in its frame on Refresh.
 */
import { expect, test, type Page } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { collectErrors } from './helpers';
import { cancelOnTaskCard, chatTaskCard, expectAnswer, reloadMidTask, runTaskByHand } from './support/tasks';
import { startEverything, type RunningServer } from '../fixtures/mcp/launchers';
import { acceptAgentLink } from '../fixtures/agent-link';

let llm: FakeLlm;
let everything: RunningServer;

test.beforeAll(async () => {
	[llm, everything] = await Promise.all([startFakeLlm(), startEverything({ mode: 'streamableHttp' })]);
});
test.afterAll(async () => {
	await Promise.all([llm?.close(), everything?.stop()]);
});

async function connect(page: Page) {
	await page.goto(`/?provider=anthropic&baseUrl=${encodeURIComponent(llm.url)}&model=tasks-model`);
	await acceptAgentLink(page);
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
	await page.getByTestId('mcp-status').click();
	await page.getByTestId('mcp-add-url').fill(everything.url);
	await page.getByTestId('mcp-add-name').fill('everything');
	await page.getByTestId('mcp-add-submit').click();
	await expect(page.locator('[data-testid=open-workbench][data-server=everything]')).toBeVisible({ timeout: 20_000 });
	await page.keyboard.press('Escape');
}

function research(input: Record<string, unknown>) {
	return { text: 'Researching.', toolCalls: [{ name: 'everything_mcp_simulate-research-query', input }] };
}

/** The model researches tides (a task) and answers `answer` once the report reached it. */
async function askForTides(page: Page, answer: string) {
	llm.setScenario({
		steps: [
			research({ topic: 'tides' }),
			(request) => ({
				text: request.toolResults.some((result) => result.content.includes('Research Report: tides'))
					? answer
					: `Got: ${request.toolResults[0]?.content.slice(0, 200)}`
			})
		]
	});
	await connect(page);
	await page.getByTestId('chat-input').fill('Research tides.');
	await page.getByTestId('send').click();
}

test('a task tool runs as a task: the card follows its stages and the model gets the report', async ({ page }) => {
	const errors = collectErrors(page);
	await askForTides(page, 'The report arrived.');
	const card = chatTaskCard(page);
	await expect(card.getByTestId('task-status')).toHaveText('working', { timeout: 15_000 });
	await expect(card.getByTestId('task-message')).toHaveText(
		/Analyzing content|Synthesizing findings|Generating report/,
		{ timeout: 15_000 }
	);
	await expect(card.getByTestId('task-status')).toHaveText('completed', { timeout: 20_000 });
	await expect(card.getByTestId('task-cancel')).toHaveCount(0);
	await expectAnswer(page, 'The report arrived.');
	await expect(page.locator('[data-testid=console-entry][data-kind=task]').first()).toContainText('working');
	await expect(page.locator('[data-testid=console-entry][data-kind=task][data-status=ok]')).toContainText('completed');
	expect(errors).toEqual([]);
});

test('an ambiguous query asks through the elicitation card mid-task; the answer completes it', async ({ page }) => {
	const errors = collectErrors(page);
	llm.setScenario({
		steps: [
			research({ topic: 'python', ambiguous: true }),
			(request) => ({
				text: request.toolResults.some((result) => result.content.includes('Clarification'))
					? 'Clarified report arrived.'
					: 'No clarification.'
			})
		]
	});
	await connect(page);
	await page.getByTestId('chat-input').fill('Research python.');
	await page.getByTestId('send').click();
	const log = page.getByRole('log', { name: 'Conversation' });
	const elicitation = log.getByTestId('elicitation');
	await expect(elicitation).toBeVisible({ timeout: 20_000 });
	await expect(log.getByTestId('task-status')).toHaveText('input_required');
	// The titled choices come as a union: the first branch, then its value.
	await elicitation.locator('select').last().selectOption({ index: 1 });
	await elicitation.getByTestId('elicitation-accept').click();
	await expect(log.getByTestId('task-status')).toHaveText('completed', { timeout: 20_000 });
	await expectAnswer(page, 'Clarified report arrived.');
	expect(errors).toEqual([]);
});

test('Cancel on the task card cancels the task and the model is told', async ({ page }) => {
	const errors = collectErrors(page);
	llm.setScenario({
		steps: [
			research({ topic: 'stars' }),
			(request) => ({
				text: request.toolResults.some((result) => /cancel/i.test(result.content))
					? 'The task was cancelled.'
					: 'Not cancelled.'
			})
		]
	});
	await connect(page);
	await page.getByTestId('chat-input').fill('Research stars.');
	await page.getByTestId('send').click();
	await cancelOnTaskCard(page);
	await expectAnswer(page, 'The task was cancelled.');
	expect(errors).toEqual([]);
});

test('a reload mid-task still completes it, and the model gets the report', async ({ page }) => {
	const errors = collectErrors(page);
	await askForTides(page, 'The report arrived after the reload.');
	await reloadMidTask(page, /Gathering sources|Analyzing content/);
	await expectAnswer(page, 'The report arrived after the reload.');
	await expect(page.locator('[data-testid=console-entry][data-kind=task][data-status=ok]')).toContainText('completed');
	expect(errors).toEqual([]);
});

test('a task tool run by hand in the workbench shows its task card until the result', async ({ page }) => {
	const errors = collectErrors(page);
	await connect(page);
	await runTaskByHand(page, {
		server: 'everything',
		tool: 'simulate-research-query',
		field: 'topic',
		value: 'moss',
		result: 'Research Report: moss'
	});
	expect(errors).toEqual([]);
});

test('a live widget whose source is a task tool shows the task in its frame until the data arrives', async ({
	page
}) => {
	const errors = collectErrors(page);
	await connect(page);
	await page.getByTestId('mcp-status').click();
	await page.locator('[data-testid=open-workbench][data-server=everything]').click();
	const workbench = page.locator('[data-testid=workbench][data-server=everything]');
	await workbench.locator('[data-testid=workbench-tool][data-tool="simulate-research-query"]').click();
	const form = workbench.locator('[data-testid=tool-form][data-tool="simulate-research-query"]');
	await form.getByLabel('topic', { exact: true }).fill('moss');
	await form.getByTestId('tool-run').click();
	await expect(form.getByTestId('task-status')).toHaveText('completed', { timeout: 20_000 });
	await workbench.getByTestId('show-on-canvas').click();
	const widget = page.locator('[data-widget-type=markdown]');
	await expect(widget).toContainText('Research Report: moss');
	await workbench.getByTestId('workbench-close').click();

	await widget.getByTestId('widget-refresh').click();
	// The research tool is not read-only: the refresh asks first.
	await page.getByTestId('approval').getByTestId('approve-once').click();
	const task = widget.getByTestId('widget-task');
	await expect(task.getByTestId('task-status')).toHaveText('working', { timeout: 15_000 });
	await expect(task.getByTestId('task-message')).toHaveText(/Gathering sources|Analyzing content|Synthesizing/, {
		timeout: 15_000
	});
	await expect(task).toHaveCount(0, { timeout: 20_000 });
	await expect(widget.getByTestId('widget-refresh')).toHaveAttribute('data-refreshing', 'false');
	await expect(widget.getByTestId('widget-source-error')).toHaveCount(0);
	await expect(widget).toContainText('Research Report: moss');
	expect(errors).toEqual([]);
});
