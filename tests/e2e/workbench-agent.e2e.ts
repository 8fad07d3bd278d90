/**
 * Server requests where their call was made: the fake model calls server-everything's sampling
 * tool; the sampling card appears in the chat beside the call, Approve runs the configured
 * (fake) model, the server gets its answer, the console has the request with its decision; the
 * console entry then opens the same call, arguments filled, in the workbench. An elicitation
 * during the agent's call is a form in the chat. A request whose view (the workbench) was
 * closed waits in the dock and is answered there.
 */
import { expect, test } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { collectErrors } from './helpers';
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

test('a sampling request during an agent call needs approval, runs the model, and the call opens in the workbench', async ({
	page
}) => {
	const errors = collectErrors(page);
	llm.setScenario({
		steps: [
			{
				text: 'Asking the server.',
				toolCalls: [
					{ name: 'everything_mcp_trigger-sampling-request', input: { prompt: 'Name a colour', maxTokens: 30 } }
				]
			},
			// The server's sampling request, run on the same model once the user approved it.
			{ text: 'teal' },
			(request) => ({
				text: request.toolResults.some((result) => result.content.includes('teal'))
					? 'The server heard teal.'
					: 'No answer reached the server.'
			})
		]
	});
	await page.goto(`/?provider=anthropic&baseUrl=${encodeURIComponent(llm.url)}&model=workbench-model`);
	await acceptAgentLink(page);
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
	await page.getByTestId('mcp-status').click();
	await page.getByTestId('mcp-add-url').fill(everything.url);
	await page.getByTestId('mcp-add-name').fill('everything');
	await page.getByTestId('mcp-add-submit').click();
	await expect(page.locator('[data-testid=open-workbench][data-server=everything]')).toBeVisible({ timeout: 20_000 });
	await page.keyboard.press('Escape');

	await page.getByTestId('chat-input').fill('Ask the everything server to sample a colour.');
	await page.getByTestId('send').click();
	// The card is in the chat, beside the agent's call; nothing waits in the dock.
	const card = page.getByRole('log', { name: 'Conversation' }).getByTestId('sampling-request');
	await expect(card).toContainText('Name a colour');
	await expect(page.getByTestId('server-requests-dock')).toHaveCount(0);
	await card.getByTestId('sampling-approve').click();
	await expect(page.getByTestId('assistant-message').last()).toContainText('The server heard teal.', {
		timeout: 20_000
	});
	await expect(page.locator('[data-testid=chat-server-request][data-decision=approved]')).toBeVisible();
	// The request and its answer are a console entry of the same turn.
	const entry = page.locator('[data-testid=console-entry][data-kind=server-request]');
	await expect(entry).toHaveAttribute('data-status', 'ok');
	await entry.click();
	await expect(page.getByTestId('console-server-decision')).toHaveText('approved');
	await expect(page.getByTestId('console-server-request')).toContainText('Name a colour');
	await expect(page.getByTestId('console-server-response')).toContainText('teal');

	await page.locator('[data-testid=console-entry][data-kind=tool-call]').first().click();
	await page.getByTestId('console-open-workbench').click();
	const form = page.locator(
		'[data-testid=workbench][data-server=everything] [data-testid=tool-form][data-tool=trigger-sampling-request]'
	);
	await expect(form).toBeVisible();
	await expect(form.getByLabel('prompt', { exact: true })).toHaveValue('Name a colour');
	expect(errors).toEqual([]);
});

test('an elicitation during an agent call is a form in the chat; the answer reaches the server and the model', async ({
	page
}) => {
	const errors = collectErrors(page);
	llm.setScenario({
		steps: [
			{
				text: 'Asking you through the server.',
				toolCalls: [{ name: 'everything_mcp_trigger-elicitation-request', input: {} }]
			},
			(request) => ({
				text: request.toolResults.some((result) => result.content.includes('Ada'))
					? 'The server got Ada.'
					: 'No answer reached the server.'
			})
		]
	});
	await page.goto(`/?provider=anthropic&baseUrl=${encodeURIComponent(llm.url)}&model=workbench-model`);
	await acceptAgentLink(page);
	await page.getByTestId('mcp-status').click();
	await page.getByTestId('mcp-add-url').fill(everything.url);
	await page.getByTestId('mcp-add-name').fill('everything');
	await page.getByTestId('mcp-add-submit').click();
	await expect(page.locator('[data-testid=open-workbench][data-server=everything]')).toBeVisible({ timeout: 20_000 });
	await page.keyboard.press('Escape');

	await page.getByTestId('chat-input').fill('Ask me something through the everything server.');
	await page.getByTestId('send').click();
	const card = page.getByRole('log', { name: 'Conversation' }).getByTestId('elicitation');
	await card.getByLabel('name', { exact: true }).fill('Ada');
	await card.getByTestId('elicitation-accept').click();
	await expect(page.getByTestId('assistant-message').last()).toContainText('The server got Ada.', { timeout: 20_000 });
	await expect(page.locator('[data-testid=chat-server-request][data-decision=accept]')).toBeVisible();
	await expect(page.locator('[data-testid=console-entry][data-kind=server-request]')).toHaveAttribute(
		'data-status',
		'ok'
	);
	expect(errors).toEqual([]);
});

test('a request whose view is closed is never silent: with the workbench closed, it waits in the dock and is answered there', async ({
	page
}) => {
	const errors = collectErrors(page);
	await page.goto('/');
	await page.getByTestId('mcp-status').click();
	await page.getByTestId('mcp-add-url').fill(everything.url);
	await page.getByTestId('mcp-add-name').fill('everything');
	await page.getByTestId('mcp-add-submit').click();
	await page.locator('[data-testid=open-workbench][data-server=everything]').click({ timeout: 20_000 });
	const workbench = page.locator('[data-testid=workbench][data-server=everything]');
	await workbench.locator('[data-testid=workbench-tool][data-tool="trigger-elicitation-request"]').click();
	await workbench
		.locator('[data-testid=tool-form][data-tool="trigger-elicitation-request"]')
		.getByTestId('tool-run')
		.click();
	await expect(workbench.getByTestId('elicitation')).toBeVisible();
	await workbench.getByTestId('workbench-close').click();
	const docked = page.getByTestId('server-requests-dock').getByTestId('elicitation');
	await expect(docked).toBeVisible();
	await docked.getByTestId('elicitation-decline').click();
	await expect(page.getByTestId('server-requests-dock')).toHaveCount(0);
	await expect(page.locator('[data-testid=console-entry][data-kind=server-request]')).toHaveAttribute(
		'data-status',
		'warning'
	);
	await expect(page.locator('[data-testid=console-entry][data-kind=server-request]')).toContainText('decline');
	expect(errors).toEqual([]);
});
