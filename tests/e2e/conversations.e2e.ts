/**
 * Conversations: "+ New" keeps the previous conversation (with its canvas) in a list; each
 * conversation brings back its own chat and canvas, also after a reload; rename, search and
 * delete with undo.
 */
import { expect, test, type Page } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { collectErrors, saveScreenshot } from './helpers';
import { attachRequestsOnFailure, openApp, send, waitReady, waitTurns } from './support/app';

let llm: FakeLlm;
test.beforeAll(async () => {
	llm = await startFakeLlm();
});
test.afterAll(async () => {
	await llm?.close();
});

test.use({ viewport: { width: 1400, height: 900 } });
attachRequestsOnFailure(() => llm);

const stat = (label: string, value: number) => [
	{ toolCalls: [{ name: 'autoui_webmcp_widget_display', input: { name: 'stat', params: { label, value } } }] },
	{ text: `${label}: ${value}.` }
];

async function ask(page: Page, question: string, turns: number) {
	await send(page, question);
	await waitTurns(page, turns);
}

/** The keys saved in the app's IndexedDB store. */
function savedKeys(page: Page): Promise<string[]> {
	return page.evaluate(
		() =>
			new Promise<string[]>((resolve, reject) => {
				const open = indexedDB.open('autoui');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const request = open.result.transaction('kv').objectStore('kv').getAllKeys();
					request.onsuccess = () => resolve(request.result.map(String));
					request.onerror = () => reject(request.error);
				};
			})
	);
}

const items = (page: Page) => page.getByTestId('conversation-item');
async function openList(page: Page) {
	if (!(await page.getByTestId('conversation-list').isVisible()))
		await page.getByTestId('conversations-toggle').click();
}

test('three conversations keep their own chats and canvases across a reload; rename, search, delete with undo', async ({
	page
}) => {
	const errors = collectErrors(page);
	llm.setScenario({ steps: [...stat('Cars', 406), ...stat('Flights', 2000), ...stat('Airports', 3376)] });
	await openApp(page, llm, 'anthropic', { waitForMcp: false });
	const stats = page.locator('[data-widget-type=stat]');

	await ask(page, 'How many cars are there?', 1);
	await expect(stats).toHaveCount(1);
	await page.getByTestId('new-conversation').click();
	await expect(page.getByTestId('user-message')).toHaveCount(0);
	await expect(stats).toHaveCount(0);
	await ask(page, 'How many flights?', 1);
	await page.getByTestId('new-conversation').click();
	await ask(page, 'How many airports?', 1);
	await expect(stats).toHaveCount(1);
	await expect(stats).toContainText('Airports');

	await openList(page);
	await expect(items(page).locator('.title')).toHaveText([
		'How many airports?',
		'How many flights?',
		'How many cars are there?'
	]);
	await saveScreenshot(page, 'conversations-list');

	// After a reload the open conversation is the same, with its chat and its canvas (saved
	// at most 300 ms behind the last change: wait for it, as a user who reloads later would).
	await expect.poll(() => savedKeys(page)).toContainEqual(expect.stringMatching(/^canvas\.v1:c_/));
	await expect.poll(async () => (await savedKeys(page)).filter((key) => key.startsWith('canvas.v1')).length).toBe(3);
	await page.reload();
	await waitReady(page, false);
	await expect(page.getByTestId('user-message').locator('.bubble')).toHaveText(['How many airports?']);
	await expect(stats).toHaveCount(1);
	await expect(stats).toContainText('Airports');

	// The first conversation brings back its own chat and canvas.
	await openList(page);
	await items(page).filter({ hasText: 'cars' }).getByTestId('conversation-open').click();
	await expect(page.getByTestId('user-message').locator('.bubble')).toHaveText(['How many cars are there?']);
	await expect(stats).toHaveCount(1);
	await expect(stats).toContainText('Cars');
	await expect(page.getByTestId('assistant-message')).toHaveText(['Cars: 406.']);

	// Rename in place, then search.
	await openList(page);
	const flights = items(page).filter({ hasText: 'flights' });
	await flights.getByTestId('conversation-rename').click();
	await page.getByTestId('conversation-title-input').fill('Flight counts');
	await page.getByTestId('conversation-title-input').press('Enter');
	await page.getByTestId('conversation-search').fill('flight COUNTS');
	await expect(items(page).locator('.title')).toHaveText(['Flight counts']);
	await page.getByTestId('conversation-search').fill('');

	// Delete the open one: the next opens; Undo brings it back, with its chat intact.
	const openId = await page
		.locator('[data-testid=conversation-item][data-current=true]')
		.getAttribute('data-conversation-id');
	const current = page.locator(`[data-testid=conversation-item][data-current=true]`);
	await current.getByTestId('conversation-delete').click();
	await expect(page.getByTestId('conversation-undo-delete')).toBeVisible();
	await openList(page);
	await expect(items(page)).toHaveCount(2);
	await expect(page.getByTestId('user-message').locator('.bubble')).not.toHaveText(['How many cars are there?']);
	await page.getByTestId('conversation-undo-delete').click();
	await openList(page);
	await expect(items(page)).toHaveCount(3);
	await page.locator(`[data-conversation-id="${openId}"]`).getByTestId('conversation-open').click();
	await expect(page.getByTestId('user-message').locator('.bubble')).toHaveText(['How many cars are there?']);
	await expect(stats).toContainText('Cars');
	expect(errors).toEqual([]);
});
