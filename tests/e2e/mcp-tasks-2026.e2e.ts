/**
 * MCP tasks at protocol revision 2026-07-28 (the Tasks extension) in the chat and the
 * workbench: the fake model calls our fixture's `forecast`, which the server runs as a task.
 * The task card beside the call shows `working` with the server's stage messages, then
 * `completed`, and the model's next request carries the forecast (its structured content);
 * a task that asks for the units shows the elicitation card while `input_required`; Cancel
 * ends it as cancelled; a reload mid-task picks the task up again; a call by hand in the
 * workbench shows the card too.
 */
import { expect, test, type Page } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { collectErrors } from './helpers';
import { cancelOnTaskCard, chatTaskCard, expectAnswer, reloadMidTask, runTaskByHand } from './support/tasks';
import { startModernTasksServer, type RunningServer } from '../fixtures/mcp/launchers';
import { acceptAgentLink } from '../fixtures/agent-link';

let llm: FakeLlm;
let tides: RunningServer;

test.beforeAll(async () => {
	[llm, tides] = await Promise.all([startFakeLlm(), startModernTasksServer({ stageMs: 1500 })]);
});
test.afterAll(async () => {
	await Promise.all([llm?.close(), tides?.stop()]);
});

async function connect(page: Page) {
	await page.goto(`/?provider=anthropic&baseUrl=${encodeURIComponent(llm.url)}&model=tasks-model`);
	await acceptAgentLink(page);
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
	await page.getByTestId('mcp-status').click();
	await page.getByTestId('mcp-add-url').fill(tides.url);
	await page.getByTestId('mcp-add-name').fill('tides');
	await page.getByTestId('mcp-add-protocol').selectOption('modern');
	await page.getByTestId('mcp-add-submit').click();
	const row = page.locator('[data-testid=server-row][data-server=tides]');
	await expect(row.getByTestId('mcp-protocol')).toHaveText('2026-07-28', { timeout: 20_000 });
	await page.keyboard.press('Escape');
}

/** The model asks for the forecast of `input` and answers with what reached it. */
async function askForecast(page: Page, input: Record<string, unknown>, answer: (results: string) => string) {
	llm.setScenario({
		steps: [
			{ text: 'Forecasting.', toolCalls: [{ name: 'tides_mcp_forecast', input }] },
			(request) => ({ text: answer(request.toolResults.map((result) => result.content).join('\n')) })
		]
	});
	await connect(page);
	await page.getByTestId('chat-input').fill(`Forecast the tides of ${String(input.place)}.`);
	await page.getByTestId('send').click();
}

test('a task at 2026-07-28: the card follows its stages and the model gets the forecast', async ({ page }) => {
	const errors = collectErrors(page);
	await askForecast(page, { place: 'Brest' }, (results) =>
		// The final result itself, never the task stub.
		results.includes('"place":"Brest","highWater":"14:20"') && !results.includes('taskId')
			? 'The forecast arrived.'
			: `Got: ${results}`
	);
	const card = chatTaskCard(page);
	await expect(card.getByTestId('task-status')).toHaveText('working', { timeout: 15_000 });
	await expect(card.getByTestId('task-message')).toHaveText(/Running the tide model|Writing the forecast/, {
		timeout: 15_000
	});
	await expect(card.getByTestId('task-status')).toHaveText('completed', { timeout: 20_000 });
	await expect(card.getByTestId('task-cancel')).toHaveCount(0);
	await expectAnswer(page, 'The forecast arrived.');
	await expect(page.locator('[data-testid=console-entry][data-kind=task]').first()).toContainText('working');
	await expect(page.locator('[data-testid=console-entry][data-kind=task][data-status=ok]')).toContainText('completed');
	expect(errors).toEqual([]);
});

test('a task that asks for the units shows the elicitation card; the answer completes it', async ({ page }) => {
	const errors = collectErrors(page);
	await askForecast(page, { place: 'Cork', ask: true }, (results) =>
		results.includes('"height":"4.6 ft","units":"imperial"') ? 'Imperial forecast arrived.' : `Got: ${results}`
	);
	const log = page.getByRole('log', { name: 'Conversation' });
	const elicitation = log.getByTestId('elicitation');
	await expect(elicitation).toBeVisible({ timeout: 20_000 });
	await expect(elicitation).toContainText('Which units should the Cork forecast use?');
	await expect(log.getByTestId('task-status')).toHaveText('input_required');
	await elicitation.locator('select').last().selectOption('imperial');
	await elicitation.getByTestId('elicitation-accept').click();
	await expect(log.getByTestId('task-status')).toHaveText('completed', { timeout: 20_000 });
	await expectAnswer(page, 'Imperial forecast arrived.');
	expect(errors).toEqual([]);
});

test('Cancel on the task card ends the task as cancelled and the model is told', async ({ page }) => {
	const errors = collectErrors(page);
	await askForecast(page, { place: 'Oban' }, (results) =>
		/cancel/i.test(results) ? 'The forecast was cancelled.' : `Not cancelled: ${results}`
	);
	await cancelOnTaskCard(page);
	await expectAnswer(page, 'The forecast was cancelled.');
	await expect(page.locator('[data-testid=console-entry][data-kind=task]').last()).toContainText('cancelled');
	expect(errors).toEqual([]);
});

test('a reload mid-task still completes it, and the model gets the forecast', async ({ page }) => {
	const errors = collectErrors(page);
	await askForecast(page, { place: 'Sligo' }, (results) =>
		results.includes('"place":"Sligo"') ? 'The forecast arrived after the reload.' : `Got: ${results}`
	);
	await reloadMidTask(page, /Reading the buoys|Running the tide model/);
	await expectAnswer(page, 'The forecast arrived after the reload.');
	expect(errors).toEqual([]);
});

test('the task tool run by hand in the workbench shows its task card until the result', async ({ page }) => {
	const errors = collectErrors(page);
	await connect(page);
	await runTaskByHand(page, {
		server: 'tides',
		tool: 'forecast',
		field: 'place',
		value: 'Arklow',
		result: 'Tide forecast for Arklow'
	});
	expect(errors).toEqual([]);
});
