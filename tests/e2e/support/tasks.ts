/**
 * Steps the task journeys of both protocol revisions share: the model's answer, Cancel on the
 * task card, a reload while the task runs, and a task tool run by hand in the workbench.
 */
import { expect, type Page } from '@playwright/test';

/** The task card beside the call in the chat. */
export function chatTaskCard(page: Page) {
	return page.getByRole('log', { name: 'Conversation' }).getByTestId('task-card');
}

/** The model's last answer contains `text`. */
export async function expectAnswer(page: Page, text: string): Promise<void> {
	await expect(page.getByTestId('assistant-message').last()).toContainText(text, { timeout: 20_000 });
}

/** Presses Cancel on the working task's card; the card then says cancelled. */
export async function cancelOnTaskCard(page: Page): Promise<void> {
	const card = chatTaskCard(page);
	await expect(card.getByTestId('task-status')).toHaveText('working', { timeout: 15_000 });
	await card.getByTestId('task-cancel').click();
	await expect(card.getByTestId('task-status')).toHaveText('cancelled', { timeout: 10_000 });
}

/** Reloads once the task shows one of its `stages`; the card comes back and completes. */
export async function reloadMidTask(page: Page, stages: RegExp): Promise<void> {
	const log = page.getByRole('log', { name: 'Conversation' });
	await expect(log.getByTestId('task-status')).toHaveText('working', { timeout: 15_000 });
	await expect(log.getByTestId('task-message')).toHaveText(stages, { timeout: 15_000 });
	await page.reload();
	await expect(chatTaskCard(page).getByTestId('task-status')).toHaveText('completed', { timeout: 30_000 });
}

/** Runs `tool` of `server` by hand with `field` = `value`: its form shows the task card until `result` is shown. */
export async function runTaskByHand(
	page: Page,
	call: { server: string; tool: string; field: string; value: string; result: string }
): Promise<void> {
	await page.getByTestId('mcp-status').click();
	await page.locator(`[data-testid=open-workbench][data-server=${call.server}]`).click();
	const workbench = page.locator(`[data-testid=workbench][data-server=${call.server}]`);
	await workbench.locator(`[data-testid=workbench-tool][data-tool="${call.tool}"]`).click();
	const form = workbench.locator(`[data-testid=tool-form][data-tool="${call.tool}"]`);
	await form.getByLabel(call.field, { exact: true }).fill(call.value);
	await form.getByTestId('tool-run').click();
	await expect(form.getByTestId('task-status')).toHaveText('working', { timeout: 15_000 });
	// One Cancel per task: the task card's, not a second one beside Run.
	await expect(form.getByRole('button', { name: 'Cancel' })).toHaveCount(1);
	await expect(form.getByTestId('task-status')).toHaveText('completed', { timeout: 20_000 });
	await expect(workbench.getByTestId('tool-result').first()).toContainText(call.result);
}
