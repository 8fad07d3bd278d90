/**
 * The layout states in both themes: the ten-widget canvas after Arrange and Fit all, the
 * outline with a renamed item, and a multi-selection with its align bar. Each state is
 * attached as a screenshot, and axe (over the whole page) finds no serious or critical
 * violation in it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { collectErrors } from './helpers';
import { attachScreenshot } from './support/screenshots';
import { showTenWidgets, waitForCharts } from './support/ten-widgets';
import { installModelContext } from './webmcp-helpers';

const themes = ['light', 'dark'] as const;

/** Attaches a screenshot of the state, then fails listing each serious or critical axe violation. */
async function expectAccessible(page: Page, state: string, testInfo: TestInfo): Promise<void> {
	await attachScreenshot(page, testInfo, state);
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
	expect(report, `${state}: axe found serious violations`).toEqual([]);
}

for (const theme of themes) {
	test.describe(`${theme} theme`, () => {
		test.use({ colorScheme: theme, viewport: { width: 1600, height: 1000 } });

		test('ten widgets after Arrange and Fit all, the outline with a renamed item, a multi-selection with its align bar', async ({
			page
		}, testInfo) => {
			test.setTimeout(90_000);
			const errors = collectErrors(page);
			await installModelContext(page);
			await page.goto('/');
			await showTenWidgets(page);
			await waitForCharts(page);
			await page.getByTestId('auto-arrange').click();
			await page.getByTestId('canvas-fit').click();
			await page.waitForTimeout(500);
			await expectAccessible(page, `canvas-arranged-${theme}`, testInfo);

			await page.getByTestId('canvas-outline-toggle').click();
			const outline = page.getByTestId('canvas-outline');
			await expect(outline.getByTestId('outline-item')).toHaveCount(10);
			const first = outline.getByTestId('outline-item').first();
			await first.getByTestId('outline-rename').click();
			await outline.getByTestId('outline-title-input').fill('Fleet size this year');
			await outline.getByTestId('outline-title-input').press('Enter');
			await expect(first).toContainText('Fleet size this year');

			const frames = page.locator('[data-widget-id]');
			await frames
				.nth(0)
				.locator('.title-bar')
				.click({ position: { x: 12, y: 12 } });
			await frames
				.nth(1)
				.locator('.title-bar')
				.click({ position: { x: 12, y: 12 }, modifiers: ['Shift'] });
			await frames
				.nth(2)
				.locator('.title-bar')
				.click({ position: { x: 12, y: 12 }, modifiers: ['Shift'] });
			await expect(page.getByTestId('selection-count')).toHaveText('3 selected');
			await expect(page.getByTestId('align-top')).toBeVisible();
			await expect(outline.locator('[data-selected=true]')).toHaveCount(3);
			await expectAccessible(page, `canvas-outline-selection-${theme}`, testInfo);
			expect(errors).toEqual([]);
		});
	});
}
