/**
 * MCP Apps through an AG-UI agent, with the official MCP Apps middleware
 * (`@ag-ui/mcp-apps-middleware`) in front of the scripted agent and the SDK's basic View
 * server behind it. AutoUI has no connection to that server: the View's resource and its
 * tool calls go through the agent (runs with `forwardedProps.__proxiedMCPRequest`), and the
 * View still runs in the sandbox on the second origin under its CSP.
 */
import { MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware';
import { expect, test } from '@playwright/test';
import { activity, startFakeAgui, text, toolCall, type FakeAgui } from '../fixtures/agui';
import { startAppExample, type RunningServer } from '../fixtures/mcp/launchers';
import { collectErrors } from './helpers';
import { openWithAgent, send, waitTurns } from './support/app';
import { appEntries, mountedFrame, viewOf } from './support/mcp-apps';

let agent: FakeAgui;
let basic: RunningServer;
test.beforeAll(async () => {
	basic = await startAppExample('server-basic-vanillajs');
	agent = await startFakeAgui({
		middleware: new MCPAppsMiddleware({ mcpServers: [{ type: 'http', url: basic.url, serverId: 'clock' }] })
	});
});
test.afterAll(async () => {
	await Promise.all([agent?.close(), basic?.stop()]);
});

test.use({ viewport: { width: 1500, height: 950 } });

/** The proxied MCP requests the agent received, in order. */
function proxied(): Array<{ method: string; params?: Record<string, unknown>; serverId?: string; invalid?: string }> {
	return agent.runs.flatMap((run) => {
		const request = (run.input.forwardedProps as Record<string, unknown> | undefined)?.__proxiedMCPRequest as
			{ method: string; params?: Record<string, unknown>; serverId?: string } | undefined;
		return request ? [{ ...request, ...(run.invalid ? { invalid: run.invalid } : {}) }] : [];
	});
}

test("an mcp-apps activity for a server AutoUI does not have loads its View and runs its tool calls through the agent's proxy", async ({
	page
}) => {
	test.setTimeout(120_000);
	const errors = collectErrors(page);
	agent.setScript([
		// The middleware offers the server's View tool to the agent; the agent calls it, and the
		// middleware runs it and sends the mcp-apps activity.
		(input) => [
			...text('The time, in its own view.'),
			...toolCall(input.tools.some((tool) => tool.name === 'get-time') ? 'get-time' : 'missing-get-time', {})
		]
	]);
	await openWithAgent(page, agent.url);
	await send(page, 'What time is it?');
	await waitTurns(page, 1);
	const widget = page.locator('[data-widget-type=mcp-app]');
	await expect(widget).toHaveCount(1);
	const frame = await mountedFrame(widget);
	// The sandbox on the second origin, as for a connected server.
	expect(new URL((await frame.getAttribute('src'))!).origin).not.toBe(new URL(page.url()).origin);
	await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
	const view = viewOf(page);
	await expect(view.locator('#server-time')).toHaveText(/\d{4}-\d{2}-\d{2}T/, { timeout: 20_000 });
	await expect(appEntries(page, 'csp').first()).toContainText("default-src 'none'");
	expect(proxied()).toEqual([
		{
			method: 'resources/read',
			params: { uri: 'ui://get-time/mcp-app.html' },
			serverHash: expect.any(String),
			serverId: 'clock'
		}
	]);

	// The View's own tool call goes through the agent too, once the user allows it.
	const asked: string[] = [];
	page.on('dialog', (dialog) => {
		asked.push(dialog.message());
		void dialog.accept();
	});
	const before = await view.locator('#server-time').textContent();
	await page.waitForTimeout(1100);
	await view.locator('#get-time-btn').click();
	await expect(view.locator('#server-time')).not.toHaveText(before!, { timeout: 20_000 });
	expect(asked).toEqual([expect.stringContaining('"get-time" through the AG-UI agent')]);
	expect(proxied().at(-1)).toMatchObject({ method: 'tools/call', params: { name: 'get-time', arguments: {} } });
	await expect(appEntries(page, 'tools/call').first()).toBeVisible();
	// Every proxied request was a valid RunAgentInput; the script answered only the one real run.
	expect(proxied().every((request) => !request.invalid)).toBe(true);
	expect(agent.runs.filter((run) => !run.input.forwardedProps?.__proxiedMCPRequest)).toHaveLength(1);
	expect(agent.badEvents).toEqual([]);

	// After a reload the record brings the View back, through the agent again.
	const reads = proxied().filter((request) => request.method === 'resources/read').length;
	await page.reload();
	await mountedFrame(page.locator('[data-widget-type=mcp-app]'));
	await expect(viewOf(page).locator('#server-time')).toHaveText(/\d{4}-\d{2}-\d{2}T/, { timeout: 20_000 });
	expect(proxied().filter((request) => request.method === 'resources/read')).toHaveLength(reads + 1);
	expect(errors).toEqual([]);
});

test('a server the middleware does not know is refused, and the widget says so', async ({ page }) => {
	const errors = collectErrors(page);
	agent.setScript([
		() => [
			...text('A view from elsewhere.'),
			activity('app-unknown', 'mcp-apps', {
				resourceUri: 'ui://get-time/mcp-app.html',
				serverHash: 'not-a-known-hash',
				serverId: 'elsewhere',
				toolInput: {},
				result: { content: [{ type: 'text', text: 'now' }] }
			})
		]
	]);
	await openWithAgent(page, agent.url);
	await send(page, 'Show it');
	await waitTurns(page, 1);
	const widget = page.locator('[data-widget-type=mcp-app]');
	await expect(widget.getByTestId('mcp-app')).toHaveAttribute('data-phase', 'error', { timeout: 30_000 });
	await expect(widget).toContainText('Unknown server: elsewhere');
	await expect(widget.getByTestId('mcp-app-frame')).toHaveCount(0);
	expect(errors).toEqual([]);
});
