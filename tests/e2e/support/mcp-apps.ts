/**
 * What the MCP Apps journeys share: adding a server, running a tool in its workbench, the
 * View inside a widget, its console entries, and waiting for it to mount (a failure names
 * what the widget shows and what the page still waits for).
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** Adds an MCP server in the MCP panel and waits for its workbench button. */
export async function addServer(page: Page, name: string, url: string) {
	await page.getByTestId('mcp-status').click();
	await page.getByTestId('mcp-add-url').fill(url);
	await page.getByTestId('mcp-add-name').fill(name);
	await page.getByTestId('mcp-add-submit').click();
	await expect(page.locator(`[data-testid=open-workbench][data-server="${name}"]`)).toBeVisible({ timeout: 20_000 });
}

/** Runs `tool` of `server` by hand in its workbench (with `args` typed into its form), then closes the drawer. */
export async function runInWorkbench(page: Page, server: string, tool: string, args: Record<string, string> = {}) {
	const open = page.locator(`[data-testid=open-workbench][data-server="${server}"]`);
	if (await open.isVisible()) await open.click();
	else {
		await page.getByTestId('mcp-status').click();
		await open.click();
	}
	const workbench = page.locator(`[data-testid=workbench][data-server="${server}"]`);
	await expect(workbench).toBeVisible();
	await workbench.locator(`[data-testid=workbench-tool][data-tool="${tool}"]`).click();
	const form = workbench.locator(`[data-testid=tool-form][data-tool="${tool}"]`);
	for (const [name, value] of Object.entries(args))
		await form.locator(`[data-field="/${name}"] input`).first().fill(value);
	await workbench.locator(`[data-testid=tool-form][data-tool="${tool}"]`).getByTestId('tool-run').click();
	await expect(workbench.getByTestId('tool-result').first()).toBeVisible({ timeout: 20_000 });
	// The drawer covers part of the canvas: close it so the view can be used.
	await workbench.getByTestId('workbench-close').click();
	await expect(workbench).toHaveCount(0);
}

/** The View inside the proxy inside the widget. */
export function viewOf(page: Page, index = 0): FrameLocator {
	return page
		.locator('[data-widget-type=mcp-app]')
		.nth(index)
		.locator('[data-testid=mcp-app-frame]')
		.contentFrame()
		.locator('iframe')
		.contentFrame();
}

/** The page's requests still unanswered, by page (named in a failure, to say what a view waits for). */
const unanswered = new WeakMap<Page, Set<string>>();

/** Keeps the page's unanswered requests, for {@link mountedFrame}'s failure message. */
export function trackRequests(page: Page): void {
	const open = new Set<string>();
	unanswered.set(page, open);
	const name = (request: { method(): string; url(): string }) => `${request.method()} ${request.url()}`;
	page.on('request', (request) => open.add(name(request)));
	page.on('requestfinished', (request) => open.delete(name(request)));
	page.on('requestfailed', (request) => open.delete(name(request)));
}

/**
 * The outer frame of a widget's View once it is mounted. When it never comes, the failure
 * says what the widget shows instead (its phase and message), not only that it is missing.
 */
export async function mountedFrame(widget: Locator, timeout = 30_000): Promise<Locator> {
	const frame = widget.getByTestId('mcp-app-frame');
	try {
		await expect(frame).toHaveCount(1, { timeout });
	} catch {
		const phase = await widget
			.getByTestId('mcp-app')
			.getAttribute('data-phase', { timeout: 1_000 })
			.catch(() => 'absent');
		const text = (await widget.innerText({ timeout: 1_000 }).catch(() => '')).replace(/\s+/g, ' ').trim();
		const waiting = [...(unanswered.get(widget.page()) ?? [])].join(', ') || 'none';
		const recent = (since: number) =>
			performance
				.getEntriesByType('resource')
				.filter((entry) => entry.startTime > performance.now() - since)
				.map((entry) => `${new URL(entry.name).pathname.split('/').pop()} ${Math.round(entry.duration)} ms`)
				.slice(-12);
		const fetched = await widget
			.page()
			.evaluate(recent, timeout + 5_000)
			.catch(() => []);
		throw new Error(
			`The view was not mounted within ${timeout / 1000} s: phase ${phase}, the widget shows "${text}"; requests unanswered: ${waiting}; the last resources fetched: ${fetched.join(', ') || 'none'}`
		);
	}
	return frame;
}

/** The console entries of messages between the app and its views, for one method. */
export function appEntries(page: Page, method: string) {
	return page.locator('[data-testid=console-entry][data-kind=app-view]').filter({ hasText: method });
}
