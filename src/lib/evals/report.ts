/**
 * The report of a suite run (the JSON the runner writes and the panel exports), its pass
 * rate, one printed line per run, and JUnit XML (one testcase per test and model).
 */
import type { EvalModel, EvalReport, RunResult } from './types';

/** One test × model with its runs, as collected. */
export interface ReportEntry {
	title: string;
	id: string;
	model: string;
	runs: RunResult[];
}

/** How a model is named in reports: `provider:id`. */
export function modelName(model: EvalModel): string {
	return `${model.provider}:${model.id}`;
}

/** Passed runs over all runs (1 when there are none). */
export function passRate(entries: readonly ReportEntry[]): number {
	const runs = entries.flatMap((entry) => entry.runs);
	return runs.length ? runs.filter((run) => run.passed).length / runs.length : 1;
}

/** The report: runs with their checks as `{check, passed, reason}` (details stay in the page and the printed lines). */
export function buildReport(suite: string, startedAt: Date, entries: readonly ReportEntry[]): EvalReport {
	return {
		suite,
		startedAt: startedAt.toISOString(),
		passRate: passRate(entries),
		models: [...new Set(entries.map((entry) => entry.model))],
		tests: entries.map((entry) => ({
			title: entry.title,
			id: entry.id,
			model: entry.model,
			runs: entry.runs.map((run) => ({
				passed: run.passed,
				checks: run.checks.map((check) => ({ check: check.check, passed: check.passed, reason: check.reason })),
				toolCalls: run.toolCalls,
				tokens: run.tokens,
				ms: run.ms
			}))
		}))
	};
}

/** The printed line of one run: verdict, test, model, run, time and tokens, then each failed check. */
export function runLine(entry: { id: string; model: string }, run: RunResult, index: number, of: number): string {
	const head = `${run.passed ? 'PASS' : 'FAIL'} ${entry.id} [${entry.model}] run ${index + 1}/${of} ${run.ms} ms ${run.tokens.input + run.tokens.output} tokens`;
	const failed = run.checks
		.filter((check) => !check.passed)
		.map((check) => `${check.check}: ${check.reason}${check.detail ? ` (${check.detail})` : ''}`);
	return failed.length ? `${head} — ${failed.join('; ')}` : head;
}

/** The summary line, alone on its line. */
export function summaryLine(entries: readonly ReportEntry[]): string {
	const runs = entries.flatMap((entry) => entry.runs);
	const passed = runs.filter((run) => run.passed).length;
	return `${passed} passed, ${runs.length - passed} failed`;
}

function xml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.split('')
		.filter((char) => char >= ' ' || char === '\n' || char === '\t')
		.join('');
}

/** JUnit XML: one testsuite, one testcase per test and model; a failed run is a failure with its checks. */
export function toJUnit(report: EvalReport): string {
	const cases = report.tests.map((test) => {
		const seconds = test.runs.reduce((sum, run) => sum + run.ms, 0) / 1000;
		const failed = test.runs.map((run, index) => ({ run, index })).filter(({ run }) => !run.passed);
		const head = `  <testcase classname="${xml(`${report.suite}.${test.model}`)}" name="${xml(`${test.id}: ${test.title}`)}" time="${seconds.toFixed(3)}"`;
		if (!failed.length) return `${head}/>`;
		const body = failed
			.map(({ run, index }) => {
				const reasons = run.checks.filter((check) => !check.passed).map((check) => `${check.check}: ${check.reason}`);
				return `run ${index + 1}: ${reasons.join('; ')}`;
			})
			.join('\n');
		const message = `${failed.length} of ${test.runs.length} runs failed`;
		return `${head}>\n    <failure message="${xml(message)}" type="eval">${xml(body)}</failure>\n  </testcase>`;
	});
	const failures = report.tests.filter((test) => test.runs.some((run) => !run.passed)).length;
	const seconds = report.tests.flatMap((test) => test.runs).reduce((sum, run) => sum + run.ms, 0) / 1000;
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		`<testsuites name="${xml(report.suite)}" tests="${report.tests.length}" failures="${failures}" time="${seconds.toFixed(3)}">`,
		` <testsuite name="${xml(report.suite)}" tests="${report.tests.length}" failures="${failures}" errors="0" time="${seconds.toFixed(3)}" timestamp="${xml(report.startedAt)}">`,
		...cases,
		' </testsuite>',
		'</testsuites>',
		''
	].join('\n');
}
