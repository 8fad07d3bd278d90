/**
 * A2UI over MCP with an AG-UI agent in charge: the agent calls a connected MCP server's tool
 * that returns an `application/a2ui+json` resource; the surface becomes an `a2ui` widget, and
 * its button goes back to that server as the A2UI over MCP guide says (its `action` tool with
 * `{ name, context }`), not to the agent. An `mcp-apps` activity opens the server's View.
 */
import { expect, test } from '@playwright/test';
import { startFakeAgui, text, toolCall, type FakeAgui } from '../fixtures/agui';
import { startAppExample, startFixtureServer, type RunningServer } from '../fixtures/mcp/launchers';
import { collectErrors } from './helpers';
import { addServer, mountedFrame } from './support/mcp-apps';
import { openWithAgent, send, waitTurns } from './support/app';
import { activity } from '../fixtures/agui';

let agent: FakeAgui;
let server: RunningServer;
test.beforeAll(async () => {
	[agent, server] = await Promise.all([startFakeAgui(), startFixtureServer({ a2uiTools: true, fillerTools: 0 })]);
});
test.afterAll(async () => {
	await Promise.all([agent?.close(), server?.stop()]);
});

test.use({ viewport: { width: 1500, height: 950 } });

test("an MCP tool's A2UI resource becomes a widget whose button calls the server's `action` tool with { name, context }", async ({
	page
}) => {
	const errors = collectErrors(page);
	const named = (tools: Array<{ name: string }>, suffix: string) =>
		tools.find((tool) => tool.name.startsWith('bookings') && tool.name.endsWith(suffix))?.name;
	agent.setScript([
		// The server's tools are offered once it is activated (lazy discovery): list them first.
		(input) => toolCall(named(input.tools, 'list_tools') ?? 'missing_list_tools', {}),
		(input) => toolCall(named(input.tools, 'show_booking') ?? 'missing_show_booking', {}),
		() => text('Here is the form.')
	]);
	await openWithAgent(page, agent.url);
	await addServer(page, 'bookings', server.url);
	await page.keyboard.press('Escape');
	const from = agent.runs.length;
	await send(page, 'Book a table');
	await waitTurns(page, 1);
	const widget = page.locator('[data-widget-type=a2ui]');
	await expect(widget.getByText('Server table for 2')).toBeVisible();
	await widget.getByRole('button', { name: 'Book on the server' }).click();
	// The press ran the server's `action` tool with the action's name and resolved context (the
	// server answers only that shape); `book`, named like the action, was not called; the agent was not asked.
	const calls = page.locator('[data-testid=console-entry][data-kind=tool-call]');
	await expect(calls.filter({ hasText: 'action({"name":"book","context":{"guests":2}})' })).toHaveCount(1);
	await expect(
		page.locator('[data-testid=console-entry]').filter({ hasText: 'action book: booked on the server for 2' }).first()
	).toBeAttached();
	await expect(calls.filter({ hasText: 'book({' })).toHaveCount(0);
	await expect(page.locator('[data-testid=console-entry]').filter({ hasText: 'book called directly' })).toHaveCount(0);
	expect(agent.runs.length).toBe(from + 3);
	expect(errors).toEqual([]);
});

test("a surface's data model bound to a source is filled from that call and refreshes without the agent", async ({
	page
}) => {
	const errors = collectErrors(page);
	const surfaceId = 'live-booking';
	agent.setScript([
		(input) => {
			const display = input.tools.find((tool) => tool.name.endsWith('widget_display'))?.name ?? 'missing';
			return toolCall(display, {
				name: 'a2ui',
				params: {
					messages: [
						{
							version: 'v0.9',
							createSurface: { surfaceId, catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' }
						},
						{
							version: 'v0.9',
							updateComponents: {
								surfaceId,
								components: [
									{
										id: 'root',
										component: 'Text',
										text: { call: 'formatString', args: { value: 'Live table for ${/guests}' }, returnType: 'string' }
									}
								]
							}
						},
						{ version: 'v0.9', updateDataModel: { surfaceId, path: '/', value: { $ref: 'source' } } }
					]
				},
				source: { tool: 'bookings_mcp_echo', args: { text: '{"guests": 6}' } }
			});
		},
		() => text('Bound.')
	]);
	await openWithAgent(page, agent.url);
	await addServer(page, 'bookings', server.url);
	await page.keyboard.press('Escape');
	const from = agent.runs.length;
	await send(page, 'Show the live booking');
	await waitTurns(page, 1);
	const widget = page.locator('[data-widget-type=a2ui]');
	await expect(widget.getByText('Live table for 6')).toBeVisible();
	// A live widget: its refresh calls the source again, not the agent.
	await widget.getByTestId('widget-refresh').click();
	await expect(
		page.locator('[data-testid=console-entry][data-kind=tool-result]').filter({ hasText: 'echo' })
	).toHaveCount(2);
	await expect(widget.getByText('Live table for 6')).toBeVisible();
	expect(agent.runs.length).toBe(from + 2);
	expect(errors).toEqual([]);
});

test("an mcp-apps activity opens the server's View as an mcp-app widget, through AutoUI's own connection", async ({
	page
}) => {
	test.setTimeout(90_000);
	const errors = collectErrors(page);
	const basic = await startAppExample('server-basic-vanillajs');
	try {
		agent.setScript([
			() => [
				...text('The time, in its own view.'),
				activity('app-1', 'mcp-apps', {
					resourceUri: 'ui://get-time/mcp-app.html',
					serverHash: 'b1',
					serverId: 'basic',
					toolInput: {},
					result: { content: [{ type: 'text', text: '2026-01-26T09:00:00.000Z' }] }
				})
			]
		]);
		await openWithAgent(page, agent.url);
		await addServer(page, 'basic', basic.url);
		await page.keyboard.press('Escape');
		await send(page, 'What time is it?');
		await waitTurns(page, 1);
		const widget = page.locator('[data-widget-type=mcp-app]');
		await expect(widget).toHaveCount(1);
		await mountedFrame(widget);
		expect(errors).toEqual([]);
	} finally {
		await basic.stop();
	}
});
