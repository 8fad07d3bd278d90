/**
 * The agent's settings in the settings dialog change what the agent does: cautious mode asks
 * before any tool not marked read-only, and turning lazy loading off sends every tool in
 * the first request. The choices survive a reload.
 */
import { expect, test } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { startMemoryServer } from '../fixtures/mcp/launchers';
import { collectErrors } from './helpers';
import { chatsSince, openApp, send, waitTurns } from './support/app';

let llm: FakeLlm;
test.beforeAll(async () => {
	llm = await startFakeLlm();
});
test.afterAll(async () => {
	await llm?.close();
});

async function saveAgentSettings(
	page: import('@playwright/test').Page,
	choose: (dialog: import('@playwright/test').Locator) => Promise<void>
) {
	await page.getByTestId('llm-status').click();
	const dialog = page.getByTestId('settings-dialog');
	await expect(dialog).toBeVisible();
	await choose(dialog);
	await dialog.getByTestId('settings-save').click();
	await expect(dialog).toBeHidden();
}

test('cautious mode asks before a tool that is not read-only; lazy loading off offers every tool at once', async ({
	page
}) => {
	const errors = collectErrors(page);
	const memory = await startMemoryServer();
	try {
		const prefix = 'memory_mcp_';
		llm.setScenario({
			steps: [
				{
					toolCalls: [
						{
							name: `${prefix}create_entities`,
							input: { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote programs'] }] }
						}
					]
				},
				{ text: 'Ada is remembered.' }
			]
		});
		await openApp(page, llm, 'anthropic', { mcp: [memory.url] });
		await saveAgentSettings(page, async (dialog) => {
			await dialog.getByTestId('settings-approval-cautious').check();
			await dialog.getByTestId('settings-lazy-tools').uncheck();
		});

		const from = llm.chatRequests().length;
		await send(page, 'Remember Ada.');
		const approval = page.getByTestId('approval');
		await expect(approval).toHaveCount(1);
		await expect(approval).toContainText('create_entities');
		await approval.getByTestId('approve-once').click();
		await waitTurns(page, 1);
		await expect(page.getByTestId('assistant-message').last()).toHaveText('Ada is remembered.');

		// Without lazy loading, the first request already offered the memory server's tools.
		const [first] = chatsSince(llm, from);
		const offered = ((first.body as { tools: Array<{ name: string }> }).tools ?? []).map((tool) => tool.name);
		expect(offered).toContain(`${prefix}create_entities`);
		expect(offered).toContain(`${prefix}read_graph`);

		// The choices are kept on this device.
		await page.reload();
		await page.getByTestId('llm-status').click();
		await expect(page.getByTestId('settings-approval-cautious')).toBeChecked();
		await expect(page.getByTestId('settings-lazy-tools')).not.toBeChecked();
		expect(errors).toEqual([]);
	} finally {
		await memory.stop();
	}
});
