/**
 * The widget error card: a widget whose component fails to render shows a readable card in
 * its own frame (role=alert, naming the widget and the error), and the rest of the canvas
 * keeps working. The failure is real: the kv component's chunk is served as a module whose
 * component throws when mounted.
 */
import { expect, test, type Page } from '@playwright/test';
import { callTool, installModelContext } from './webmcp-helpers';

async function display(page: Page, name: string, params: Record<string, unknown>): Promise<string> {
	const result = await callTool(page, 'widget_display', { name, params });
	expect(result.isError, JSON.stringify(result)).toBeFalsy();
	return result.structuredContent!.id as string;
}

test('a widget that fails to render shows the error card in its own frame; the others still render', async ({
	page
}) => {
	let replaced = 0;
	await page.route('**/_app/immutable/chunks/*.js', async (route) => {
		const response = await route.fetch();
		const body = await response.text();
		if (body.includes('<dl class="kv') && /export\s*\{\s*\w+ as default\s*\}\s*;?\s*$/.test(body.trim())) {
			replaced++;
			await route.fulfill({
				response,
				body: 'export default function BrokenKv() { throw new Error("render failed on purpose"); }'
			});
		} else await route.fulfill({ response, body });
	});
	await installModelContext(page);
	await page.goto('/');
	const broken = await display(page, 'kv', { items: [{ key: 'Founded', value: 1998 }] });
	const healthy = await display(page, 'stat', { label: 'Still fine', value: 42 });
	const card = page.locator(`[data-widget-id="${broken}"]`).getByTestId('widget-error');
	await expect(card).toBeVisible();
	await expect(card).toHaveAttribute('role', 'alert');
	await expect(card).toContainText('The kv widget could not be shown.');
	await expect(card).toContainText('render failed on purpose');
	await expect(card.getByRole('button', { name: 'Try again' })).toBeVisible();
	expect(replaced).toBe(1);
	await expect(page.locator(`[data-widget-id="${healthy}"]`)).toContainText('Still fine');
	// The frame keeps its controls: the broken widget can still be removed.
	await callTool(page, 'canvas', { action: 'remove', id: broken });
	await expect(page.locator(`[data-widget-id="${broken}"]`)).toHaveCount(0);
});
