/**
 * `npm run bench -- evals`: the eval runner's own time per test, model time excluded. The
 * shipped suite (evals/datasets.json) runs through the real headless path of `npm run eval`
 * (built app, Chromium, `window.autouiEvals`) against the scripted model answering at once;
 * for each run, the wall time of the run minus the turn's model time (its responses'
 * latencies) is what the runner and the app add: a fresh conversation, the tool calls, the
 * widget drawn and looked at, the ground-truth query, the checks. Also reported: the same
 * minus the whole turn (the runner alone).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeLlm } from '../fixtures/fake-llm';
import { evalModel } from '../e2e/support/eval-model';
import type { Browser, Page } from 'playwright-core';

/** The runner's own launcher (plain JS, loaded by path so the type check stays on the app). */
interface EvalApp {
	startApp(): Promise<{ url: string; stop(): Promise<void> }>;
	openBrowser(url: string, model: unknown): Promise<{ browser: Browser; page: Page }>;
}
const launcher = '../../scripts/eval-app.js';

type Emit = (figure: Record<string, unknown>) => void;

const quantile = (values: number[], q: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];
const round = (value: number) => Math.round(value);

export default async function run(emit: Emit): Promise<void> {
	const text = readFileSync(join(process.cwd(), 'evals', 'datasets.json'), 'utf8');
	const suite = JSON.parse(text) as { tests: Array<{ id: string; prompt: string; checks: [] }> };
	const { startApp, openBrowser } = (await import(/* @vite-ignore */ launcher)) as EvalApp;
	const llm = await startFakeLlm({ cacheStability: 'ignore' });
	llm.setScenario(evalModel(suite.tests, {}));
	const app = await startApp();
	const model = { provider: 'anthropic', id: 'scripted', baseUrl: llm.url };
	const { browser, page } = await openBrowser(app.url, model);
	try {
		await page.evaluate(
			(json) => (window as unknown as { autouiEvals: { load(json: string): Promise<unknown> } }).autouiEvals.load(json),
			text
		);
		const withoutModel: number[] = [];
		const runnerOnly: number[] = [];
		let passed = 0;
		for (const test of suite.tests) {
			const start = performance.now();
			const outcome = await page.evaluate(
				({ id, value }) =>
					(
						window as unknown as {
							autouiEvals: {
								run(
									id: string,
									model: unknown,
									label: string
								): Promise<{ result: { passed: boolean }; record: { ms: number; modelMs: number } }>;
							};
						}
					).autouiEvals.run(id, value, 'bench'),
				{ id: test.id, value: model }
			);
			const wall = performance.now() - start;
			withoutModel.push(wall - outcome.record.modelMs);
			runnerOnly.push(wall - outcome.record.ms);
			if (outcome.result.passed) passed++;
		}
		const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
		emit({
			name: 'evals-time-per-test-without-model',
			value: round(quantile(withoutModel, 0.5)),
			unit: 'ms',
			target: '< 500 ms',
			mean: round(mean(withoutModel)),
			p90: round(quantile(withoutModel, 0.9)),
			max: round(Math.max(...withoutModel)),
			tests: suite.tests.length,
			passed
		});
		emit({
			name: 'evals-runner-only-per-test',
			value: round(quantile(runnerOnly, 0.5)),
			unit: 'ms',
			mean: round(mean(runnerOnly)),
			p90: round(quantile(runnerOnly, 0.9)),
			max: round(Math.max(...runnerOnly))
		});
	} finally {
		await browser.close();
		await app.stop();
		await llm.close();
	}
}
