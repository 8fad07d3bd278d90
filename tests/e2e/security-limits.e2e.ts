/**
 * Limits a deployment relies on (security review, turn three): the server-key proxy takes a
 * long chat (more than adapter-node's default 512 KB body), and what an API echoes of the
 * user's secrets is redacted before the model, the console or the saved chat see it.
 */
import { expect, test } from '@playwright/test';
import { startAppServer, type AppServer } from '../fixtures/app-server';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';

const serverKey = 'sk-ant-server-limits-7Hq2';

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

test('the server-key proxy accepts a 3 MB conversation (adapter-node would refuse it at 512 KB)', async ({ page }) => {
	llm.setScenario({ steps: [{ text: 'Read it all.' }] });
	await page.goto(`${app.url}/`);
	const status = await page.evaluate(async () => {
		const long = 'x'.repeat(3 * 1024 * 1024);
		const response = await fetch('/api/llm/anthropic/v1/messages', {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
			body: JSON.stringify({ model: 'fake-model', max_tokens: 16, messages: [{ role: 'user', content: long }] })
		});
		await response.text();
		return response.status;
	});
	expect(status).toBe(200);
	expect(llm.chatRequests().at(-1)?.authenticated).toBe(true);
});
