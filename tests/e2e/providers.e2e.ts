/**
 * LLM settings in the real browser under the app's CSP: for each wire format, Test
 * connection succeeds against the fake LLM (so the SDK loaded on demand and works under the
 * CSP), lists the endpoint's models, and fails clearly with a bad key.
 */
import { expect, test } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { collectErrors, saveScreenshot } from './helpers';
import { acceptAgentLink } from '../fixtures/agent-link';

const goodKey = 'sk-e2e-good-key';
let llm: FakeLlm;

test.beforeAll(async () => {
	llm = await startFakeLlm({ apiKey: goodKey, models: ['fake-model', 'fake-model-large', 'fake-tiny'] });
});
test.afterAll(async () => {
	await llm.close();
});

/** True when one of the loaded scripts is an LLM SDK (both send this CORS opt-in header name). */
async function sdkLoaded(scripts: string[]): Promise<boolean> {
	for (const url of scripts) {
		const source = await (await fetch(url)).text();
		if (source.includes('dangerous-direct-browser-access') || source.includes('dangerouslyAllowBrowser')) return true;
	}
	return false;
}

/** The browser logs the expected 401 of the bad-key test as a failed resource load. */
const expectedNoise = /Failed to load resource: the server responded with a status of 401/;

for (const provider of ['anthropic', 'openai'] as const) {
	test(`${provider}: Test connection works under the CSP and fails clearly with a bad key`, async ({ page }) => {
		const errors = collectErrors(page);
		const baseUrl = provider === 'openai' ? `${llm.url}/v1` : llm.url;
		const scripts: string[] = [];
		page.on('response', (response) => {
			if (response.request().resourceType() === 'script') scripts.push(response.url());
		});
		const response = await page.goto(`/?provider=${provider}&baseUrl=${encodeURIComponent(baseUrl)}&model=fake-model`);
		await acceptAgentLink(page);
		expect(response?.headers()['content-security-policy']).not.toContain('unsafe-eval');
		const pill = page.getByTestId('llm-status');
		await expect(pill).toHaveAttribute('data-status', 'ready');
		await expect(pill).toContainText('fake-model');
		const sdkLoadedUpFront = await sdkLoaded(scripts);
		expect(sdkLoadedUpFront).toBe(false);
		await pill.click();
		const dialog = page.getByTestId('settings-dialog');
		await expect(dialog).toBeVisible();
		await expect(dialog).toHaveAccessibleName('LLM settings');
		await expect(page.getByTestId('settings-provider')).toHaveValue(provider);
		await expect(page.getByTestId('settings-base-url')).toHaveValue(baseUrl);
		await expect(page.getByTestId('settings-model')).toHaveValue('fake-model');
		await expect(page.getByText('optional for a local endpoint')).toBeVisible();

		await page.getByTestId('settings-api-key').fill(goodKey);
		llm.setScenario({ steps: [{ text: 'OK' }] });
		await page.getByTestId('settings-test').click();
		const result = page.getByTestId('settings-test-result');
		await expect(result).toHaveAttribute('data-ok', 'true');
		await expect(result).toContainText(`Connected to ${baseUrl}`);
		await expect(result).toContainText('Model fake-model is available');
		await expect(page.getByTestId('settings-model-list').locator('option')).toHaveCount(3);
		expect(await sdkLoaded(scripts)).toBe(true);
		const listed = llm.requests.filter((request) => request.path.endsWith('/models') && request.status === 200).at(-1)!;
		expect(listed).toMatchObject({ format: provider, authenticated: true });
		expect(listed.headers.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

		await page.getByTestId('settings-api-key').fill('sk-e2e-wrong');
		await page.getByTestId('settings-test').click();
		await expect(result).toHaveAttribute('data-ok', 'false');
		await expect(result).toContainText('the API key was rejected');
		await expect(result).toContainText('check Settings');
		await saveScreenshot(page, `providers-${provider}-bad-key`);

		await page.getByTestId('settings-api-key').fill(goodKey);
		await page.getByTestId('settings-save').click();
		await expect(dialog).toBeHidden();
		await expect(pill).toHaveAttribute('data-status', 'ready');
		expect(errors.filter((error) => !expectedNoise.test(error))).toEqual([]);
	});
}

test('a remote endpoint without a key shows "add an API key", and the dialog is keyboard operable', async ({
	page
}) => {
	await page.goto('/?provider=openai&baseUrl=https%3A%2F%2Fapi.example.com%2Fv1&model=m');
	await acceptAgentLink(page);
	const pill = page.getByTestId('llm-status');
	await expect(pill).toHaveAttribute('data-status', 'not-configured');
	await expect(pill).toContainText('add an API key');
	await pill.focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('settings-dialog')).toBeVisible();
	await page.getByTestId('settings-test').click();
	await expect(page.getByTestId('settings-test-result')).toContainText('needs an API key — add one in Settings');
	await page.keyboard.press('Escape');
	await expect(page.getByTestId('settings-dialog')).toBeHidden();
	await expect(pill).toBeFocused();
});
