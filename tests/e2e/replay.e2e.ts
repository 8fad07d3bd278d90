/**
 * Record once, replay anywhere. Calls are recorded against the weather server v1 — one made
 * by the (scripted) model, one by hand in the workbench — and exported from the console.
 * `npm run replay` against v2 marks the one changed call `changed` at the right path, lists
 * the added tool and exits 1; against v1 every call is `same` and it exits 0; an unreachable
 * target exits 2 naming its URL. `npm run mock-server` and the page's "Export as mock server"
 * answer an SDK client's recorded calls with the recorded results, list the recorded tools
 * and refuse an unrecorded call with a tool error. The Replay panel shows the same rows and
 * tool diff; a target that dies halfway leaves the chat, console and saved calls as they were.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { openApp, send, waitTurns } from './support/app';
import { runReplay, sdkClient, startMock, startWeather, type Started } from './support/replay';

// Wide enough for the console's Export beside the docked workbench.
test.use({ viewport: { width: 1680, height: 1000 } });

let llm: FakeLlm;
let v1: Started;
let v2: Started;
const dir = join(process.cwd(), 'test-results', 'replay-journey');

test.beforeAll(async () => {
	mkdirSync(dir, { recursive: true });
	[llm, v1, v2] = await Promise.all([startFakeLlm(), startWeather(1), startWeather(2)]);
});
test.afterAll(async () => {
	await Promise.all([llm?.close(), v1?.stop(), v2?.stop()]);
});

const volatile = ['--ignore', '/structuredContent/generatedAt'];

/** The model asks for Paris's forecast; the user lists the north's stations by hand and saves that call. */
async function record(page: Page): Promise<string> {
	llm.setScenario({
		steps: [
			{ text: 'Checking.', toolCalls: [{ name: 'weather_mcp_forecast', input: { city: 'Paris' } }] },
			{ text: 'Paris: 18 °C and sunny.' }
		]
	});
	await openApp(page, llm, 'anthropic', { mcp: [v1.url] });
	await send(page, 'Weather in Paris?');
	await waitTurns(page, 1);
	await page.getByTestId('mcp-status').click();
	await page.locator('[data-testid=open-workbench][data-server=weather]').click();
	const workbench = page.locator('[data-testid=workbench][data-server=weather]');
	await workbench.locator('[data-testid=workbench-tool][data-tool="stations"]').click();
	const form = workbench.locator('[data-testid=tool-form][data-tool="stations"]');
	await form.getByLabel('region', { exact: true }).selectOption('north');
	await form.getByTestId('tool-run').click();
	await expect(workbench.getByTestId('tool-result').first()).toContainText('Tromsø');
	await workbench.getByTestId('save-name').fill('north');
	await form.getByTestId('tool-save').click();
	const downloading = page.waitForEvent('download');
	await page.getByTestId('console-export').click();
	const file = join(dir, 'session.json');
	writeFileSync(file, readFileSync(await (await downloading).path(), 'utf8'));
	return file;
}

test('a recorded session replays against v2 and v1, gates CI and becomes a mock server', async ({ page }) => {
	test.setTimeout(120_000);
	const session = await record(page);
	const trace = JSON.parse(readFileSync(session, 'utf8'));
	// Each call keeps the server's answer as it came: the model's and the one made by hand.
	const answers = trace.events.filter((event: { type: string }) => event.type === 'tool-result');
	expect(answers.map((event: { tool: string; origin?: string }) => [event.tool, event.origin ?? 'model'])).toEqual([
		['forecast', 'model'],
		['stations', 'manual']
	]);
	expect(answers.map((event: { output?: { content: unknown[] } }) => event.output?.content.length)).toEqual([1, 1]);
	expect(trace.servers.weather).toMatchObject({
		url: v1.url,
		tools: expect.arrayContaining([expect.objectContaining({ name: 'forecast' })])
	});

	await test.step('the CLI: v2 changed one call and added a tool (exit 1)', () => {
		const report = join(dir, 'diff.json');
		const run = runReplay([session, '--server', `weather=${v2.url}`, ...volatile, '--report', report], true);
		expect(run.stdout.trim().split('\n')).toEqual([
			'changed weather/forecast /content/0/text /structuredContent/tempC',
			'same weather/stations',
			'1 same, 1 changed'
		]);
		expect(run.stderr).toContain('tools added: alerts');
		expect(run.code).toBe(1);
		const written = JSON.parse(readFileSync(report, 'utf8'));
		expect(written.tools).toEqual({ added: ['alerts'], removed: [], changed: [] });
		expect(written.summary).toEqual({ same: 1, changed: 1, error: 0, fixed: 0 });
		expect(written.calls[0]).toMatchObject({
			server: 'weather',
			tool: 'forecast',
			status: 'changed',
			paths: ['/content/0/text', '/structuredContent/tempC']
		});
		expect(written.calls[0].ms.recorded).toEqual(expect.any(Number));
		expect(written.calls[0].ms.replayed).toEqual(expect.any(Number));
	});
	await test.step('the CLI: v1 (the recorded address) is all same (exit 0); unreachable exits 2 naming it', () => {
		const same = runReplay([session, '--server', v1.url, ...volatile]);
		expect(same.stdout.trim().split('\n')).toEqual([
			'same weather/forecast',
			'same weather/stations',
			'2 same, 0 changed'
		]);
		expect(same.code).toBe(0);
		const down = 'http://127.0.0.1:9/mcp';
		const unreachable = runReplay([session, '--server', down]);
		expect(unreachable.code).toBe(2);
		expect(unreachable.stderr).toContain(down);
		const unreadable = runReplay([join(dir, 'missing.json'), '--server', v1.url]);
		expect(unreadable.code).toBe(2);
		expect(unreadable.stderr).toContain('missing.json');
	});
	await test.step('the mock-server script answers an SDK client with the recorded results', async () => {
		const mock = await startMock([process.execPath, 'scripts/mock-server.js', session, '--port', '0']);
		try {
			const client = await sdkClient(mock.url);
			const tools = (await client.listTools()).tools;
			expect(tools.map((tool) => tool.name)).toEqual(['forecast', 'stations', 'save_note']);
			expect(tools[0].inputSchema).toMatchObject({ properties: { city: { type: 'string' } } });
			const recorded = trace.events.find(
				(event: { type: string; tool?: string }) => event.type === 'tool-result' && event.tool === 'forecast'
			);
			expect(await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } })).toEqual(recorded.output);
			expect(await client.callTool({ name: 'stations', arguments: { region: 'north' } })).toMatchObject({
				content: [{ text: expect.stringContaining('Tromsø') }]
			});
			const refused = await client.callTool({ name: 'forecast', arguments: { city: 'Rome' } });
			expect(refused.isError).toBe(true);
			expect(JSON.stringify(refused.content)).toContain('The closest recorded arguments: {\\"city\\":\\"Paris\\"}');
			await client.close();
		} finally {
			await mock.stop();
		}
	});

	await test.step('the Replay panel: v2 rows, tool diff, side-by-side answers', async () => {
		await page.keyboard.press('Escape');
		await page.getByTestId('replay-open').click();
		await page.getByTestId('replay-file').setInputFiles(session);
		const target = page.locator('[data-testid=replay-target][data-server=weather]');
		await expect(target).toHaveValue(v1.url);
		await target.fill(v2.url);
		await page.getByTestId('replay-rules').fill('/structuredContent/generatedAt');
		await page.getByTestId('replay-run').click();
		const rows = page.getByTestId('replay-row');
		await expect(rows).toHaveCount(2);
		await expect(page.locator('[data-testid=replay-row][data-tool=forecast]')).toHaveAttribute(
			'data-status',
			'changed'
		);
		await expect(page.locator('[data-testid=replay-row][data-tool=stations]')).toHaveAttribute('data-status', 'same');
		await expect(page.locator('[data-testid=replay-tool-added][data-tool=alerts]')).toBeVisible();
		await page.locator('[data-testid=replay-row][data-tool=forecast] button').click();
		const detail = page.getByTestId('replay-detail');
		await expect(detail.getByTestId('replay-path')).toHaveText(['/content/0/text', '/structuredContent/tempC']);
		await expect(detail.getByTestId('replay-recorded')).toContainText('"tempC": 18');
		await expect(detail.getByTestId('replay-replayed')).toContainText('"tempC": 64');
		await expect(detail.getByTestId('replay-latency')).toHaveText([/^\d+ ms$/, /^\d+ ms$/]);
	});
	await test.step('"Export as mock server" downloads one .mjs file that needs only the SDK', async () => {
		const downloading = page.waitForEvent('download');
		await page.getByTestId('replay-export-mock').click();
		const download = await downloading;
		expect(download.suggestedFilename()).toMatch(/^autoui-mock-.*\.mjs$/);
		const file = join(dir, download.suggestedFilename());
		writeFileSync(file, readFileSync(await download.path(), 'utf8'));
		const mock = await startMock([process.execPath, file, '--port', '0']);
		try {
			const client = await sdkClient(mock.url);
			// The panel's rule travels with the file; a different generatedAt in the arguments would not matter here.
			expect(await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } })).toMatchObject({
				structuredContent: { tempC: 18 }
			});
			expect((await client.callTool({ name: 'alerts', arguments: { city: 'Paris' } })).isError).toBe(true);
			await client.close();
		} finally {
			await mock.stop();
		}
	});
	await test.step('Mock mode: a scenario exported as a mock server answers any arguments', async () => {
		await page.keyboard.press('Escape');
		await page.getByTestId('mcp-status').click();
		await page.getByTestId('mock-tool').selectOption('mcp|weather|forecast');
		await page.getByTestId('mock-body').fill('{"tempC": 3}');
		await page.getByTestId('mock-save').click();
		const downloading = page.waitForEvent('download');
		await page.getByTestId('mock-scenario-export-server').click();
		const download = await downloading;
		const file = join(dir, `scenario-${download.suggestedFilename()}`);
		writeFileSync(file, readFileSync(await download.path(), 'utf8'));
		await page.getByTestId('mock-remove').click();
		await page.keyboard.press('Escape');
		const mock = await startMock([process.execPath, file, '--port', '0']);
		try {
			const client = await sdkClient(mock.url);
			expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['forecast']);
			expect(await client.callTool({ name: 'forecast', arguments: { city: 'Anywhere' } })).toMatchObject({
				structuredContent: { tempC: 3 }
			});
			await client.close();
		} finally {
			await mock.stop();
		}
		await page.getByTestId('replay-open').click();
	});
	await test.step('a target that dies halfway: an error row, nothing of the user lost', async () => {
		const dying = await startWeather(1, { dieAfterCalls: 1 });
		try {
			await page.locator('[data-testid=replay-target][data-server=weather]').fill(dying.url);
			await page.getByTestId('replay-run').click();
			await expect(page.locator('[data-testid=replay-row][data-tool=stations]')).toHaveAttribute(
				'data-status',
				'error',
				{ timeout: 20_000 }
			);
			await expect(page.locator('[data-testid=replay-row][data-tool=forecast]')).toHaveAttribute('data-status', 'same');
		} finally {
			await dying.stop();
		}
		await page.keyboard.press('Escape');
		await expect(page.getByTestId('assistant-message').last()).toHaveText('Paris: 18 °C and sunny.');
		await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected');
		const workbench = page.locator('[data-testid=workbench][data-server=weather]');
		await workbench.getByTestId('workbench-tab-saved').click();
		await expect(workbench.locator('[data-testid=saved-call][data-name=north]')).toHaveCount(1);
	});
});
