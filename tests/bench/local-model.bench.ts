/**
 * The local model (`?provider=local`) with the real fixture tests/fixtures/models/
 * stories260K.gguf, in Chromium against the production build:
 * - `local-model-load`: from choosing the file to the model being ready (check, start in
 *   the worker, store on the device), median of fresh pages;
 * - `local-model-first-token`: from Send to the first text in the chat (agent loop, compact
 *   prompt, prompt processing, first decoded token), free text (tool choice none);
 * - `local-model-tokens-per-second`: generation speed as the runtime reports it;
 * - `local-model-frame-gap`: the longest gap between animation frames while it generates;
 * - `local-model-tool-call-turn`: a whole turn whose first request must call a tool, under
 *   the grammar (decode, dispatch, the next request).
 */
import { chromium, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumLaunch, withAppServer } from './server';
import { acceptAgentLink } from '../fixtures/agent-link';

type Emit = (figure: Record<string, unknown>) => void;

const model = readFileSync(join(process.cwd(), 'tests', 'fixtures', 'models', 'stories260K.gguf'));

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

async function loadModel(page: Page, baseUrl: string): Promise<number> {
	await page.goto(`${baseUrl}/?provider=local`);
	await acceptAgentLink(page);
	await page.getByTestId('llm-status').click();
	const input = page.getByTestId('local-model-file');
	await input.waitFor();
	await page.waitForFunction(
		() => !(document.querySelector('[data-testid=local-model-file]') as HTMLInputElement).disabled
	);
	const started = Date.now();
	await input.setInputFiles({ name: 'stories260K.gguf', mimeType: 'application/octet-stream', buffer: model });
	await page.getByTestId('local-model-ready').waitFor({ timeout: 60_000 });
	return Date.now() - started;
}

async function chooseToolChoice(page: Page, choice: 'none' | 'required'): Promise<void> {
	await page.getByTestId('settings-tool-choice').selectOption(choice);
	await page.getByTestId('settings-save').click();
	await page.locator('[data-testid=llm-status][data-status=ready]').waitFor();
}

async function generate(page: Page): Promise<{ firstToken: number; frameGap: number; tokensPerSecond: number }> {
	await page.evaluate(() => {
		const state = { first: 0, last: performance.now(), maxGap: 0, running: true };
		(window as unknown as { bench: typeof state }).bench = state;
		new MutationObserver(() => {
			const message = document.querySelector('[data-testid=assistant-message]');
			if (!state.first && message?.textContent?.trim()) state.first = performance.now();
		}).observe(document.body, { subtree: true, childList: true, characterData: true });
		const tick = (now: number) => {
			if (state.first) state.maxGap = Math.max(state.maxGap, now - state.last);
			state.last = now;
			if (state.running) requestAnimationFrame(tick);
		};
		requestAnimationFrame(tick);
	});
	await page.getByTestId('chat-input').fill('Tell me a story about a dog.');
	const sent = await page.evaluate(() => performance.now());
	await page.getByTestId('send').click();
	await page.getByTestId('pane-chat').getByTestId('turn-done').waitFor({ timeout: 120_000 });
	const { first, maxGap } = await page.evaluate(() => {
		const state = (window as unknown as { bench: { first: number; maxGap: number; running: boolean } }).bench;
		state.running = false;
		return state;
	});
	await page.getByTestId('llm-status').click();
	const context = (await page.getByTestId('local-model-context').textContent()) ?? '';
	await page.getByRole('button', { name: 'Cancel' }).click();
	const speed = /([\d.]+) tokens\/s/.exec(context);
	return { firstToken: first - sent, frameGap: maxGap, tokensPerSecond: speed ? Number(speed[1]) : Number.NaN };
}

export default async function run(emit: Emit): Promise<void> {
	await withAppServer(async (baseUrl) => {
		const browser = await chromium.launch(chromiumLaunch);
		try {
			const loads: number[] = [];
			const firstTokens: number[] = [];
			const gaps: number[] = [];
			const speeds: number[] = [];
			const runs = 3;
			for (let run = 0; run < runs; run++) {
				const context = await browser.newContext();
				const page = await context.newPage();
				loads.push(await loadModel(page, baseUrl));
				await chooseToolChoice(page, 'none');
				const generated = await generate(page);
				firstTokens.push(generated.firstToken);
				gaps.push(generated.frameGap);
				speeds.push(generated.tokensPerSecond);
				if (run === runs - 1) {
					await page.getByTestId('llm-status').click();
					await chooseToolChoice(page, 'required');
					await page.getByTestId('chat-input').fill('Use widget_display to show a kpi.');
					const started = Date.now();
					await page.getByTestId('send').click();
					await page.getByTestId('pane-chat').getByTestId('turn-done').nth(1).waitFor({ timeout: 180_000 });
					emit({
						name: 'local-model-tool-call-turn',
						value: Date.now() - started,
						unit: 'ms',
						target: null,
						note: 'first request must call a tool; stories260K, 2,048-token context, one thread'
					});
				}
				await context.close();
			}
			const round = (value: number) => Math.round(value);
			emit({
				name: 'local-model-load',
				value: round(median(loads)),
				unit: 'ms',
				target: '< 3000 ms',
				runs,
				max: round(Math.max(...loads)),
				bytes: model.length
			});
			emit({
				name: 'local-model-first-token',
				value: round(median(firstTokens)),
				unit: 'ms',
				target: null,
				runs,
				max: round(Math.max(...firstTokens))
			});
			emit({
				name: 'local-model-tokens-per-second',
				value: Math.round(median(speeds) * 10) / 10,
				unit: 'tokens/s',
				target: null,
				runs
			});
			emit({ name: 'local-model-frame-gap', value: round(Math.max(...gaps)), unit: 'ms', target: '< 250 ms', runs });
		} finally {
			await browser.close();
		}
	});
}
