/**
 * The console's Kind filter popover closes like any popover: Escape (focus back on its
 * button), a click outside (which still reaches what was clicked), and switching to the
 * waterfall.
 */
import { expect, test } from '@playwright/test';

test('the Kind filter popover closes on Escape, on an outside click (which still lands) and when switching to Waterfall', async ({
	page
}) => {
	await page.goto('/');
	const summary = page.locator('summary', { hasText: 'Kind' });
	const options = page.locator('[data-testid=console-filter-kind][value=tool-call]');

	await summary.click();
	await expect(options).toBeVisible();
	await page.keyboard.press('Escape');
	await expect(options).toBeHidden();
	await expect(summary).toBeFocused();

	await summary.click();
	await expect(options).toBeVisible();
	await page.getByTestId('console-search').click();
	await expect(options).toBeHidden();
	await expect(page.getByTestId('console-search')).toBeFocused();

	await summary.click();
	await options.check();
	await expect(options).toBeVisible();
	await page.getByTestId('console-view-waterfall').click();
	await expect(options).toBeHidden();
	await expect(page.getByTestId('console-view-waterfall')).toHaveAttribute('aria-pressed', 'true');
	await expect(summary).toContainText('Kind (1)');
});
