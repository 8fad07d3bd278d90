/**
 * Small correctness slips a person notices: untrusted HTML in chat messages is parsed
 * inertly (no CSP violation, nothing loads), and a profile photo that fails to load falls
 * back to initials inside the avatar instead of spilling its alt text.
 */
import { expect, test } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { attachRequestsOnFailure, openApp, send, waitTurns } from './support/app';
import { callTool, installModelContext } from './webmcp-helpers';

let llm: FakeLlm;
test.beforeAll(async () => {
	llm = await startFakeLlm();
});
test.afterAll(async () => {
	await llm?.close();
});
attachRequestsOnFailure(() => llm);

test('a chat message with <img onerror=…> is parsed inertly: no CSP violation, no image request', async ({ page }) => {
	const violations: string[] = [];
	const probes: string[] = [];
	page.on('console', (message) => {
		if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
	});
	page.on('request', (request) => {
		if (request.url().includes('probe-')) probes.push(request.url());
	});
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (event) => {
			console.error(
				`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`
			);
		});
	});
	llm.setScenario({ steps: [{ text: 'Echo: <img src="/probe-answer.png" onerror="alert(2)"> and **bold**' }] });
	await openApp(page, llm, 'anthropic', { waitForMcp: false });
	await send(page, 'Look: <img src="/probe-question.png" onerror="alert(1)"> <svg onload="alert(3)"></svg>');
	await waitTurns(page, 1);
	await expect(page.locator('.md strong', { hasText: 'bold' })).toBeVisible();
	await page.waitForTimeout(500);
	expect(violations).toEqual([]);
	expect(probes).toEqual([]);
});

test('a profile photo that fails to load shows initials in the avatar, not its alt text', async ({ page }) => {
	await page.route('https://upload.wikimedia.org/**', (route) => route.fulfill({ status: 404, body: '' }));
	await installModelContext(page);
	await page.goto('/');
	const result = await callTool(page, 'widget_display', {
		name: 'profile',
		params: { name: 'Ada Lovelace', image: 'https://upload.wikimedia.org/missing.png', role: 'Mathematician' }
	});
	const id = result.structuredContent!.id as string;
	const avatar = page.locator(`[data-widget-id="${id}"] .avatar`);
	await expect(avatar).toHaveText('AL');
	await expect(avatar.getByRole('img', { name: 'Portrait of Ada Lovelace' })).toBeAttached();
	const fits = await avatar.evaluate(
		(element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight
	);
	expect(fits).toBe(true);
});
