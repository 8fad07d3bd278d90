/**
 * The page's side of `npm run eval`: with `?evals` in the URL the page loads this and sets
 * `window.autouiEvals`, which the runner drives (one call per test run); the verdicts come back
 * as plain JSON. Nothing here is loaded without the parameter.
 */
import { PageRunner, type EvalHost } from './page-runner';
import { parseSuite } from './suite';
import type { EvalModel, EvalSuite, RunResult, RunRecord } from './types';

/** What `window.autouiEvals` offers the headless runner. */
export interface HeadlessEvals {
	/** Reads the suite (already checked by the runner) and connects its servers. */
	load(suiteJson: string): Promise<{ tests: string[] }>;
	/** Why a model cannot run here (no key, no model file), or null. */
	check(model: EvalModel): Promise<string | null>;
	/** One run of the test `id` with `model` in a fresh conversation. */
	run(id: string, model: EvalModel, label: string): Promise<{ result: RunResult; record: Omit<RunRecord, 'widgets'> }>;
}

/** Sets `window.autouiEvals` over the page's host. */
export function installHeadless(host: EvalHost): void {
	const runner = new PageRunner(host);
	let suite: EvalSuite | undefined;
	const evals: HeadlessEvals = {
		async load(suiteJson) {
			suite = parseSuite(suiteJson);
			await runner.prepare(suite);
			return { tests: suite.tests.map((test) => test.id) };
		},
		async check(model) {
			await host.ready();
			return host.modelProblem(model);
		},
		async run(id, model, label) {
			const test = suite?.tests.find((candidate) => candidate.id === id);
			if (!suite || !test) throw new Error(`no test "${id}" in the loaded suite`);
			const { result, record } = await runner.run(suite, test, model, label);
			const { widgets: _widgets, ...rest } = record;
			return { result, record: rest };
		}
	};
	(globalThis as { autouiEvals?: HeadlessEvals }).autouiEvals = evals;
}
