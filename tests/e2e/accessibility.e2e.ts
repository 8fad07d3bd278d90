/**
 * Accessibility: an automated check (axe-core) over the whole page in both themes — the empty
 * state, a canvas with ten widgets (and the inspector), the settings dialog, the MCP servers
 * dialog and the workbench, the phone layout — must find no serious or critical violation.
 * The tool chips of a conversation are one stop in the tab order (Up/Down move between them),
 * so they never sit between the reader and the message box. Screenshots of the states are
 * attached to the test.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { collectErrors } from './helpers';
import { attachScreenshot } from './support/screenshots';
import { openApp, send, waitTurns } from './support/app';
import { showTenWidgets, waitForCharts } from './support/ten-widgets';
import { installModelContext } from './webmcp-helpers';

const themes = ['light', 'dark'] as const;

/**
 * Lets the page settle first: finite transitions and animations (a chart toolbar fading in
 * under the pointer, a drawer sliding open) are awaited, up to 2 s. Colours caught halfway
 * through a fade are not the page's colours.
 */
async function settle(page: Page): Promise<void> {
	await page.evaluate(async () => {
		const finite = document
			.getAnimations()
			.filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
		await Promise.race([
			Promise.allSettled(finite.map((animation) => animation.finished)),
			new Promise((resolve) => setTimeout(resolve, 2000))
		]);
	});
}

/** Runs axe over the settled page; fails listing each serious or critical violation and where. */
async function expectAccessible(page: Page, state: string, testInfo: TestInfo): Promise<void> {
	await settle(page);
	const results = await new AxeBuilder({ page }).analyze();
	const serious = results.violations.filter(
		(violation) => violation.impact === 'serious' || violation.impact === 'critical'
	);
	const report = serious.map(
		(violation) =>
			`${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
				.slice(0, 5)
				.map((node) => `  ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 2).join('')}`)
				.join('\n')}`
	);
	await attachScreenshot(page, testInfo, `${state}`);
	expect(report, `${state}: axe found serious violations`).toEqual([]);
}

let llm: FakeLlm;
test.beforeAll(async () => {
	llm = await startFakeLlm();
});
test.afterAll(async () => {
	await llm?.close();
});

for (const theme of themes) {
	test.describe(`${theme} theme`, () => {
		test.use({ colorScheme: theme, viewport: { width: 1400, height: 900 } });

		test('no serious violations: empty state, ten widgets, inspector, settings, MCP servers, workbench', async ({
			page
		}, testInfo) => {
			// Seven scans, each with a picture: on a busy 2-core machine this outgrows one minute.
			test.slow();
			const errors = collectErrors(page);
			await installModelContext(page);
			await page.goto('/');
			await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
			await expectAccessible(page, `a11y-empty-${theme}`, testInfo);

			await showTenWidgets(page);
			await waitForCharts(page);
			await page.getByTestId('canvas-fit').click();
			await expectAccessible(page, `a11y-ten-widgets-${theme}`, testInfo);
			await page.locator('[data-widget-type=data-table]').getByTestId('widget-inspect').click();
			await expect(page.getByTestId('inspector')).toBeVisible();
			await page.locator('[data-widget-type=data-table]').getByTestId('widget-export-menu').click();
			await expectAccessible(page, `a11y-inspector-menu-${theme}`, testInfo);
			await page.keyboard.press('Escape');

			await page.getByTestId('conversations-toggle').click();
			await expect(page.getByTestId('conversation-list')).toBeVisible();
			await expectAccessible(page, `a11y-conversations-${theme}`, testInfo);
			await page.getByTestId('conversations-toggle').click();

			await page.getByTestId('llm-status').click();
			await expect(page.getByTestId('settings-dialog')).toBeVisible();
			await expectAccessible(page, `a11y-settings-${theme}`, testInfo);
			await page.keyboard.press('Escape');
			await expect(page.getByTestId('settings-dialog')).toBeHidden();

			await page.getByTestId('mcp-status').click();
			const workbench = page.locator('[data-testid=open-workbench]').first();
			await expect(workbench).toBeVisible();
			await expectAccessible(page, `a11y-mcp-servers-${theme}`, testInfo);
			await workbench.click();
			await expect(page.locator('[data-testid=workbench]')).toBeVisible();
			await expectAccessible(page, `a11y-workbench-${theme}`, testInfo);
			expect(errors).toEqual([]);
		});

		test('no serious violations in the phone layout', async ({ page }, testInfo) => {
			await page.setViewportSize({ width: 390, height: 844 });
			await installModelContext(page);
			await page.goto('/');
			await expectAccessible(page, `a11y-phone-chat-${theme}`, testInfo);
			await showTenWidgets(page);
			await page.getByTestId('tab-canvas').click();
			await waitForCharts(page);
			await page.getByTestId('canvas-fit').click();
			await expectAccessible(page, `a11y-phone-canvas-${theme}`, testInfo);
		});
	});
}

test('tool chips are one tab stop: Tab from the answer reaches the message box past them', async ({ page }) => {
	const display = (label: string, value: number) => ({
		name: 'autoui_webmcp_widget_display',
		input: { name: 'stat', params: { label, value } }
	});
	llm.setScenario({
		steps: [
			{ toolCalls: [display('Cars', 406), display('Origins', 3), display('Models', 312), display('Years', 13)] },
			{ text: 'Four numbers.' }
		]
	});
	await openApp(page, llm, 'anthropic', { waitForMcp: false });
	await send(page, 'Count things');
	await waitTurns(page, 1);
	const heads = page.getByTestId('tool-chip').locator('.head');
	await expect(heads).toHaveCount(4);
	// Only one chip is in the tab order: the newest.
	expect(await heads.evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).tabIndex))).toEqual([
		-1, -1, -1, 0
	]);
	await heads.nth(3).focus();
	await page.keyboard.press('ArrowUp');
	await expect(heads.nth(2)).toBeFocused();
	await page.keyboard.press('Home');
	await expect(heads.nth(0)).toBeFocused();
	expect(await heads.evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).tabIndex))).toEqual([
		0, -1, -1, -1
	]);
	// From the chips, a few Tabs reach the message box, whatever the number of chips.
	let reached = false;
	for (let step = 0; step < 6 && !reached; step++) {
		await page.keyboard.press('Tab');
		reached = await page.getByTestId('chat-input').evaluate((node) => node === document.activeElement);
	}
	expect(reached).toBe(true);
});
