/**
 * The checks of one run: each test's `expectedTools` (called at least once) and its `checks`,
 * over the plain record the page collected of the turn, and the ground-truth rows of its
 * `rowsMatch` checks. A server that could not be reached fails the run (`SERVER_UNREACHABLE`):
 * a run against nothing never passes.
 */
import type { Check, CheckResult, EvalTest, EvalToolCall, GroundTruth, RunRecord, RunResult } from './types';
import { compareRows } from './rows-match';

/** The reason of a run whose servers could not be reached. */
export const serverUnreachable = 'SERVER_UNREACHABLE';

/** True when the suite's tool name (own name, or the prefixed `{server}_{protocol}_{tool}`) names `call`. */
export function namesCall(name: string, call: EvalToolCall): boolean {
	if (name === call.tool) return true;
	const server = (call.server ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '_');
	return Boolean(server) && new RegExp(`^${server}_[a-z]+_${call.tool.replace(/[^A-Za-z0-9_]/g, '\\$&')}$`).test(name);
}

function isPlain(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `expected` is within `actual` (objects: every expected key, recursively; the rest: equal JSON). */
function partialMatch(expected: unknown, actual: unknown): boolean {
	if (isPlain(expected))
		return isPlain(actual) && Object.entries(expected).every(([key, value]) => partialMatch(value, actual[key]));
	if (typeof expected === 'string' && typeof actual === 'string') return expected.trim() === actual.trim();
	return JSON.stringify(expected) === JSON.stringify(actual);
}

function canonical(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(canonical);
	if (isPlain(value))
		return Object.fromEntries(
			Object.keys(value)
				.sort()
				.map((key) => [key, canonical(value[key])])
		);
	return value;
}

function pass(check: string, detail?: string): CheckResult {
	return { check, passed: true, reason: '', ...(detail ? { detail } : {}) };
}

function fail(check: string, reason: string, detail?: string): CheckResult {
	return { check, passed: false, reason, ...(detail ? { detail } : {}) };
}

function calledNames(record: RunRecord): string {
	return record.toolCalls.map((call) => call.tool).join(', ') || 'no tool';
}

/** One check's verdict. `truth` is the ground truth of a rowsMatch check. */
export function runCheck(check: Check, record: RunRecord, truth?: GroundTruth): CheckResult {
	const calls = (tool: string) => record.toolCalls.filter((call) => namesCall(tool, call));
	switch (check.check) {
		case 'toolCalled':
			return calls(check.tool).length
				? pass(check.check)
				: fail(check.check, `${check.tool} was not called (called: ${calledNames(record)})`);
		case 'toolNotCalled': {
			const count = calls(check.tool).length;
			return count
				? fail(check.check, `${check.tool} was called ${count} time${count > 1 ? 's' : ''}`)
				: pass(check.check);
		}
		case 'firstTool': {
			const first = record.toolCalls[0];
			return first && namesCall(check.tool, first)
				? pass(check.check)
				: fail(check.check, `the first tool was ${first?.tool ?? 'none'}, not ${check.tool}`);
		}
		case 'toolCalledWith': {
			const candidates = calls(check.tool);
			if (!candidates.length) return fail(check.check, `${check.tool} was not called (called: ${calledNames(record)})`);
			const matches = candidates.some((call) =>
				check.match === 'exact'
					? JSON.stringify(canonical(call.args)) === JSON.stringify(canonical(check.args))
					: partialMatch(check.args, call.args)
			);
			return matches
				? pass(check.check)
				: fail(
						check.check,
						`${check.tool} was called, but never with ${check.match === 'exact' ? 'exactly ' : ''}${JSON.stringify(check.args).slice(0, 200)}`,
						`its arguments were ${candidates.map((call) => JSON.stringify(call.args).slice(0, 200)).join('; ')}`
					);
		}
		case 'responseContains':
			return record.text.toLowerCase().includes(check.text.toLowerCase())
				? pass(check.check)
				: fail(check.check, `the answer does not contain "${check.text}"`);
		case 'responseMatches':
			return new RegExp(check.regex).test(record.text)
				? pass(check.check)
				: fail(check.check, `the answer does not match /${check.regex}/`);
		case 'noToolErrors': {
			const failed = record.toolCalls.filter((call) => call.error !== undefined);
			return failed.length
				? fail(
						check.check,
						`${failed.length} call${failed.length > 1 ? 's' : ''} failed: ${failed[0].tool}: ${failed[0].error!.slice(0, 200)}`
					)
				: pass(check.check);
		}
		case 'finalMessage':
			if (record.error)
				return fail(check.check, `the turn failed (${record.error.code}): ${record.error.message.slice(0, 200)}`);
			return record.doneReason === 'end_turn' && record.finalText.trim()
				? pass(check.check)
				: fail(
						check.check,
						`the turn ended with ${record.doneReason} and ${record.finalText.trim() ? 'text' : 'no final text'}`
					);
		case 'widgetRendered': {
			const ofType = record.widgets.filter((widget) => widget.type === check.type);
			if (ofType.some((widget) => widget.drawn)) return pass(check.check);
			if (ofType.length)
				return fail(
					check.check,
					`the ${check.type} widget was accepted but not drawn: ${ofType[0].problem ?? 'unknown'}`
				);
			const shown = record.widgets.map((widget) => widget.type).join(', ');
			return fail(check.check, `no ${check.type} widget was displayed${shown ? ` (displayed: ${shown})` : ''}`);
		}
		case 'widgetLatencyUnder': {
			const first = record.widgets.find((widget) => widget.drawn);
			if (!first) return fail(check.check, 'no widget was drawn');
			return first.latencyMs < check.ms
				? pass(check.check, `${Math.round(first.latencyMs)} ms`)
				: fail(check.check, `the first widget took ${Math.round(first.latencyMs)} ms (limit ${check.ms} ms)`);
		}
		case 'tokenBudgetUnder': {
			const used = record.tokens.input + record.tokens.output;
			return used < check.tokens
				? pass(check.check, `${used} tokens`)
				: fail(check.check, `the turn used ${used} tokens (budget ${check.tokens})`);
		}
		case 'rowsMatch':
			return rowsMatch(check, record, truth);
	}
}

function rowsMatch(check: Extract<Check, { check: 'rowsMatch' }>, record: RunRecord, truth?: GroundTruth): CheckResult {
	if (!truth) return fail(check.check, 'GROUND_TRUTH_FAILED', 'the ground-truth query did not run');
	if ('error' in truth)
		return truth.code === serverUnreachable
			? fail(check.check, serverUnreachable, truth.error)
			: fail(check.check, 'GROUND_TRUTH_FAILED', `the ground-truth query failed: ${truth.error}`);
	// The widget whose rows match decides; else the closest verdict of the widgets with rows.
	const widgets = record.widgets.filter((widget) => widget.rows?.length);
	if (!widgets.length) {
		const verdict = compareRows(undefined, truth.rows, check);
		return verdict.passed
			? pass(check.check, verdict.detail)
			: fail(
					check.check,
					verdict.reason,
					record.widgets.length ? `${verdict.detail} (its widgets show no rows)` : 'no widget was displayed'
				);
	}
	const verdicts = widgets.map((widget) => ({ widget, verdict: compareRows(widget.rows, truth.rows, check) }));
	const matched = verdicts.find((entry) => entry.verdict.passed);
	if (matched) return pass(check.check, `${matched.widget.type}: ${matched.verdict.detail}`);
	const { widget, verdict } = verdicts[verdicts.length - 1];
	return fail(check.check, verdict.passed ? '' : verdict.reason, `${widget.type} ${widget.id}: ${verdict.detail}`);
}

/** Every verdict of one run; `truths[i]` is the ground truth of `test.checks[i]` (rowsMatch only). */
export function evaluateRun(
	test: EvalTest,
	record: RunRecord,
	truths: ReadonlyArray<GroundTruth | undefined>
): RunResult {
	const unreachable = Object.entries(record.unreachable);
	const checks: CheckResult[] = unreachable.map(([server, why]) =>
		fail('serverReachable', serverUnreachable, `${server}: ${why}`)
	);
	checks.push(...test.expectedTools.map((tool) => runCheck({ check: 'toolCalled', tool }, record)));
	checks.push(...test.checks.map((check, index) => runCheck(check, record, truths[index])));
	return {
		passed: checks.every((check) => check.passed),
		checks,
		toolCalls: record.toolCalls,
		tokens: record.tokens,
		ms: Math.round(record.ms)
	};
}
