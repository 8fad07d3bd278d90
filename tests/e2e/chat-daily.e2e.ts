/**
 * The chat as people use it every day, against the fake LLM: copy buttons on answers and code
 * blocks, highlighted code, the guard for huge pastes, long messages that collapse, Escape to
 * stop a streaming answer, and the page's landmarks and skip link.
 */
import { expect, test } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { collectErrors } from './helpers';
import { attachRequestsOnFailure, openApp, send, turnsDone, waitTurns } from './support/app';

let llm: FakeLlm;
test.beforeAll(async () => {
	llm = await startFakeLlm();
});
test.afterAll(async () => {
	await llm?.close();
});

test.use({ viewport: { width: 1400, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });

attachRequestsOnFailure(() => llm);

const clipboard = (page: import('@playwright/test').Page) => page.evaluate(() => navigator.clipboard.readText());

test('answers and code blocks have copy buttons, and chat code is highlighted', async ({ page }) => {
	const errors = collectErrors(page);
	const answer =
		'Here is the query:\n\n```sql\nSELECT origin, avg(horsepower) FROM cars GROUP BY origin;\n```\n\nIt groups by origin.';
	llm.setScenario({ steps: [{ text: answer }] });
	await openApp(page, llm, 'anthropic', { waitForMcp: false });
	await send(page, 'Show me the SQL');
	await waitTurns(page, 1);

	const message = page.getByTestId('assistant-message');
	await expect(message.locator('pre code .hljs-keyword').first()).toHaveText(/SELECT/i);
	await message.getByTestId('copy-code').click();
	await expect(message.getByTestId('copy-code')).toHaveText('Copied');
	expect(await clipboard(page)).toBe('SELECT origin, avg(horsepower) FROM cars GROUP BY origin;\n');

	await page.getByTestId('copy-answer').click();
	await expect(page.getByTestId('copy-answer')).toHaveText('Copied');
	expect(await clipboard(page)).toBe(answer);
	expect(errors).toEqual([]);
});

test('a huge paste asks first with its size, and long messages collapse with "show more"', async ({ page }) => {
	llm.setScenario({ steps: [{ text: 'Received.' }] });
	await openApp(page, llm, 'openai', { waitForMcp: false });
	const input = page.getByTestId('chat-input');
	const big = 'row,value\n'.repeat(3_000);
	const paste = (text: string) =>
		input.evaluate((element, value) => {
			const data = new DataTransfer();
			data.setData('text/plain', value);
			element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
		}, text);

	await paste(big);
	const guard = page.getByTestId('paste-guard');
	await expect(guard).toContainText('Paste 30,000 characters (3,001 lines, about 7,500 tokens)?');
	await page.getByTestId('paste-cancel').click();
	await expect(guard).toHaveCount(0);
	await expect(input).toHaveValue('');

	await paste(big);
	await page.getByTestId('paste-confirm').click();
	await expect(input).toHaveValue(big);
	await page.getByTestId('send').click();
	await waitTurns(page, 1);

	const toggle = page.getByTestId('toggle-long-message');
	// The message is sent trimmed (without its last newline).
	await expect(toggle).toHaveText('Show more (29,999 characters)');
	const bubble = page.getByTestId('user-message').locator('.bubble');
	const collapsed = (await bubble.boundingBox())!.height;
	await toggle.click();
	await expect(toggle).toHaveText('Show less');
	expect((await bubble.boundingBox())!.height).toBeGreaterThan(collapsed * 4);
});

test('Escape stops a streaming answer', async ({ page }) => {
	llm.setScenario({
		steps: [
			{ text: Array.from({ length: 60 }, (_, index) => `word${index} `), chunkDelayMs: 150 },
			{ text: 'Next answer.' }
		]
	});
	await openApp(page, llm, 'anthropic', { waitForMcp: false });
	await send(page, 'Tell me a long story');
	await expect(page.getByTestId('assistant-message')).toContainText('word1');
	await page.keyboard.press('Escape');
	await expect(turnsDone(page)).toHaveAttribute('data-reason', 'aborted', { timeout: 2_000 });
	await send(page, 'Again');
	await waitTurns(page, 2);
	await expect(page.getByTestId('assistant-message').last()).toHaveText('Next answer.');
});

test('the page has a heading, landmarks, a skip link to the message box and a link to the gallery', async ({
	page
}) => {
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('AutoUI');
	await expect(page.getByRole('main')).toHaveCount(1);
	await expect(page.getByRole('banner')).toHaveCount(1);
	await page.keyboard.press('Tab');
	const skip = page.getByTestId('skip-to-input');
	await expect(skip).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('chat-input')).toBeFocused();
	await expect(page.getByTestId('gallery-link')).toHaveAttribute('href', '/gallery');
});

test('a chip says what its call did, and chips and widgets select each other', async ({ page }) => {
	const display = (title: string, value: number) => ({
		name: 'autoui_webmcp_widget_display',
		input: { name: 'stat', params: { label: title, value } }
	});
	llm.setScenario({ steps: [{ toolCalls: [display('Cars', 406), display('Origins', 3)] }, { text: 'Two numbers.' }] });
	await openApp(page, llm, 'anthropic', { waitForMcp: false });
	await send(page, 'Count the cars and the origins');
	await waitTurns(page, 1);

	const chips = page.getByTestId('tool-chip');
	await expect(chips.getByTestId('chip-summary')).toHaveText(['· stat · Cars', '· stat · Origins']);
	const frames = page.locator('[data-widget-type=stat]');
	await expect(frames).toHaveCount(2);

	// Chip → widget: the widget its call displayed is selected.
	await chips.nth(1).locator('.head').click();
	const second = await chips.nth(1).getAttribute('data-call-id');
	// Selected, not inspected: the inspector opens when asked.
	await expect(page.getByTestId('canvas-inspect')).toBeVisible();
	await expect(page.locator('[data-widget-type=stat].selected')).toContainText('Origins');

	// Widget → chip: selecting the other widget highlights the call that made it.
	await frames.filter({ hasText: 'Cars' }).click();
	const first = await chips.nth(0).getAttribute('data-call-id');
	expect(first).not.toBe(second);
	await expect(chips.nth(0)).toHaveClass(/selected/);
	await expect(chips.nth(1)).not.toHaveClass(/selected/);
});
