/**
 * The A2UI project's own 50 v0.9 samples (as `@a2ui/web_core` 0.11 ships them) on both paths,
 * one page each: from a scripted AG-UI agent behind the real `@ag-ui/a2ui-middleware` 0.0.10
 * (the agent's tool results carry `{ a2ui_operations }`, the middleware makes the activities),
 * and from an MCP server serving them as `application/a2ui+json` resources. Each journey
 * prints how many render fully (support/a2ui-samples.ts says what that means), presses every
 * button whose sample declares an action once and checks that it came back (to the agent
 * through the middleware as `log_a2ui_event`; to the server's `action` tool), and the AG-UI
 * journey shows the middleware's generation lifecycle on the widget.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import type { RunAgentInput } from '@ag-ui/core';
import { backendToolCall, startFakeAgui, text, toolCall, type FakeAgui } from '../fixtures/agui';
import { loadSamples, type A2uiSample } from '../fixtures/a2ui/samples';
import { startSamplesServer, type SamplesServer } from '../fixtures/a2ui/samples-server';
import { collectErrors } from './helpers';
import { openWithAgent, send, waitTurns } from './support/app';
import { addServer } from './support/mcp-apps';
import { fillFields, judge, summary, type SampleResult } from './support/a2ui-samples';

const samples = loadSamples();
/** What the journeys require of each path (the reference Lit renderer draws 42 of the 50). */
const target = 42;

test.use({ viewport: { width: 1600, height: 1000 } });
test.describe.configure({ timeout: 240_000 });

/** The widget showing `sample` (each sample has its own surface id). */
function widgetOf(page: Page, sample: A2uiSample): Locator {
	return page
		.locator('[data-widget-type=a2ui]')
		.filter({ has: page.locator(`[data-testid=a2ui-surface][data-surface-id="${surfaceIdOf(sample)}"]`) });
}

function surfaceIdOf(sample: A2uiSample): string {
	const create = sample.messages.find((message) => message.createSurface)?.createSurface as { surfaceId: string };
	return create.surfaceId;
}

/** Marks each drawn A2UI element with its component id, so a button can be found by it. */
async function markIds(widget: Locator): Promise<void> {
	await widget.evaluate((root) => {
		const walk = (node: Element | ShadowRoot) => {
			for (const element of node.querySelectorAll('*')) {
				const id = (element as Element & { context?: { componentModel?: { id?: string } } }).context?.componentModel
					?.id;
				if (id && element.tagName.includes('-')) element.setAttribute('data-a2ui-id', id);
				if (element.shadowRoot) walk(element.shadowRoot);
			}
		};
		walk(root);
	});
}

/** Whether `done` comes true within 8 s (a press that does not come back is counted, not thrown). */
async function arrives(done: () => boolean, timeout = 8_000): Promise<boolean> {
	return expect
		.poll(done, { timeout })
		.toBe(true)
		.then(
			() => true,
			() => false
		);
}

interface Presses {
	pressed: number;
	routed: number;
	failed: string[];
	/** Milliseconds from each press to its arrival. */
	latencies: number[];
}

/**
 * Judges every sample's widget and presses each of its action buttons once; `routed` waits
 * for that press to arrive where it should and says whether it did.
 */
async function runSamples(
	page: Page,
	routed: (sample: A2uiSample, button: A2uiSample['buttons'][number], arrived: () => void) => Promise<boolean>
): Promise<{ results: SampleResult[]; presses: Presses }> {
	const results: SampleResult[] = [];
	const presses: Presses = { pressed: 0, routed: 0, failed: [], latencies: [] };
	for (const sample of samples) {
		const widget = widgetOf(page, sample);
		await expect(widget.locator('[data-testid=a2ui-surface]').first()).toBeAttached();
		results.push(await judge(sample, widget));
		await markIds(widget);
		for (const button of sample.buttons) {
			const target = widget.locator(`[data-a2ui-id="${button.id}"] button`).first();
			if (!(await target.count())) {
				presses.failed.push(`${sample.name}/${button.id}: not drawn`);
				continue;
			}
			if (await target.isDisabled()) await fillFields(widget);
			if (await target.isDisabled()) {
				presses.failed.push(`${sample.name}/${button.id}: disabled by its checks`);
				continue;
			}
			// Fifty frames that grew to their content overlap on the canvas: the press is the keyboard's
			// (focus, Enter), which reaches the button wherever another frame covers it.
			const pressedAt = performance.now();
			await target.press('Enter');
			presses.pressed++;
			const arrived = () => presses.latencies.push(Math.round(performance.now() - pressedAt));
			if (await routed(sample, button, arrived)) presses.routed++;
			else presses.failed.push(`${sample.name}/${button.id}: the first press did not come back`);
		}
	}
	return { results, presses };
}

function report(path: string, results: SampleResult[], presses: Presses, started: number): void {
	const buttons = samples.reduce((total, sample) => total + sample.buttons.length, 0);
	const sorted = [...presses.latencies].sort((a, b) => a - b);
	const latency = sorted.length
		? `; press to arrival: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms`
		: '';
	console.log(
		`${summary(path, results, performance.now() - started)}\n` +
			`  actions: ${buttons} buttons with an action, ${presses.pressed} pressed, ${presses.routed} routed back on the first press${latency}` +
			(presses.failed.length ? `\n  not routed: ${presses.failed.join('; ')}` : '')
	);
}

test.describe('A2UI samples through the AG-UI A2UI middleware', () => {
	let agent: FakeAgui;
	/** The inputs the script saw behind the middleware (the runs a press started). */
	const seen: RunAgentInput[] = [];
	test.beforeAll(async () => {
		agent = await startFakeAgui({ middleware: new A2UIMiddleware({}) });
	});
	test.afterAll(async () => agent?.close());

	test('renders the 50 samples from the middleware and routes their buttons back as log_a2ui_event', async ({
		page
	}) => {
		const errors = collectErrors(page);
		const started = performance.now();
		agent.setScript([
			() =>
				samples.flatMap((sample) =>
					backendToolCall('show_sample', { name: sample.name }, JSON.stringify({ a2ui_operations: sample.messages }))
				),
			...Array.from({ length: 60 }, () => (input: RunAgentInput) => {
				seen.push(input);
				return text('Noted.');
			})
		]);
		await openWithAgent(page, agent.url);
		await send(page, 'Show me every sample');
		await waitTurns(page, 1, 60_000);
		await expect(page.locator('[data-widget-type=a2ui]')).toHaveCount(samples.length);
		let turns = 1;
		let runs = agent.runs.length;
		const { results, presses } = await runSamples(page, async (_sample, button, arrived) => {
			if (!(await arrives(() => agent.runs.length > runs))) return false;
			arrived();
			await waitTurns(page, ++turns);
			runs = agent.runs.length;
			const sent = (agent.runs.at(-1)?.input.forwardedProps as Record<string, Record<string, unknown>>)?.a2uiAction
				?.userAction as Record<string, unknown> | undefined;
			const logged = seen
				.at(-1)
				?.messages.some(
					(message) =>
						message.role === 'assistant' &&
						message.toolCalls?.some(
							(call) =>
								call.function.name === 'log_a2ui_event' && JSON.parse(call.function.arguments).name === button.name
						)
				);
			return (
				!!logged &&
				sent?.name === button.name &&
				sent?.surfaceId === button.surfaceId &&
				sent?.sourceComponentId === button.id
			);
		});
		report('the AG-UI A2UI middleware', results, presses, started);
		expect(results.filter((result) => result.verdict === 'fully').length).toBeGreaterThanOrEqual(target);
		expect(presses.routed).toBe(presses.pressed);
		expect(errors).toEqual([]);
	});

	test("shows the middleware's generation lifecycle on the surface's widget: building, retrying, failed", async ({
		page
	}) => {
		const errors = collectErrors(page);
		const partial = '{"surfaceId":"later","components":[{"id":"root","component":"Text","text":"not yet"';
		agent.setScript([
			() => [
				// A render call still streaming: the middleware shows "building".
				...toolCall('render_a2ui', {}, 'stream-1').map((event, index) =>
					index === 1 ? { ...event, delta: partial } : index === 2 ? { ...event, delta: '' } : event
				),
				// Components that fail the middleware's check (no root): "retrying".
				...toolCall(
					'render_a2ui',
					{ surfaceId: 'bad', components: [{ id: 'a', component: 'Text', text: 'x' }] },
					'stream-2'
				),
				// The agent gave up: "failed", with its error.
				...backendToolCall(
					'make_ui',
					{},
					JSON.stringify({
						code: 'a2ui_recovery_exhausted',
						error: 'the model kept writing invalid JSON',
						attempts: [1, 2, 3]
					})
				)
			]
		]);
		await openWithAgent(page, agent.url);
		await send(page, 'Build me a form');
		await waitTurns(page, 1);
		const statuses = page.locator('[data-widget-type=a2ui] [data-testid=a2ui-status]');
		await expect(statuses.and(page.locator('[data-status=building]'))).toContainText('Building the surface');
		await expect(statuses.and(page.locator('[data-status=retrying]'))).toContainText('Retrying');
		await expect(statuses.and(page.locator('[data-status=failed]'))).toContainText(
			'the model kept writing invalid JSON'
		);
		expect(errors).toEqual([]);
	});
});

test.describe('A2UI samples as application/a2ui+json resources of an MCP server', () => {
	let agent: FakeAgui;
	let server: SamplesServer;
	test.beforeAll(async () => {
		[agent, server] = await Promise.all([startFakeAgui(), startSamplesServer(samples)]);
	});
	test.afterAll(async () => Promise.all([agent?.close(), server?.close()]));

	test("renders the 50 samples from the server's resources and routes their buttons to its action tool", async ({
		page
	}) => {
		const errors = collectErrors(page);
		const started = performance.now();
		const named = (input: RunAgentInput, suffix: string) =>
			input.tools.find((tool) => tool.name.startsWith('samples') && tool.name.endsWith(suffix))?.name ??
			`missing_${suffix}`;
		// A turn allows 40 tool calls (the policy's maxCallsPerTurn): the samples come in two turns of 25.
		const show = (part: A2uiSample[]) => (input: RunAgentInput) =>
			part.flatMap((sample) => toolCall(named(input, 'show_sample'), { name: sample.name }));
		agent.setScript([
			(input) => toolCall(named(input, 'list_tools'), {}),
			show(samples.slice(0, 25)),
			() => text('Here is the first half.'),
			show(samples.slice(25)),
			() => text('And the rest.')
		]);
		await openWithAgent(page, agent.url);
		await addServer(page, 'samples', server.url);
		await page.keyboard.press('Escape');
		await send(page, 'Show me the first half of the samples');
		await waitTurns(page, 1, 90_000);
		await send(page, 'And the rest');
		await waitTurns(page, 2, 90_000);
		await expect(page.locator('[data-widget-type=a2ui]')).toHaveCount(samples.length);
		// Each press is one call of the server's `action` tool; the calls are checked once all
		// buttons were pressed: one per press, in order, with the press's action name.
		const sent: string[] = [];
		const { results, presses } = await runSamples(page, async (_sample, button) => {
			sent.push(button.name);
			return true;
		});
		const arrivedAll = await arrives(() => server.actions.length >= sent.length, 60_000);
		const names = server.actions.map((action) => action.name);
		presses.routed = sent.filter((name, index) => names[index] === name).length;
		if (!arrivedAll || names.length !== sent.length)
			presses.failed.push(`${names.length} action calls reached the server for ${sent.length} presses`);
		report('MCP resources', results, presses, started);
		expect(results.filter((result) => result.verdict === 'fully').length).toBeGreaterThanOrEqual(target);
		expect(presses.routed).toBe(presses.pressed);
		expect(errors).toEqual([]);
	});
});
