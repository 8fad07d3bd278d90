/**
 * The chat in the real browser against the fake LLM, continued: approvals for a destructive
 * tool on a real MCP server, history across a reload, and widget buttons whose clicks arrive
 * as user messages. Every test checks what the user sees and what the fake model was sent.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { startFakeLlm, type FakeLlm, type FakeRequestView, type FakeTurn } from '../fixtures/fake-llm';
import { startMemoryServer } from '../fixtures/mcp/launchers';
import { collectErrors } from './helpers';
import {
	attachRequestsOnFailure,
	chatsSince,
	openApp,
	send,
	textOf,
	turnsDone,
	waitReady,
	waitTurns
} from './support/app';

let llm: FakeLlm;
test.beforeAll(async () => {
	llm = await startFakeLlm();
});
test.afterAll(async () => {
	await llm?.close();
});

test.use({ viewport: { width: 1500, height: 950 } });

attachRequestsOnFailure(() => llm);

/** The text of the single tool result a request carries (the step functions read it). */
function onlyResult(request: FakeRequestView): string {
	return request.toolResults.map((result) => `${result.isError ? 'ERROR ' : ''}${result.content}`).join('\n');
}
test('approval prompts for a destructive tool: deny, allow once, always allow', async ({ page }) => {
	test.setTimeout(60_000);
	const errors = collectErrors(page);
	const memory = await startMemoryServer();
	try {
		// The server is named from its serverInfo ("memory-server" → memory); its tools carry that prefix.
		const prefix = 'memory_mcp_';
		const seen: string[] = [];
		const call = (name: string, input: Record<string, unknown>): FakeTurn => ({
			toolCalls: [{ name: `${prefix}${name}`, input }]
		});
		const remember = (name: string) =>
			call('create_entities', { entities: [{ name, entityType: 'person', observations: ['likes charts'] }] });
		const forget = (...names: string[]) => call('delete_entities', { entityNames: names });
		const answer =
			(text: string) =>
			(request: FakeRequestView): FakeTurn => {
				seen.push(onlyResult(request));
				return { text };
			};
		llm.setScenario({
			steps: [
				// Turn 1: discover the server's tools, remember Alice, try to forget her (denied).
				call('list_tools', {}),
				remember('Alice'),
				forget('Alice'),
				answer('I did not delete Alice.'),
				// Turn 2: allowed once.
				forget('Alice'),
				answer('Alice is forgotten.'),
				// Turn 3: always allow; turn 4 then runs without asking.
				forget('Bob'),
				answer('Bob is forgotten.'),
				forget('Carol'),
				answer('Carol is forgotten too.')
			]
		});
		await openApp(page, llm, 'anthropic', { mcp: [memory.url] });
		const approvals = page.getByTestId('approval');
		const memoryText = () => {
			try {
				return readFileSync(memory.memoryFile, 'utf8');
			} catch {
				return '';
			}
		};

		await send(page, 'Remember Alice, then forget her.');
		await expect(approvals).toHaveCount(1);
		await expect(approvals).toContainText('delete_entities');
		await expect(approvals).toContainText('destructive');
		await expect(page.locator('[data-testid=tool-chip][data-status=waiting]')).toHaveCount(1);
		expect(memoryText()).toContain('Alice');
		await approvals.getByTestId('deny').click();
		await waitTurns(page, 1);
		// A decided prompt leaves the chat; the chip shows the outcome.
		await expect(approvals).toHaveCount(0);
		await expect(page.locator('[data-testid=tool-chip][data-status=denied]')).toContainText('delete_entities');
		expect(seen[0]).toContain('The user denied this call.');
		expect(memoryText()).toContain('Alice');
		await expect(page.locator('[data-testid=console-entry][data-kind=approval]').first()).toBeVisible();

		await send(page, 'Delete her anyway.');
		await expect(approvals).toHaveCount(1);
		await approvals.getByTestId('approve-once').click();
		await waitTurns(page, 2);
		await expect(page.locator('[data-testid=tool-chip][data-status=done]', { hasText: 'delete_entities' })).toHaveCount(
			1
		);
		expect(seen[1]).not.toContain('ERROR');
		expect(seen[1]).toMatch(/deleted|success/i);
		expect(memoryText()).not.toContain('Alice');

		await send(page, 'Forget Bob.');
		await expect(approvals).toHaveCount(1);
		await approvals.getByTestId('approve-always').click();
		await waitTurns(page, 3);
		expect(seen[2]).not.toContain('ERROR');

		await send(page, 'Forget Carol.');
		await waitTurns(page, 4);
		// No new prompt: the tool is allowed for the rest of the session.
		await expect(page.locator('[data-testid=console-entry][data-kind=approval]')).toHaveCount(3);
		expect(seen[3]).not.toContain('ERROR');
		await expect(page.getByTestId('assistant-message').last()).toHaveText('Carol is forgotten too.');
		expect(
			llm
				.chatRequests()
				.slice(-10)
				.map((request) => request.status)
		).toEqual(Array(10).fill(200));
		expect(errors).toEqual([]);
	} finally {
		await memory.stop();
	}
});

test('the chat history persists across a reload and the next turn continues it', async ({ page }) => {
	const errors = collectErrors(page);
	const countSql = 'SELECT count(*) AS cars FROM cars';
	llm.setScenario({
		steps: [
			{ toolCalls: [{ name: 'datasets_mcp_search_recipes', input: { query: 'count rows' } }] },
			{ toolCalls: [{ name: 'datasets_mcp_query_sql', input: { sql: countSql } }] },
			(request) => ({ text: `The data set has ${JSON.parse(request.toolResults[0].content).rows[0].cars} cars.` }),
			{ text: 'Most of them are American.' }
		]
	});
	await openApp(page, llm, 'anthropic');
	const from = llm.chatRequests().length;
	await send(page, 'How many cars are there?');
	await waitTurns(page, 1);
	const answer = (await page.getByTestId('assistant-message').textContent())?.trim();
	expect(answer).toMatch(/^The data set has \d+ cars\.$/);

	await page.reload();
	await waitReady(page);
	await expect(page.getByTestId('user-message')).toHaveText([/How many cars are there\?/]);
	await expect(page.getByTestId('assistant-message')).toHaveText([answer!]);
	await expect(page.locator('[data-testid=tool-chip][data-status=done]')).toHaveCount(2);
	await expect(turnsDone(page)).toHaveCount(1);
	// The console was restored with the conversation.
	await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1);
	await expect(page.locator('[data-testid=console-entry][data-kind=tool-result]')).toHaveCount(2);

	await send(page, 'Where do they come from?');
	await waitTurns(page, 2);
	await expect(page.getByTestId('assistant-message').last()).toHaveText('Most of them are American.');
	const chats = chatsSince(llm, from);
	// The request after the reload is valid: the tools the history used are still offered.
	expect(chats.map((request) => request.status)).toEqual([200, 200, 200, 200]);
	const after = chats[3].body as {
		tools: Array<{ name: string }>;
		messages: Array<{ role: string; content: unknown }>;
	};
	const before = chats[2].body as { tools: Array<{ name: string }> };
	expect(after.tools.map((tool) => tool.name)).toEqual(before.tools.map((tool) => tool.name));
	expect(after.messages.map((message) => message.role)).toEqual([
		'user',
		'assistant',
		'user',
		'assistant',
		'user',
		'assistant',
		'user'
	]);
	expect(JSON.stringify(after.messages)).toContain(countSql);
	expect(textOf(after.messages.at(-1)!.content)).toBe('Where do they come from?');
	expect(errors).toEqual([]);
});

test('clicks on actions and choice widgets arrive as user messages', async ({ page }) => {
	const errors = collectErrors(page);
	const received: string[] = [];
	const reply =
		(text: string) =>
		(request: FakeRequestView): FakeTurn => {
			received.push(request.lastUserText);
			return { text };
		};
	llm.setScenario({
		steps: [
			{
				toolCalls: [
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'actions',
							params: {
								prompt: 'What next?',
								actions: [
									{ label: 'By region', message: 'Show the same figures broken down by region.', variant: 'primary' },
									{ label: 'Compare with 2023', message: 'Compare these figures with 2023.' }
								]
							}
						}
					},
					{
						name: 'autoui_webmcp_widget_display',
						input: {
							name: 'choice',
							params: {
								question: 'Which period?',
								options: [{ label: 'Last quarter', value: 'Use the last quarter.' }, 'This year']
							}
						}
					}
				]
			},
			reply('Pick a next step on the canvas.'),
			reply('Here it is by region.'),
			reply('Using the last quarter.')
		]
	});
	await openApp(page, llm, 'anthropic');
	await send(page, 'Offer me some next steps.');
	await waitTurns(page, 1);
	const actions = page.locator('[data-widget-type=actions]');
	const choice = page.locator('[data-widget-type=choice]');
	await expect(actions).toHaveCount(1);
	await expect(choice).toHaveCount(1);

	// One click, as a user would: the first click on a fresh widget must count.
	await actions.getByRole('button', { name: 'By region' }).click();
	await waitTurns(page, 2);
	await expect(page.getByTestId('user-message').last()).toHaveText(/Show the same figures broken down by region\./);
	expect(received[1]).toBe('Show the same figures broken down by region.');

	await choice.getByLabel('Last quarter').check();
	await choice.getByRole('button', { name: 'Send' }).click();
	await waitTurns(page, 3);
	await expect(page.getByTestId('user-message').last()).toHaveText(/Use the last quarter\./);
	expect(received[2]).toBe('Use the last quarter.');
	await expect(page.getByTestId('assistant-message').last()).toHaveText('Using the last quarter.');
	expect(errors).toEqual([]);
});
