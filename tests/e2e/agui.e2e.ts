/**
 * AutoUI as the front end of a remote AG-UI agent (`?provider=agui&baseUrl=…`), against a
 * scripted agent built with the official @ag-ui/core schemas and @ag-ui/encoder: streamed text,
 * a frontend tool call (widget_display) whose result goes back in the next run, the agent's
 * own tool calls and state, RUN_ERROR, Stop, and hostile streams that must stay harmless.
 */
import { EventType, type BaseEvent } from '@ag-ui/core';
import { expect, test, type Page } from '@playwright/test';
import {
	activity,
	backendToolCall,
	runError,
	startFakeAgui,
	stateDelta,
	stateSnapshot,
	text,
	toolCall,
	type FakeAgui
} from '../fixtures/agui';
import { collectErrors } from './helpers';
import { openWithAgent, send, turnsDone, waitTurns } from './support/app';

let agent: FakeAgui;
test.beforeAll(async () => {
	agent = await startFakeAgui();
});
test.afterAll(async () => {
	await agent?.close();
});

test.use({ viewport: { width: 1500, height: 950 } });

const agui = (page: Page) => page.locator('[data-testid=console-entry][data-kind=agui]');

test('a scripted agent streams text, draws a stat through widget_display, keeps state, and gets the result in its next run', async ({
	page
}) => {
	const errors = collectErrors(page);
	const from = agent.runs.length;
	agent.setScript([
		(input) => {
			const display = input.tools.find((tool) => tool.name.endsWith('widget_display'));
			return [
				{ type: EventType.REASONING_START, messageId: 'think-1' } as BaseEvent,
				{ type: EventType.REASONING_MESSAGE_START, messageId: 'think-1', role: 'reasoning' } as BaseEvent,
				{
					type: EventType.REASONING_MESSAGE_CONTENT,
					messageId: 'think-1',
					delta: 'The user wants the answer.'
				} as BaseEvent,
				{ type: EventType.REASONING_MESSAGE_END, messageId: 'think-1' } as BaseEvent,
				{ type: EventType.REASONING_END, messageId: 'think-1' } as BaseEvent,
				...text('Let me ', 'show the answer.'),
				stateSnapshot({ topic: 'answers', count: 1 }),
				...backendToolCall('lookup_answer', { question: 'life' }, 'found 42'),
				...(display
					? toolCall(display.name, { name: 'stat', params: { label: 'The answer', value: 42 } })
					: text('no widget_display tool was offered'))
			];
		},
		(input) => {
			const last = input.messages.at(-1);
			return [stateDelta([{ op: 'replace', path: '/count', value: 2 }]), ...text(`Shown (${last?.role}).`)];
		}
	]);
	await openWithAgent(page, agent.url);
	await send(page, 'What is the answer?');
	await waitTurns(page, 1);
	await expect(turnsDone(page)).toHaveAttribute('data-reason', 'end_turn');

	const stat = page.locator('[data-widget-type=stat]');
	await expect(stat).toHaveCount(1);
	await expect(stat).toContainText('42');
	await expect(page.getByTestId('assistant-message').last()).toContainText('Shown (tool).');
	await expect(page.getByTestId('assistant-message').first()).toContainText('Let me show the answer.');

	const runs = agent.runs.slice(from);
	expect(runs.map((run) => run.invalid)).toEqual([undefined, undefined]);
	expect(agent.badEvents).toEqual([]);
	const [first, second] = runs.map((run) => run.input);
	expect(first.tools.map((tool) => tool.name)).toContain('autoui_webmcp_widget_display');
	expect(first.messages.at(-1)).toMatchObject({ role: 'user', content: 'What is the answer?' });
	expect(second.threadId).toBe(first.threadId);
	const call = second.messages.find((message) => message.role === 'assistant' && message.toolCalls?.length);
	const result = second.messages.at(-1);
	expect(result).toMatchObject({
		role: 'tool',
		toolCallId: call && call.role === 'assistant' ? call.toolCalls![0].id : 'missing'
	});
	expect(String(result && 'content' in result ? result.content : '')).toMatch(/w-|widget|id/i);
	// The agent's state went back with the second run.
	expect(second.state).toEqual({ topic: 'answers', count: 1 });

	await expect(agui(page).filter({ hasText: 'TOOL_CALL_RESULT' })).toHaveCount(1);
	// The reasoning is folded: its text shows once the block is opened.
	const reasoning = page.getByTestId('chat-reasoning');
	await expect(reasoning).toHaveCount(1);
	await reasoning.locator('summary').click();
	await expect(reasoning).toContainText('The user wants the answer.');
	// The agent's own tool shows as a chip with the result it reported.
	await expect(page.getByTestId('pane-chat').getByText('lookup_answer')).toBeVisible();
	await expect(agui(page).filter({ hasText: 'STATE_DELTA' })).toHaveCount(1);
	await expect(agui(page).filter({ hasText: 'RUN_FINISHED' })).toHaveCount(2);
	// The agent's state, on request, as a json widget (its latest value).
	await agui(page).filter({ hasText: 'STATE_SNAPSHOT' }).click();
	await page.getByTestId('console-detail').getByTestId('console-agent-state-widget').click();
	const stateWidget = page.locator('[data-widget-type=json]');
	await expect(stateWidget).toHaveCount(1);
	await expect(stateWidget).toContainText('answers');
	await expect(stateWidget).toContainText('2');
	expect(errors).toEqual([]);
});

const catalogId = 'https://a2ui.org/specification/v0_9/basic_catalog.json';

function surface(surfaceId: string, extra: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
	return [
		{ version: 'v0.9', createSurface: { surfaceId, catalogId } },
		{
			version: 'v0.9',
			updateComponents: {
				surfaceId,
				components: [
					{
						id: 'root',
						component: 'Column',
						children: ['title', 'confirm', ...extra.map((component) => String(component.id))]
					},
					{
						id: 'title',
						component: 'Text',
						text: { call: 'formatString', args: { value: 'Table for ${/guests}' }, returnType: 'string' },
						variant: 'h3'
					},
					{
						id: 'confirm',
						component: 'Button',
						child: 'confirm-label',
						action: { event: { name: 'book', context: { guests: { path: '/guests' } } } }
					},
					{ id: 'confirm-label', component: 'Text', text: 'Book it' },
					...extra
				]
			}
		},
		{ version: 'v0.9', updateDataModel: { surfaceId, path: '/guests', value: 4 } }
	];
}

test('an A2UI surface from an activity becomes an a2ui widget whose button press starts the next run', async ({
	page
}) => {
	const errors = collectErrors(page);
	const from = agent.runs.length;
	agent.setScript([
		() => [
			...text('Here is the booking form.'),
			activity('surface-1', 'a2ui-surface', { operations: surface('booking') })
		],
		() => text('Booked.')
	]);
	await openWithAgent(page, agent.url);
	await send(page, 'Book a table');
	await waitTurns(page, 1);
	const widget = page.locator('[data-widget-type=a2ui]');
	await expect(widget).toHaveCount(1);
	await expect(widget.getByText('Table for 4')).toBeVisible();
	await widget.getByRole('button', { name: 'Book it' }).click();
	await waitTurns(page, 2);
	await expect(page.getByTestId('assistant-message').last()).toContainText('Booked.');
	const action = agent.runs[from + 1].input.messages.at(-1);
	expect(action).toMatchObject({ role: 'user' });
	expect(String(action && 'content' in action ? action.content : '')).toContain(
		'A2UI action "book" from confirm on surface booking: {"guests":4}'
	);
	// The action itself rides along, as the AG-UI A2UI middleware reads it.
	expect(agent.runs[from + 1].input.forwardedProps).toEqual({
		a2uiAction: {
			userAction: { name: 'book', surfaceId: 'booking', sourceComponentId: 'confirm', context: { guests: 4 } }
		}
	});
	expect(errors).toEqual([]);
});

test('widget_display with name a2ui draws a surface the same way', async ({ page }) => {
	const errors = collectErrors(page);
	agent.setScript([
		(input) => {
			const display = input.tools.find((tool) => tool.name.endsWith('widget_display'))?.name ?? 'missing';
			return toolCall(display, { name: 'a2ui', params: { messages: surface('from-tool') } });
		},
		(input) => text(`Drawn: ${String(input.messages.at(-1)?.content).slice(0, 40)}`)
	]);
	await openWithAgent(page, agent.url);
	await send(page, 'Draw the form yourself');
	await waitTurns(page, 1);
	const widget = page.locator('[data-widget-type=a2ui]');
	await expect(widget.getByText('Table for 4')).toBeVisible();
	await expect(page.getByTestId('assistant-message').last()).toContainText('Drawn:');
	expect(errors).toEqual([]);
});

test('a hostile A2UI surface (10,000 components, cyclic children, script in text) is bounded and harmless', async ({
	page
}) => {
	const errors = collectErrors(page);
	const many = Array.from({ length: 10_000 }, (_, index) => ({
		id: `n${index}`,
		component: 'Text',
		text: `item ${index}`
	}));
	const cyclic = [
		{ id: 'loop-a', component: 'Column', children: ['loop-b', 'evil'] },
		{ id: 'loop-b', component: 'Row', children: ['loop-a'] },
		{
			id: 'evil',
			component: 'Text',
			text: '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>'
		}
	];
	const messages = surface('hostile', cyclic);
	(messages[1].updateComponents as { components: unknown[] }).components.push(...many);
	agent.setScript([() => [activity('surface-2', 'a2ui-surface', { operations: messages })]]);
	await openWithAgent(page, agent.url);
	await send(page, 'Break it');
	await waitTurns(page, 1, 40_000);
	const widget = page.locator('[data-widget-type=a2ui]');
	await expect(widget.getByText('Table for 4')).toBeVisible();
	// The cycle loop-a → loop-b → loop-a is cut (loop-b's child back to loop-a goes): the text is
	// drawn under root and under loop-a. Its markdown goes through the app's sanitiser: the image
	// keeps no handler, the script is gone, nothing runs.
	await expect(widget.getByTestId('a2ui-problem').filter({ hasText: 'repeat an ancestor' })).toHaveCount(1);
	await expect(widget.locator('img')).toHaveCount(2);
	await expect(widget.locator('img[onerror], script')).toHaveCount(0);
	await expect(widget.getByTestId('a2ui-problem').filter({ hasText: 'more than 2000 components' })).toHaveCount(1);
	expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
	expect(errors).toEqual([]);
});

test('headers typed in the settings go with every run to that agent, and stay on this device after a reload', async ({
	page
}) => {
	const errors = collectErrors(page);
	const from = agent.runs.length;
	agent.setScript([() => text('Hello.'), () => text('Again.')]);
	await openWithAgent(page, agent.url);
	await page.getByTestId('llm-status').click();
	await page.getByTestId('settings-agui-headers').fill('X-Api-Key: secret-123\nX-Tenant: acme\nnot a header');
	await expect(page.getByTestId('settings-agui-headers-problem')).toContainText('not a header');
	await page.getByTestId('settings-save').click();
	await send(page, 'Hi');
	await waitTurns(page, 1);
	expect(agent.runs[from].headers).toMatchObject({ 'x-api-key': 'secret-123', 'x-tenant': 'acme' });
	// Not in the URL, and not in what the console recorded of the request.
	expect(page.url()).not.toContain('secret-123');
	expect(JSON.stringify(agent.runs[from].input)).not.toContain('secret-123');
	await page.reload();
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
	await send(page, 'Hi again');
	await expect.poll(() => agent.runs.length).toBe(from + 2);
	expect(agent.runs[from + 1].headers).toMatchObject({ 'x-api-key': 'secret-123' });
	expect(errors).toEqual([]);
});

test("RUN_ERROR is an error in the chat with the agent's message", async ({ page }) => {
	const errors = collectErrors(page);
	agent.setScript([() => [...text('Starting.'), runError('the graph node "plan" failed')]]);
	await openWithAgent(page, agent.url);
	await send(page, 'Plan my week');
	await waitTurns(page, 1);
	await expect(turnsDone(page)).toHaveAttribute('data-reason', 'error');
	await expect(page.getByTestId('chat-error')).toContainText('the graph node "plan" failed');
	await expect(agui(page).filter({ hasText: 'RUN_ERROR' })).toHaveCount(1);
	expect(errors).toEqual([]);
});

test('an interrupt asks the user, and the answer resumes the run', async ({ page }) => {
	const errors = collectErrors(page);
	const from = agent.runs.length;
	agent.setScript([
		(input) => [
			...text('I need your approval.'),
			{
				type: EventType.RUN_FINISHED,
				threadId: input.threadId,
				runId: input.runId,
				outcome: {
					type: 'interrupt',
					interrupts: [{ id: 'int-1', reason: 'approval', message: 'Delete the 3 old files?' }]
				}
			} as BaseEvent
		],
		() => text('Deleted.')
	]);
	await openWithAgent(page, agent.url);
	await send(page, 'Clean up');
	await waitTurns(page, 1);
	await expect(page.getByTestId('assistant-message').first()).toContainText('Delete the 3 old files?');
	await send(page, 'Yes, delete them');
	await waitTurns(page, 2);
	await expect(page.getByTestId('assistant-message').last()).toContainText('Deleted.');
	expect(agent.runs[from + 1].input.resume).toEqual([
		{ interruptId: 'int-1', status: 'resolved', payload: { answer: 'Yes, delete them' } }
	]);
	expect(agent.runs[from + 1].invalid).toBeUndefined();
	expect(errors).toEqual([]);
});

test('an interrupt shows an approval card; Approve resumes the run with approved: true', async ({ page }) => {
	const errors = collectErrors(page);
	const from = agent.runs.length;
	agent.setScript([
		(input) => [
			{
				type: EventType.RUN_FINISHED,
				threadId: input.threadId,
				runId: input.runId,
				outcome: { type: 'interrupt', interrupts: [{ id: 'int-2', reason: 'approval', message: 'Send the invoice?' }] }
			} as BaseEvent
		],
		(input) => text(`Sent (${JSON.stringify(input.resume?.[0]?.payload)}).`)
	]);
	await openWithAgent(page, agent.url);
	await send(page, 'Bill the client');
	await waitTurns(page, 1);
	const card = page.getByTestId('interrupt');
	await expect(card).toContainText('Send the invoice?');
	await card.getByTestId('interrupt-approve').click();
	await waitTurns(page, 2);
	await expect(card).toHaveAttribute('data-answered', 'true');
	await expect(card).toContainText('Answered: Approve');
	expect(agent.runs[from + 1].input.resume).toEqual([
		{ interruptId: 'int-2', status: 'resolved', payload: { answer: 'Approve', approved: true } }
	]);
	expect(agent.runs[from + 1].invalid).toBeUndefined();
	await expect(page.getByTestId('assistant-message').last()).toContainText('"approved":true');
	expect(errors).toEqual([]);
});

test('Stop aborts a running agent run', async ({ page }) => {
	const errors = collectErrors(page);
	const from = agent.runs.length;
	agent.setScript([
		() => ({ events: [...text('Working on it'), { delayMs: 30_000 }], hangMs: 0 }),
		() => text('After the stop.')
	]);
	await openWithAgent(page, agent.url);
	await send(page, 'Take your time');
	await expect(page.getByTestId('assistant-message')).toContainText('Working on it');
	await page.getByTestId('stop').click();
	await waitTurns(page, 1);
	await expect(turnsDone(page)).toHaveAttribute('data-reason', 'aborted');
	await expect.poll(() => agent.runs[from]?.aborted).toBe(true);
	await send(page, 'Again');
	await waitTurns(page, 2);
	await expect(page.getByTestId('assistant-message').last()).toContainText('After the stop.');
	expect(errors).toEqual([]);
});

test('hostile events are bounded, reported and harmless', async ({ page }) => {
	const errors = collectErrors(page);
	agent.setScript([
		() => [
			{ raw: { type: 'NOT_AN_EVENT', payload: 1 } },
			{ raw: { type: 'TOOL_CALL_END', toolCallId: 'never-started' } },
			{ raw: { type: 'TEXT_MESSAGE_END', messageId: 'never-started' } },
			{ raw: { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/__proto__/polluted', value: 1 }] } },
			{ raw: { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/big', value: 'x'.repeat(10 * 1024 * 1024) }] } },
			...text('<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">Still safe.')
		]
	]);
	await openWithAgent(page, agent.url);
	await send(page, 'Be hostile');
	await waitTurns(page, 1, 40_000);
	await expect(turnsDone(page)).toHaveAttribute('data-reason', 'end_turn');
	await expect(page.getByTestId('assistant-message')).toContainText('Still safe.');
	expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
	expect(await page.evaluate(() => (({}) as Record<string, unknown>).polluted)).toBeUndefined();
	await expect(agui(page).filter({ hasText: 'unknown event type' })).toHaveCount(1);
	await expect(agui(page).filter({ hasText: 'not started' })).toHaveCount(1);
	await expect(agui(page).filter({ hasText: 'is not open' })).toHaveCount(1);
	await expect(agui(page).filter({ hasText: /state larger than|not applied/ })).toHaveCount(2);
	expect(errors).toEqual([]);
});
