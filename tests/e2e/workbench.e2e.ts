/**
 * The MCP workbench against the real server-everything, over both transports, with no LLM
 * configured: every tool's form renders and runs, results are read per content block, a
 * result goes on the canvas, resources and templates are read, a prompt starts a chat, and a
 * saved collection is re-run after a reload.
 */
import { readFileSync } from 'node:fs';
import { savedCanvas } from './support/app';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectErrors, saveScreenshot } from './helpers';
import { startEverything, type RunningServer } from '../fixtures/mcp/launchers';

test.describe.configure({ mode: 'serial' });

/** Arguments for tools whose schema has required fields without defaults. */
const argsFor: Record<string, Record<string, unknown>> = {
	echo: { message: 'hello workbench' },
	'get-annotated-message': { messageType: 'success', includeImage: true },
	'get-sum': { a: 2, b: 3 },
	'trigger-long-running-operation': { duration: 2, steps: 4 },
	'get-resource-reference': { resourceType: 'Text', resourceId: 1 },
	'get-resource-links': { count: 2 },
	'simulate-research-query': { topic: 'otters' },
	'trigger-sampling-request': { prompt: 'Say hi', maxTokens: 20 },
	'trigger-sampling-request-async': { prompt: 'Say hi later', maxTokens: 20 },
	'trigger-url-elicitation': { url: 'https://example.org/consent' }
};

async function openWorkbench(page: Page, name: string, url: string, add: boolean) {
	await page.getByTestId('mcp-status').click();
	if (add) {
		await page.getByTestId('mcp-add-url').fill(url);
		await page.getByTestId('mcp-add-name').fill(name);
		await page.getByTestId('mcp-add-submit').click();
	}
	const open = page.locator(`[data-testid=open-workbench][data-server="${name}"]`);
	await expect(open).toBeVisible({ timeout: 20_000 });
	await open.click();
	const workbench = page.locator(`[data-testid=workbench][data-server="${name}"]`);
	await expect(workbench).toBeVisible();
	return workbench;
}

async function runWithJson(page: Page, tool: string, args: Record<string, unknown>) {
	const form = page.locator(`[data-testid=tool-form][data-tool="${tool}"]`);
	await form.getByTestId('tool-raw-json').click();
	await form.getByTestId('tool-args-json').fill(JSON.stringify(args));
	await form.getByTestId('tool-run').click();
}

/** Required choices without a default: take the first allowed value. */
async function chooseFirstOptions(form: Locator) {
	for (const select of await form.locator('select').all()) {
		if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
	}
}

for (const mode of ['streamableHttp', 'sse'] as const) {
	test.describe(`server-everything over ${mode}`, () => {
		let everything: RunningServer;
		const name = mode === 'sse' ? 'everything_sse' : 'everything';

		test.beforeAll(async () => {
			everything = await startEverything({ mode });
		});
		test.afterAll(async () => {
			await everything?.stop();
		});

		test('every tool has a form that renders and runs', async ({ page }) => {
			test.setTimeout(240_000);
			const errors = collectErrors(page);
			await page.goto('/');
			// With no model configured, the chat says how to build a canvas anyway.
			await expect(page.getByTestId('no-model-hint')).toContainText('Workbench');
			await page.getByTestId('open-servers-from-empty').click();
			await expect(page.getByTestId('mcp-panel')).toBeVisible();
			await page.keyboard.press('Escape');
			const workbench = await openWorkbench(page, name, everything.url, true);
			const names = await workbench
				.getByTestId('workbench-tool')
				.evaluateAll((items) => items.map((item) => item.getAttribute('data-tool') ?? ''));
			expect(names).toEqual(
				expect.arrayContaining([
					'echo',
					'get-sum',
					'get-tiny-image',
					'get-structured-content',
					'trigger-long-running-operation'
				])
			);
			// Labelled inputs, per-field errors before sending, and a result read per block.
			await workbench.locator('[data-testid=workbench-tool][data-tool="get-sum"]').click();
			const sum = workbench.locator('[data-testid=tool-form][data-tool="get-sum"]');
			await sum.getByLabel('a', { exact: true }).fill('2');
			await sum.getByTestId('tool-run').click();
			await expect(sum.getByTestId('field-error')).toContainText('b is required');
			await expect(workbench.getByTestId('tool-result')).toHaveCount(0);
			await sum.getByLabel('b', { exact: true }).fill('40');
			await sum.getByTestId('tool-run').click();
			await expect(workbench.getByTestId('tool-result')).toContainText('42');
			await expect(workbench.getByTestId('tool-result')).toHaveAttribute('data-kind', 'success');

			await workbench.locator('[data-testid=workbench-tool][data-tool="get-structured-content"]').click();
			const structured = workbench.locator('[data-testid=tool-form][data-tool="get-structured-content"]');
			await chooseFirstOptions(structured);
			await structured.getByTestId('tool-run').click();
			await expect(workbench.getByTestId('output-schema-ok')).toBeVisible();

			await workbench.locator('[data-testid=workbench-tool][data-tool="get-tiny-image"]').click();
			await workbench.locator('[data-testid=tool-form][data-tool="get-tiny-image"]').getByTestId('tool-run').click();
			await expect(workbench.locator('[data-testid=content-block][data-type=image] img')).toBeVisible();

			// Progress notifications drive the bar while a long call runs.
			await workbench.locator('[data-testid=workbench-tool][data-tool="trigger-long-running-operation"]').click();
			await runWithJson(page, 'trigger-long-running-operation', { duration: 3, steps: 3 });
			await expect(workbench.getByTestId('tool-progress')).toContainText('/3');
			await expect(workbench.getByTestId('tool-result')).toContainText('completed', { timeout: 15_000 });
			for (const tool of names) {
				await workbench.locator(`[data-testid=workbench-tool][data-tool="${tool}"]`).click();
				const form = workbench.locator(`[data-testid=tool-form][data-tool="${tool}"]`);
				await expect(form).toBeVisible();
				if (argsFor[tool]) await runWithJson(page, tool, argsFor[tool]);
				else {
					await chooseFirstOptions(form);
					await form.getByTestId('tool-run').click();
				}
				if (tool === 'trigger-sampling-request') {
					// No LLM is configured: the user types the answer the server receives. The card is in
					// the workbench, beside the call made by hand.
					const card = workbench.getByTestId('sampling-request');
					await expect(card).toContainText('Say hi');
					await card.getByTestId('sampling-answer').fill('typed by hand');
					await card.getByTestId('sampling-approve').click();
					await expect(workbench.getByTestId('tool-result')).toContainText('typed by hand');
				}
				if (tool === 'trigger-elicitation-request') {
					const card = workbench.getByTestId('elicitation');
					await card.getByLabel('name', { exact: true }).fill('Ada');
					await card.getByTestId('elicitation-accept').click();
					await expect(workbench.getByTestId('tool-result')).toContainText('Ada');
				}
				// The same requests sent as tasks (the client-side tasks capability): answered on the
				// same cards, then polled to their end by the server.
				if (tool === 'trigger-sampling-request-async') {
					const card = workbench.getByTestId('sampling-request');
					await expect(card).toContainText('Say hi later');
					await card.getByTestId('sampling-answer').fill('typed for the task');
					await card.getByTestId('sampling-approve').click();
					await expect(workbench.getByTestId('tool-result')).toContainText('typed for the task', { timeout: 15_000 });
					await expect(workbench.getByTestId('tool-result')).toContainText('Task created');
				}
				if (tool === 'trigger-elicitation-request-async') {
					await workbench.getByTestId('elicitation').getByTestId('elicitation-decline').click();
					await expect(workbench.getByTestId('tool-result')).toContainText('DECLINED', { timeout: 15_000 });
				}
				if (tool === 'trigger-url-elicitation') {
					await expect(page.getByTestId('elicitation')).toContainText('https://example.org/consent');
					await page.getByTestId('elicitation-decline').click();
				}
				await expect(workbench.getByTestId('tool-result'), tool).toBeVisible({ timeout: 20_000 });
			}

			// The user answers after longer than the call's 1 s timeout: the timeout waits for the user.
			await workbench.locator('[data-testid=workbench-tool][data-tool="trigger-sampling-request"]').click();
			const slow = workbench.locator('[data-testid=tool-form][data-tool="trigger-sampling-request"]');
			await slow.getByLabel('Timeout in seconds').fill('1');
			await runWithJson(page, 'trigger-sampling-request', { prompt: 'Answer slowly', maxTokens: 20 });
			const slowCard = workbench.getByTestId('sampling-request');
			await expect(slowCard).toContainText('Answer slowly');
			await page.waitForTimeout(2500);
			await slowCard.getByTestId('sampling-answer').fill('worth the wait');
			await slowCard.getByTestId('sampling-approve').click();
			await expect(workbench.getByTestId('tool-result')).toContainText('worth the wait');
			await expect(workbench.getByTestId('tool-result')).toHaveAttribute('data-kind', 'success');

			// Cancel sends notifications/cancelled and ends the call at once.
			await workbench.locator('[data-testid=workbench-tool][data-tool="trigger-long-running-operation"]').click();
			await runWithJson(page, 'trigger-long-running-operation', { duration: 30, steps: 30 });
			await expect(workbench.getByTestId('tool-progress')).toBeVisible();
			await workbench.getByTestId('tool-cancel').click();
			await expect(workbench.getByTestId('tool-result')).toHaveAttribute('data-kind', 'protocol-error');
			await expect(workbench.getByTestId('tool-result')).toContainText(/cancel/i);

			await saveScreenshot(page, `workbench-${mode}`);

			// The protocol log lists the calls with their latency; a row opens the raw message.
			await workbench.getByTestId('workbench-close').click();
			await page.getByTestId('console-tab-protocol').click();
			await page.getByTestId('protocol-server').selectOption(name);
			await page.getByTestId('protocol-method').fill('tools/call');
			const response = page
				.locator('[data-testid=protocol-entry][data-method="tools/call"][data-direction=in]')
				.first();
			await expect(response).toContainText(' ms');
			await response.click();
			await expect(page.getByTestId('protocol-raw')).toContainText('content');
			// toggle-simulated-logging ran above: its notifications/message rows carry their level.
			await page.getByTestId('protocol-method').fill('notifications/message');
			await page.getByTestId('protocol-level').selectOption('debug');
			await expect(page.getByTestId('protocol-log-level').first()).toBeVisible({ timeout: 12_000 });
			await page.getByTestId('protocol-level').selectOption('');
			await page.getByTestId('protocol-method').fill('notifications/cancelled');
			await expect(page.locator('[data-testid=protocol-entry][data-direction=out]').first()).toBeVisible();
			await page.getByTestId('protocol-method').fill('sampling/createMessage');
			await expect(page.locator('[data-testid=protocol-entry][data-direction=in]').first()).toBeVisible();
			await page.getByTestId('protocol-open-workbench').click();
			await expect(workbench).toBeVisible();
			// Server requests and log messages are console entries beside the manual calls, and in the trace.
			await workbench.getByTestId('workbench-close').click();
			await page.getByTestId('console-tab-agent').click();
			// Past 300 entries the list shows only the rows in view: search for the rows to check.
			await page.getByTestId('console-search').fill('during a manual call');
			await expect(
				page.locator('[data-testid=console-entry][data-kind=server-request][data-status=ok]').first()
			).toBeVisible();
			await page.getByTestId('console-search').fill('level:');
			await expect(page.locator('[data-testid=console-entry][data-kind=server-log]').first()).toBeVisible();
			await page.getByTestId('console-search').fill('');
			const downloading = page.waitForEvent('download');
			await page.getByTestId('console-export').click();
			const trace = JSON.parse(readFileSync(await (await downloading).path(), 'utf8')) as {
				events: Array<{ type: string; origin?: string; decision?: string; params?: unknown }>;
			};
			expect(trace.events.some((event) => event.type === 'tool-call' && event.origin === 'manual')).toBe(true);
			expect(
				trace.events.filter((event) => event.type === 'server-request').map((event) => JSON.stringify(event.params))
			).toEqual(expect.arrayContaining([expect.stringContaining('Say hi'), expect.stringContaining('Answer slowly')]));
			expect(trace.events.filter((event) => event.type === 'server-response').map((event) => event.decision)).toEqual(
				expect.arrayContaining(['typed', 'accept', 'decline'])
			);
			expect(trace.events.some((event) => event.type === 'server-log')).toBe(true);
			// Over SSE, "auto" first tries Streamable HTTP, which that server answers with 404.
			expect(errors.filter((error) => !(mode === 'sse' && /status of 404/.test(error)))).toEqual([]);
		});

		test('a result shown on the canvas is live: Refresh re-runs its tool through the console path and the source survives a reload', async ({
			page
		}) => {
			await page.goto('/');
			const workbench = await openWorkbench(page, name, everything.url, true);
			await workbench.locator('[data-testid=workbench-tool][data-tool="echo"]').click();
			await runWithJson(page, 'echo', { message: 'live text' });
			await workbench.getByTestId('show-on-canvas').click();
			const widget = page.locator('[data-widget-type=markdown]');
			await expect(widget).toContainText('live text');
			await workbench.getByTestId('workbench-close').click();
			const refresh = widget.getByTestId('widget-refresh');
			await expect(refresh).toBeVisible();
			const calls = page.locator('[data-testid=console-entry][data-kind=tool-call]');
			const before = await calls.count();
			await refresh.click();
			// echo is annotated read-only, so the refresh runs without asking.
			await expect(calls).toHaveCount(before + 1);
			await expect(refresh).toHaveAttribute('data-refreshing', 'false');
			await expect(widget.getByTestId('widget-source-error')).toHaveCount(0);
			await expect(widget).toContainText('live text');
			await expect.poll(() => savedCanvas(page), { timeout: 10_000 }).toEqual([{ type: 'markdown', live: true }]);
			await page.reload();
			await expect(page.locator('[data-widget-type=markdown]').getByTestId('widget-refresh')).toBeVisible();
		});

		test('a result goes on the canvas, and resources, templates and prompts are read', async ({ page }) => {
			await page.goto('/');
			const workbench = await openWorkbench(page, name, everything.url, true);
			await workbench.locator('[data-testid=workbench-tool][data-tool="echo"]').click();
			await runWithJson(page, 'echo', { message: 'on the canvas' });
			await workbench.getByTestId('show-on-canvas').click();
			await expect(page.locator('[data-widget-type=markdown]')).toContainText('on the canvas');

			await workbench.locator('[data-testid=workbench-tool][data-tool="toggle-subscriber-updates"]').click();
			await workbench
				.locator('[data-testid=tool-form][data-tool="toggle-subscriber-updates"]')
				.getByTestId('tool-run')
				.click();
			await expect(workbench.getByTestId('tool-result')).toBeVisible();

			await workbench.getByTestId('workbench-tab-resources').click();
			const first = workbench.getByTestId('resource-item').first();
			await expect(first).toBeVisible();
			// Subscribed resources report notifications/resources/updated (every 5 s here).
			await first.getByTestId('resource-subscribe').click();
			await expect(first.getByTestId('resource-subscribe')).toHaveText('Unsubscribe');
			await expect(workbench.getByTestId('resource-updates')).toBeVisible({ timeout: 15_000 });
			await first.locator('button').first().click();
			await expect(workbench.getByTestId('resource-contents')).toBeVisible();
			await workbench.getByTestId('resource-show-on-canvas').click();
			await expect(
				page.locator('[data-widget-type=markdown], [data-widget-type=json], [data-widget-type=code]')
			).toHaveCount(2);
			const template = workbench.getByTestId('template-item').first();
			await template.locator('button').click();
			await workbench.getByTestId('template-form').locator('input').first().fill('1');
			await workbench.getByTestId('template-read').click();
			await expect(workbench.getByTestId('resource-contents')).toHaveAttribute('data-uri', /1/);

			await workbench.getByTestId('workbench-tab-prompts').click();
			// Completions: the server suggests departments as the user types.
			const completable = workbench.locator('[data-testid=prompt-item][data-prompt=completable-prompt]');
			await completable.click();
			await workbench.getByTestId('prompt-form').locator('input').first().fill('E');
			await expect(workbench.getByTestId('prompt-form').locator('datalist option').first()).toBeAttached();
			const prompt = workbench.getByTestId('prompt-item').first();
			await prompt.click();
			await workbench.getByTestId('prompt-get').click();
			await expect(workbench.getByTestId('prompt-messages')).toBeVisible();
			// No model is configured in this journey: Use in chat says so at once and sends nothing.
			await workbench.getByTestId('prompt-use-in-chat').click();
			await expect(workbench.getByTestId('prompt-use-in-chat-status')).toHaveAttribute('data-sent', 'false');
			await expect(page.getByTestId('user-message')).toHaveCount(0);

			// The Server tab: ping, the log level, and roots the server then lists.
			await workbench.getByTestId('workbench-tab-server').click();
			await workbench.getByTestId('server-ping').click();
			await expect(workbench.getByTestId('server-pane-status')).toContainText('Ping: done');
			await workbench.getByTestId('log-level').selectOption('error');
			await workbench.getByTestId('log-level-set').click();
			await expect(workbench.getByTestId('server-pane-status')).toContainText('Log level error: done');
			await workbench.getByTestId('root-uri').fill('file:///home/ada/project');
			await workbench.getByTestId('root-add').click();
			await expect(workbench.getByTestId('roots')).toContainText('file:///home/ada/project');
			await workbench.getByTestId('workbench-tab-tools').click();
			await workbench.locator('[data-testid=workbench-tool][data-tool="get-roots-list"]').click();
			await workbench.locator('[data-testid=tool-form][data-tool="get-roots-list"]').getByTestId('tool-run').click();
			await expect(workbench.getByTestId('tool-result')).toContainText('file:///home/ada/project');
		});

		test('a saved collection is re-run after a reload', async ({ page }) => {
			await page.goto('/');
			let workbench = await openWorkbench(page, name, everything.url, true);
			await workbench.locator('[data-testid=workbench-tool][data-tool="get-sum"]').click();
			const sum = workbench.locator('[data-testid=tool-form][data-tool="get-sum"]');
			await sum.getByLabel('a', { exact: true }).fill('20');
			await sum.getByLabel('b', { exact: true }).fill('22');
			await workbench.getByTestId('save-name').fill('answer');
			await workbench.getByTestId('save-collection').fill(`Maths ${mode}`);
			await sum.getByTestId('tool-save').click();
			await workbench.locator('[data-testid=workbench-tool][data-tool="echo"]').click();
			await workbench
				.locator('[data-testid=tool-form][data-tool="echo"]')
				.getByLabel('message', { exact: true })
				.fill('saved echo');
			await workbench.getByTestId('save-name').fill('greeting');
			await workbench.getByTestId('save-collection').fill(`Maths ${mode}`);
			await workbench.locator('[data-testid=tool-form][data-tool="echo"]').getByTestId('tool-save').click();

			await page.reload();
			workbench = await openWorkbench(page, name, everything.url, false);
			await workbench.getByTestId('workbench-tab-saved').click();
			const collection = workbench.locator(`[data-testid=saved-collection][data-collection="Maths ${mode}"]`);
			await expect(collection.getByTestId('saved-call')).toHaveCount(2);
			await collection.getByTestId('saved-run-all').click();
			await expect(
				collection.locator('[data-testid=saved-call][data-name=answer] [data-testid=tool-result]')
			).toContainText('42');
			await expect(
				collection.locator('[data-testid=saved-call][data-name=greeting] [data-testid=tool-result]')
			).toContainText('saved echo');

			// Export, then import into the same server: the calls come back as copies.
			const download = page.waitForEvent('download');
			await workbench.getByTestId('saved-export').click();
			const file = await (await download).path();
			await workbench.getByTestId('saved-import').setInputFiles(file!);
			await expect(collection.getByTestId('saved-call')).toHaveCount(4);

			// Edit opens the tool's form with the saved arguments.
			await collection.locator('[data-testid=saved-call][data-name=answer]').first().getByTestId('saved-edit').click();
			await expect(
				workbench.locator('[data-testid=tool-form][data-tool="get-sum"]').getByLabel('a', { exact: true })
			).toHaveValue('20');
		});
	});
}
