/**
 * Server-side keys: an app started with ANTHROPIC_API_KEY lets the browser chat without a
 * key of its own. Requests go through the app's /api/llm proxy, which adds the key; the
 * key never reaches the page.
 */
import { expect, test } from '@playwright/test';
import { startAppServer, type AppServer } from '../fixtures/app-server';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { collectErrors } from './helpers';
import { acceptAgentLink } from '../fixtures/agent-link';

const serverKey = 'sk-ant-server-4Jq9Xw2Lm7Vb';

let llm: FakeLlm;
let app: AppServer;
test.beforeAll(async () => {
	llm = await startFakeLlm({ apiKey: serverKey });
	app = await startAppServer({ env: { ANTHROPIC_API_KEY: serverKey, ANTHROPIC_BASE_URL: llm.url } });
});
test.afterAll(async () => {
	app?.stop();
	await llm?.close();
});

test("with a key on the app's server, the browser chats without one and never sees it", async ({ page }) => {
	const errors = collectErrors(page);
	const leaks: string[] = [];
	page.on('request', (request) => {
		const headers = JSON.stringify(request.headers());
		if (headers.includes(serverKey) || (request.postData() ?? '').includes(serverKey)) leaks.push(request.url());
	});
	page.on('response', async (response) => {
		const type = response.headers()['content-type'] ?? '';
		if (/json|text|event-stream/.test(type) && (await response.text().catch(() => '')).includes(serverKey))
			leaks.push(response.url());
	});
	llm.setScenario({ steps: [{ text: 'Hello through the server key.' }] });

	await page.goto(`${app.url}/?provider=anthropic&model=fake-model`);
	await acceptAgentLink(page);
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
	await page.getByTestId('chat-input').fill('Say hello');
	await page.getByTestId('send').click();
	await expect(page.getByTestId('assistant-message').last()).toHaveText('Hello through the server key.');

	// The provider received the server's key; the page only ever talked to its own origin.
	const [chat] = llm.chatRequests();
	expect(chat.status).toBe(200);
	expect(chat.authenticated).toBe(true);
	expect(leaks).toEqual([]);
	await page.getByTestId('llm-status').click();
	await expect(page.getByTestId('settings-server-key')).toBeChecked();
	expect(errors).toEqual([]);
});
