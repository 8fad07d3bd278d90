/**
 * The chat in the real browser against the fake LLM: streamed text, provider faults (a 429
 * that is retried, a stream cut mid-way) and Stop during a slow turn or a slow tool (approvals,
 * history and widget clicks are in chat-actions.e2e.ts). Every test checks what the user sees
 * and what the fake model was sent.
 */
import { expect, test } from '@playwright/test';
import { startFakeLlm, type FakeLlm, type WireFormat } from '../fixtures/fake-llm';
import { startFixtureServer } from '../fixtures/mcp/launchers';
import { collectErrors } from './helpers';
import {
	attachRequestsOnFailure,
	chatsSince,
	messagesOf,
	openApp,
	send,
	textOf,
	turnsDone,
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

for (const format of ['anthropic', 'openai'] as WireFormat[]) {
	test(`${format}: a 429 is retried after retry-after, shown in the console, and the turn completes`, async ({
		page
	}) => {
		const errors = collectErrors(page);
		llm.setScenario({ steps: [{ error: { status: 429, retryAfter: 1 } }, { text: 'Back after the rate limit.' }] });
		await openApp(page, llm, format);
		const from = llm.chatRequests().length;
		await send(page, 'Hello there');

		const retry = page.locator('[data-testid=console-entry][data-kind=retry]');
		await expect(retry).toHaveCount(1);
		await waitTurns(page, 1);
		await expect(turnsDone(page)).toHaveAttribute('data-reason', 'end_turn');
		await expect(page.getByTestId('assistant-message')).toHaveText('Back after the rate limit.');
		await expect(page.getByTestId('chat-error')).toHaveCount(0);

		const chats = chatsSince(llm, from);
		expect(chats.map((request) => request.status)).toEqual([429, 200]);
		// retry-after: 1 was honoured.
		expect(chats[1].receivedAt - chats[0].receivedAt).toBeGreaterThanOrEqual(950);
		await retry.click();
		await expect(page.getByTestId('console-detail')).toContainText('429');
		expect(errors.filter((error) => !/status of 429/.test(error))).toEqual([]);
	});
}

for (const format of ['anthropic', 'openai'] as WireFormat[]) {
	test(`${format}: a stream cut mid-way ends with a clear error, keeps the history, and the next message works`, async ({
		page
	}) => {
		const errors = collectErrors(page);
		llm.setScenario({
			steps: [
				{ text: 'The first answer, complete.' },
				{
					text: ['Half of the second ', 'answer arrives, ', 'then the connection ', 'drops.'],
					cutAfterEvents: 5,
					chunkDelayMs: 40
				},
				{ text: 'The third answer, after the cut.' }
			]
		});
		await openApp(page, llm, format);
		const from = llm.chatRequests().length;
		await send(page, 'First question');
		await waitTurns(page, 1);
		await send(page, 'Second question');
		await waitTurns(page, 2);

		const error = page.getByTestId('chat-error');
		await expect(error).toHaveCount(1);
		await expect(error).toBeVisible();
		await expect(turnsDone(page).nth(1)).toHaveAttribute('data-reason', 'error');
		await expect(page.locator('[data-testid=console-entry][data-kind=error]')).toHaveCount(1);
		// The history is intact: both questions and the first answer are still shown.
		await expect(page.getByTestId('user-message')).toHaveText([/First question/, /Second question/]);
		await expect(page.getByTestId('assistant-message').first()).toHaveText('The first answer, complete.');
		// What arrived before the cut stays readable above the error.
		await expect(page.getByTestId('assistant-message').nth(1)).toContainText('Half of the second');
		await expect(error).toContainText(/cut off|broke off/);

		await send(page, 'Third question');
		await waitTurns(page, 3);
		await expect(page.getByTestId('assistant-message')).toHaveText([
			'The first answer, complete.',
			/^Half of the second/,
			'The third answer, after the cut.'
		]);
		await expect(turnsDone(page).nth(2)).toHaveAttribute('data-reason', 'end_turn');

		const chats = chatsSince(llm, from);
		expect(chats.map((request) => request.status)).toEqual([200, 200, 200]);
		// The request after the cut was valid (the fake checks roles and pairing) and carries the conversation.
		const texts = messagesOf(chats[2])
			.filter((message) => message.role !== 'system')
			.map((message) => `${message.role}: ${textOf(message.content)}`);
		expect(texts[0]).toBe('user: First question');
		expect(texts[1]).toBe('assistant: The first answer, complete.');
		expect(texts.some((text) => text.includes('Second question'))).toBe(true);
		expect(texts.at(-1)).toContain('Third question');
		// The browser logs the broken response itself; nothing else may fail.
		expect(errors.filter((error) => !/ERR_INCOMPLETE_CHUNKED_ENCODING/.test(error))).toEqual([]);
	});
}

const streamedWords = Array.from({ length: 24 }, (_, i) => `word${i + 1} `);

for (const format of ['anthropic', 'openai'] as WireFormat[]) {
	test(`${format}: text streams into the chat piece by piece`, async ({ page }) => {
		const errors = collectErrors(page);
		llm.setScenario({ steps: [{ text: streamedWords, chunkDelayMs: 50 }] });
		await openApp(page, llm, format);
		await send(page, 'Tell me something long');

		// Read the message on every frame: the first text seen must be a strict prefix of the answer.
		const partial = await page
			.waitForFunction(() => {
				const message = document.querySelector('[data-testid=assistant-message]');
				const text = message?.textContent?.trim() ?? '';
				return text ? { text, streaming: message!.getAttribute('data-streaming') } : null;
			})
			.then((handle) => handle.jsonValue() as Promise<{ text: string; streaming: string }>);
		const full = streamedWords.join('').trim();
		expect(partial.streaming).toBe('true');
		expect(partial.text.length).toBeLessThan(full.length);
		expect(full.startsWith(partial.text)).toBe(true);

		await waitTurns(page, 1);
		await expect(page.getByTestId('assistant-message')).toHaveText(full);
		await expect(page.getByTestId('assistant-message')).toHaveAttribute('data-streaming', 'false');
		expect(errors).toEqual([]);
	});

	test(`${format}: Stop during a slow turn ends it at once and the next message works`, async ({ page }) => {
		const errors = collectErrors(page);
		llm.setScenario({
			steps: [{ text: streamedWords, chunkDelayMs: 400 }, { text: 'Answer after the stop.' }]
		});
		await openApp(page, llm, format);
		const from = llm.chatRequests().length;
		await send(page, 'A slow question');
		await expect(page.getByTestId('assistant-message')).toContainText('word1');
		await page.getByTestId('stop').click();
		// The remaining words would take about eight seconds; the turn ends well before.
		await expect(turnsDone(page)).toHaveAttribute('data-reason', 'aborted', { timeout: 2_000 });
		await expect(page.getByTestId('send')).toBeVisible({ timeout: 1_000 });
		await expect(page.getByTestId('assistant-message')).not.toContainText('word24');
		await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1);
		// The HTTP stream was cancelled, not left running.
		await expect.poll(() => chatsSince(llm, from)[0]?.clientClosed, { timeout: 5_000 }).toBe(true);

		await send(page, 'And now?');
		await waitTurns(page, 2);
		await expect(turnsDone(page).nth(1)).toHaveAttribute('data-reason', 'end_turn');
		await expect(page.getByTestId('assistant-message').last()).toHaveText('Answer after the stop.');
		const chats = chatsSince(llm, from);
		expect(chats.map((request) => request.status)).toEqual([200, 200]);
		const texts = messagesOf(chats[1])
			.filter((message) => message.role !== 'system')
			.map((message) => `${message.role}: ${textOf(message.content)}`);
		expect(texts[0]).toContain('A slow question');
		expect(texts.at(-1)).toContain('And now?');
		expect(errors).toEqual([]);
	});
}

test('Stop while a slow tool runs cancels the call at once, and the next request pairs every tool call with a result', async ({
	page
}) => {
	const errors = collectErrors(page);
	const fixture = await startFixtureServer();
	try {
		const prefix = 'fixture_mcp_';
		llm.setScenario({
			steps: [
				{ toolCalls: [{ name: `${prefix}list_tools`, input: {} }] },
				{
					toolCalls: [
						{ name: `${prefix}sleep`, input: { ms: 20_000, steps: 20 } },
						{ name: `${prefix}echo`, input: { text: 'quick' } }
					]
				},
				{ text: 'Fine, no waiting then.' }
			]
		});
		await openApp(page, llm, 'anthropic', { mcp: [fixture.url] });
		const from = llm.chatRequests().length;
		await send(page, 'Take your time.');
		const sleeping = page.locator('[data-testid=tool-chip]', { hasText: 'sleep' });
		await expect(sleeping).toHaveAttribute('data-status', 'running');
		await expect(page.locator('[data-testid=tool-chip][data-status=done]', { hasText: 'echo' })).toHaveCount(1);
		await page.getByTestId('stop').click();
		// The call would run for twenty seconds; the turn ends at once.
		await expect(turnsDone(page)).toHaveAttribute('data-reason', 'aborted', { timeout: 2_000 });
		await expect(sleeping).toHaveAttribute('data-status', 'cancelled');

		await send(page, 'Never mind.');
		await waitTurns(page, 2);
		await expect(page.getByTestId('assistant-message').last()).toHaveText('Fine, no waiting then.');
		const chats = chatsSince(llm, from);
		expect(chats.map((request) => request.status)).toEqual([200, 200, 200]);
		// Both calls of the stopped iteration have their result (the fake checks the pairing too).
		const results = messagesOf(chats[2]).flatMap(
			(message) => (Array.isArray(message.content) ? message.content : []) as Array<{ type: string; content?: unknown }>
		);
		expect(results.filter((block) => block.type === 'tool_use')).toHaveLength(3);
		expect(results.filter((block) => block.type === 'tool_result')).toHaveLength(3);
		expect(errors).toEqual([]);
	} finally {
		await fixture.stop();
	}
});
