/**
 * A model in the browser (`?provider=local`) with a real GGUF file, tests/fixtures/models/
 * stories260K.gguf (a tiny trained llama model; see its README): chosen through the file
 * input, it loads in the worker under the app's CSP (progress, then its facts), answers with
 * text that streams into the chat while the page keeps drawing frames, stops at once on
 * Stop, and produces a tool call under the grammar that the app dispatches. A reload needs
 * no new file (the cache); files that cannot run each get their own clear message.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { freePort } from '../fixtures/net';
import { collectErrors, saveScreenshot } from './helpers';
import { send, turnsDone } from './support/app';
import { acceptAgentLink } from '../fixtures/agent-link';

const fixture = join(process.cwd(), 'tests', 'fixtures', 'models', 'stories260K.gguf');
const modelBytes = readFileSync(fixture);

test.use({ viewport: { width: 1400, height: 950 } });
test.describe.configure({ timeout: 240_000 });

/** Opens the settings on `?provider=local` (plus `extra` parameters). */
async function openLocal(page: Page, extra = ''): Promise<void> {
	const response = await page.goto(`/?provider=local${extra}`);
	await acceptAgentLink(page);
	// The page's policy allows no eval of any kind: WebAssembly compiles in the worker only.
	const policy = response?.headers()['content-security-policy'] ?? '';
	expect(policy).toContain("script-src 'self'");
	expect(policy).not.toContain('unsafe-eval');
}

async function openSettings(page: Page): Promise<void> {
	await page.getByTestId('llm-status').click();
	await expect(page.getByTestId('settings-dialog')).toBeVisible();
	await expect(page.getByTestId('settings-provider')).toHaveValue('local');
}

/** Records whether the progress element ever showed (a 1 MB file loads in a blink). */
async function watchProgress(page: Page): Promise<void> {
	await page.evaluate(() => {
		const seen: string[] = [];
		(window as unknown as { progressSeen: string[] }).progressSeen = seen;
		new MutationObserver(() => {
			const element = document.querySelector('[data-testid=local-model-progress]');
			if (element?.textContent) seen.push(element.textContent.replace(/\s+/g, ' ').trim());
		}).observe(document.body, { subtree: true, childList: true, characterData: true });
	});
}

/** Chooses `name` with `buffer` in the file input and waits for the model to be ready. */
async function chooseModel(page: Page, name = 'stories260K.gguf', buffer: Buffer = modelBytes): Promise<void> {
	const input = page.getByTestId('local-model-file');
	// The input is enabled once the engine's code has loaded (on demand, with the panel).
	await expect(input).toBeEnabled({ timeout: 30_000 });
	await input.setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
}

/** Sets the agent's tool choice in the open settings dialog and saves. */
async function saveWithToolChoice(page: Page, choice: 'auto' | 'required' | 'none'): Promise<void> {
	await page.getByTestId('settings-tool-choice').selectOption(choice);
	await page.getByTestId('settings-save').click();
	await expect(page.getByTestId('settings-dialog')).toBeHidden();
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
}

/**
 * Starts measuring, while the model generates, the longest task on the page's thread (what
 * would freeze it) and the longest gap between animation frames (which also counts time the
 * busy test machine did not give the page).
 */
async function startFrameWatch(page: Page): Promise<void> {
	await page.evaluate(() => {
		const state = {
			last: performance.now(),
			maxGap: 0,
			maxTask: 0,
			running: true,
			observer: null as PerformanceObserver | null
		};
		(window as unknown as { frames: typeof state }).frames = state;
		state.observer = new PerformanceObserver((list) => {
			for (const entry of list.getEntries()) state.maxTask = Math.max(state.maxTask, entry.duration);
		});
		state.observer.observe({ type: 'longtask' });
		const tick = (now: number) => {
			state.maxGap = Math.max(state.maxGap, now - state.last);
			state.last = now;
			if (state.running) requestAnimationFrame(tick);
		};
		requestAnimationFrame(tick);
	});
}

async function stopFrameWatch(page: Page): Promise<{ maxGap: number; maxTask: number }> {
	return page.evaluate(() => {
		const state = (
			window as unknown as {
				frames: { maxGap: number; maxTask: number; running: boolean; observer: PerformanceObserver };
			}
		).frames;
		state.running = false;
		state.observer.disconnect();
		return { maxGap: state.maxGap, maxTask: state.maxTask };
	});
}

interface StopReading {
	/** The answer's length when Stop was pressed. */
	beforeStop: number;
	/** Milliseconds from the press until the composer offered Send again. */
	stoppedAfter: number;
}

/**
 * Presses Stop from inside the page as soon as the newest answer is `chars` characters
 * long, and times how long the composer takes to offer Send again. The frame watch restarts
 * with the answer's first token.
 */
async function armStop(page: Page, chars: number): Promise<void> {
	await page.evaluate((threshold) => {
		type Armed = { reading: { beforeStop: number; stoppedAfter: number } | null; observer?: MutationObserver };
		const host = window as unknown as { stopState?: Armed };
		host.stopState?.observer?.disconnect();
		const known = document.querySelectorAll('[data-testid=assistant-message]').length;
		const state: Armed = { reading: null };
		host.stopState = state;
		let pressedAt = 0;
		let before = 0;
		let streaming = false;
		const observer = new MutationObserver(() => {
			if (pressedAt) {
				if (document.querySelector('[data-testid=send]')) {
					state.reading = { beforeStop: before, stoppedAfter: performance.now() - pressedAt };
					observer.disconnect();
				}
				return;
			}
			const answers = document.querySelectorAll('[data-testid=assistant-message]');
			const stop = document.querySelector<HTMLButtonElement>('[data-testid=stop]');
			if (answers.length <= known || !stop) return;
			const length = (answers[answers.length - 1].textContent ?? '').length;
			if (length > 0 && !streaming) {
				// The frame watch measures from the first token on: generation runs in the worker.
				streaming = true;
				const frames = (window as unknown as { frames?: { last: number; maxGap: number; maxTask: number } }).frames;
				if (frames) Object.assign(frames, { last: performance.now(), maxGap: 0, maxTask: 0 });
			}
			if (length < threshold) return;
			before = length;
			pressedAt = performance.now();
			stop.click();
		});
		state.observer = observer;
		observer.observe(document.body, { subtree: true, childList: true, characterData: true });
	}, chars);
}

/** What the armed Stop measured, or null when the answer ended before it was pressed. */
async function stopReading(page: Page): Promise<StopReading | null> {
	await page.waitForTimeout(100);
	return page.evaluate(() => (window as unknown as { stopState: { reading: StopReading | null } }).stopState.reading);
}

test('a GGUF file loads through the file input, text streams, Stop ends it at once, the page never freezes', async ({
	page
}) => {
	const errors = collectErrors(page);
	await openLocal(page);
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'not-configured');
	await openSettings(page);
	await expect(page.getByTestId('settings-api-key')).toHaveCount(0);
	// The browser's built-in model is offered only where this browser can use it.
	const builtIn = await page.evaluate(async () => {
		const api = (globalThis as { LanguageModel?: { availability(): Promise<string> } }).LanguageModel;
		return api ? (await api.availability()) !== 'unavailable' : false;
	});
	await expect(page.locator('[data-testid=settings-provider] option[value=browser]')).toHaveCount(builtIn ? 1 : 0);
	await watchProgress(page);
	await chooseModel(page);
	const ready = page.getByTestId('local-model-ready');
	await expect(ready).toBeVisible({ timeout: 60_000 });
	await expect(ready).toContainText('stories260K.gguf');
	await expect(page.getByTestId('local-model-architecture')).toHaveText('llama');
	await expect(page.getByTestId('local-model-context-length')).toContainText('2,048 tokens');
	await expect(ready).toContainText('ChatML (the file has none; the default is used)');
	await expect(ready).toContainText('1.1 MB');
	// A 1 MB story model cannot call tools, and the panel says so on load.
	await expect(page.getByTestId('settings-dialog').getByTestId('model-capability-note')).toContainText(
		'Chat only: this model cannot call tools'
	);
	const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
	expect(progress.some((line) => /\d+(\.\d+)? (KB|MB) of 1\.1 MB \(\d+%\)/.test(line))).toBe(true);
	await expect(page.getByTestId('local-model-cached').locator('li')).toHaveCount(1);
	await saveScreenshot(page, 'local-model-ready');
	await saveWithToolChoice(page, 'none');
	await expect(page.getByTestId('llm-status')).toContainText('stories260K.gguf');
	await expect(page.getByTestId('pane-chat').getByTestId('model-capability-note')).toContainText('cannot call tools');

	// The tiny model writes a few hundred tokens a second, so Stop is pressed from inside the
	// page the moment the answer has grown enough: a click from the test could arrive after
	// the story ended by itself. A story that ends before that is asked for again.
	await startFrameWatch(page);
	let stop: StopReading | null = null;
	for (let attempt = 0; attempt < 3 && !stop; attempt++) {
		await armStop(page, 160);
		await send(page, 'Tell me a story about a cat.');
		await expect(page.getByTestId('assistant-message')).toHaveCount(attempt + 1, { timeout: 20_000 });
		await expect(page.getByTestId('send')).toBeVisible({ timeout: 60_000 });
		stop = await stopReading(page);
	}
	const { maxGap, maxTask } = await stopFrameWatch(page);
	expect(stop, 'a story long enough to be stopped mid-generation').not.toBeNull();
	const { beforeStop, stoppedAfter } = stop!;
	const answer = page.getByTestId('assistant-message').last();
	const afterStop = ((await answer.textContent()) ?? '').length;
	await page.waitForTimeout(500);
	expect(((await answer.textContent()) ?? '').length).toBe(afterStop);
	expect(afterStop).toBeGreaterThanOrEqual(beforeStop);
	expect(stoppedAfter).toBeLessThan(3_000);
	expect(maxTask).toBeLessThan(250);
	test.info().annotations.push({
		type: 'frames',
		description: `longest task ${Math.round(maxTask)} ms, longest frame gap ${Math.round(maxGap)} ms; stopped after ${Math.round(stoppedAfter)} ms at ${beforeStop} characters`
	});
	expect(errors).toEqual([]);
});

test('the grammar makes the tiny model call a tool, which the app dispatches; a reload uses the stored file', async ({
	page
}) => {
	const errors = collectErrors(page);
	await openLocal(page);
	await openSettings(page);
	await chooseModel(page);
	await expect(page.getByTestId('local-model-ready')).toBeVisible({ timeout: 60_000 });
	await saveWithToolChoice(page, 'required');

	// Naming the tool narrows a small model's tool set to it, so the call is widget_display.
	await send(page, 'Use widget_display to show the number of flights as a kpi widget.');
	const call = page.locator('[data-testid=console-entry][data-kind=tool-call]').first();
	await expect(call).toBeVisible({ timeout: 60_000 });
	await expect(call).toContainText('widget_display');
	await expect(turnsDone(page)).toHaveCount(1, { timeout: 100_000 });
	const widget = page.locator('[data-widget-type]');
	const refused = page.locator('[data-testid=console-entry][data-kind=tool-call][data-status=error]');
	await expect(widget.or(refused).first()).toBeVisible();
	if ((await widget.count()) === 0) {
		await refused.first().click();
		await expect(page.getByTestId('console-detail')).toContainText(/params|argument|must|required|invalid/i);
	}
	await expect(page.getByTestId('chat-error')).toHaveCount(0);
	await saveScreenshot(page, 'local-model-tool-call');

	await openSettings(page);
	await expect(page.getByTestId('local-model-context')).toContainText('of 2,048 tokens');
	await page.getByTestId('settings-tool-choice').selectOption('auto');
	await page.getByTestId('settings-save').click();

	// After a reload the stored file loads with the first message. The full request (system
	// prompt, every tool, lazy discovery) is several times the 2,048-token context: it is
	// fitted, and the turn runs to its end.
	await page.reload();
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
	await send(page, 'How many flights left Paris last year?');
	await expect(turnsDone(page)).toHaveCount(2, { timeout: 150_000 });
	await expect(page.getByTestId('chat-error')).toHaveCount(0);
	await expect(page.locator('[data-testid=console-entry][data-kind=error]')).toHaveCount(0);
	await saveScreenshot(page, 'local-model-full-request');
	await openSettings(page);
	await expect(page.getByTestId('local-model-ready')).toContainText('stories260K.gguf');
	await page.getByTestId('local-model-remove').click();
	await expect(page.getByTestId('local-model-cached')).toHaveCount(0);
	expect(errors).toEqual([]);
});

test('a non-GGUF file, a cut-off file, an unknown architecture and a file too big for memory each say what is wrong', async ({
	page
}) => {
	const errors = collectErrors(page);
	// The browser reports 1 MB of memory: the 1.1 MB model is then too big for it.
	await page.addInitScript(() => {
		if (sessionStorage.getItem('tinyMemory'))
			Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 0.001 });
	});
	await openLocal(page);
	await openSettings(page);
	const failure = page.getByTestId('local-model-error');

	await chooseModel(page, 'notes.gguf', Buffer.from('These are not the weights you are looking for.\n'.repeat(50)));
	await expect(failure).toHaveAttribute('data-problem', 'not_gguf');
	await expect(failure).toContainText('"notes.gguf" is not a GGUF model file');

	await chooseModel(page, 'cut.gguf', modelBytes.subarray(0, 600_000));
	await expect(failure).toHaveAttribute('data-problem', 'corrupt', { timeout: 20_000 });
	await expect(failure).toContainText('damaged or incomplete');

	const renamed = Buffer.from(modelBytes);
	const at = renamed.indexOf('general.architecture');
	const value = renamed.indexOf('llama', at + 'general.architecture'.length);
	renamed.write('zzzzz', value);
	await chooseModel(page, 'other-arch.gguf', renamed);
	await expect(failure).toHaveAttribute('data-problem', 'unsupported_architecture', { timeout: 20_000 });
	await expect(failure).toContainText('"zzzzz" architecture');
	await saveScreenshot(page, 'local-model-unsupported');

	await page.evaluate(() => sessionStorage.setItem('tinyMemory', '1'));
	await page.reload();
	await openSettings(page);
	await chooseModel(page);
	await expect(failure).toHaveAttribute('data-problem', 'too_big');
	await expect(failure).toContainText('too big for this browser');
	await expect(page.getByTestId('local-model-cached')).toHaveCount(0);
	expect(errors).toEqual([]);
});

test('a GGUF served over HTTP loads through the URL field, with download progress', async ({ page }) => {
	const errors = collectErrors(page);
	const port = await freePort();
	// A local file server that allows other origins (CORS), as the README suggests.
	const server: Server = createServer((request, response) => {
		response.setHeader('access-control-allow-origin', '*');
		if (request.url !== '/models/stories260K.gguf') return void response.writeHead(404).end();
		response.writeHead(200, {
			'content-type': 'application/octet-stream',
			'content-length': String(modelBytes.length)
		});
		response.end(modelBytes);
	});
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	try {
		await openLocal(page);
		await openSettings(page);
		await watchProgress(page);
		await expect(page.getByTestId('local-model-file')).toBeEnabled({ timeout: 30_000 });
		await page.getByTestId('local-model-url').fill(`http://127.0.0.1:${port}/models/stories260K.gguf`);
		await page.getByTestId('local-model-url-load').click();
		await expect(page.getByTestId('local-model-ready')).toContainText('stories260K.gguf', { timeout: 60_000 });
		const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
		expect(progress.some((line) => line.startsWith('Downloading'))).toBe(true);
		await expect(page.getByTestId('local-model-cached').locator('li')).toHaveCount(1);

		await page.getByTestId('local-model-url').fill(`http://127.0.0.1:${port}/models/missing.gguf`);
		await page.getByTestId('local-model-url-load').click();
		await expect(page.getByTestId('local-model-error')).toHaveAttribute('data-problem', 'download');
		await expect(page.getByTestId('local-model-error')).toContainText('the server answered 404');
	} finally {
		server.close();
	}
	expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
});
