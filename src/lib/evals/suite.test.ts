import { describe, expect, it } from 'vitest';
import { parseSuite, suiteToJson, SuiteError } from './suite';
import { evaluateRun } from './checks';
import { buildReport, runLine, summaryLine, toJUnit } from './report';
import type { RunRecord } from './types';

const mcpjam = {
	tests: [
		{
			title: 'Cars by origin',
			prompt: 'How many cars per origin?',
			expectedTools: ['query_sql'],
			selectedServers: ['datasets'],
			model: { id: 'claude-sonnet-4-5', provider: 'anthropic' },
			advancedConfig: { instructions: 'Be brief', temperature: 0.2, maxSteps: 8, toolChoice: 'auto' }
		}
	]
};

function where(run: () => unknown): string {
	try {
		run();
	} catch (error) {
		if (error instanceof SuiteError) return error.message;
		throw error;
	}
	return 'no error';
}

describe('suite files', () => {
	it("reads MCPJam's CLI test file as it is", () => {
		const suite = parseSuite(JSON.stringify(mcpjam), 'cars');
		expect(suite.name).toBe('cars');
		expect(suite.tests[0]).toMatchObject({
			id: 'cars-by-origin',
			runs: 1,
			checks: [],
			expectedTools: ['query_sql'],
			model: { id: 'claude-sonnet-4-5', provider: 'anthropic' },
			advancedConfig: { maxSteps: 8, toolChoice: 'auto' }
		});
		expect(parseSuite(suiteToJson(suite)).tests).toEqual(suite.tests);
	});

	it('refuses a test that would pass vacuously, and names the test and field of every problem', () => {
		expect(where(() => parseSuite({ tests: [{ title: 'Hi', prompt: 'Hello' }] }))).toMatch(
			/^tests\[0\] "Hi"\.expectedTools: the test has no expected tool and no check/
		);
		expect(
			where(() =>
				parseSuite({ tests: [{ title: 'A', prompt: 'p', checks: [{ check: 'rowsMatch', server: 'datasets' }] }] })
			)
		).toBe('tests[0] "A".checks[0].sql: must be a non-empty string');
		expect(
			where(() => parseSuite({ tests: [{ title: 'A', prompt: 'p', checks: [{ check: 'widgetShown' }] }] }))
		).toMatch(/^tests\[0\] "A"\.checks\[0\]\.check: unknown check "widgetShown"/);
		expect(
			where(() =>
				parseSuite({ tests: [{ title: 'A', prompt: 'p', expectedTools: ['x'], selectedServers: ['github'] }] })
			)
		).toMatch(/selectedServers\[0\]: unknown server "github"/);
		expect(where(() => parseSuite({ tests: [{ title: 'A', prompt: 'p', expectedTools: ['x'], runs: 0 }] }))).toBe(
			'tests[0] "A".runs: must be a positive integer'
		);
		expect(where(() => parseSuite('{"tests": ['))).toMatch(/^file: is not JSON/);
	});
});

const record = (patch: Partial<RunRecord> = {}): RunRecord => ({
	toolCalls: [
		{ server: 'datasets', tool: 'query_sql', args: { sql: 'SELECT 1', limit: 10 } },
		{ server: 'autoui', tool: 'widget_display', args: { name: 'stat' } }
	],
	finalText: 'There are 406 cars.',
	text: 'Looking. There are 406 cars.',
	widgets: [{ id: 'w1', type: 'stat', drawn: true, latencyMs: 900, rows: [{ n: 406 }] }],
	tokens: { input: 1200, output: 80 },
	ms: 2000,
	modelMs: 1500,
	doneReason: 'end_turn',
	unreachable: {},
	...patch
});

describe('checks', () => {
	const suite = parseSuite({
		tests: [
			{
				title: 'Count',
				prompt: 'How many cars?',
				expectedTools: ['query_sql'],
				checks: [
					{ check: 'toolCalledWith', tool: 'datasets_mcp_query_sql', args: { sql: 'SELECT 1' }, match: 'partial' },
					{ check: 'toolCalled', tool: 'widget_display' },
					{ check: 'toolNotCalled', tool: 'describe_dataset' },
					{ check: 'firstTool', tool: 'query_sql' },
					{ check: 'responseContains', text: '406' },
					{ check: 'responseMatches', regex: '\\d+ cars' },
					{ check: 'noToolErrors' },
					{ check: 'finalMessage' },
					{ check: 'widgetRendered', type: 'stat' },
					{ check: 'widgetLatencyUnder', ms: 1000 },
					{ check: 'tokenBudgetUnder', tokens: 2000 },
					{ check: 'rowsMatch', server: 'datasets', sql: 'SELECT count(*) AS n FROM cars' }
				]
			}
		]
	});
	const [test] = suite.tests;
	const truths = test.checks.map((check) => (check.check === 'rowsMatch' ? { rows: [{ n: 406 }] } : undefined));

	it('pass on a right turn', () => {
		const run = evaluateRun(test, record(), truths);
		expect(run.checks.filter((check) => !check.passed)).toEqual([]);
		expect(run.passed).toBe(true);
	});

	it('fail each for its own reason on a wrong turn', () => {
		const run = evaluateRun(
			test,
			record({
				toolCalls: [
					{ server: 'datasets', tool: 'describe_dataset', args: { name: 'cars' }, error: 'boom' },
					{ server: 'datasets', tool: 'query_sql', args: { sql: 'SELECT 2' } }
				],
				finalText: '',
				text: 'Hmm',
				widgets: [{ id: 'w1', type: 'stat', drawn: false, problem: 'render error', latencyMs: 5, rows: [{ n: 405 }] }],
				tokens: { input: 3000, output: 10 },
				doneReason: 'max_iterations'
			}),
			truths
		);
		expect(Object.fromEntries(run.checks.map((check) => [check.check, check.passed]))).toMatchObject({
			toolCalledWith: false,
			toolCalled: false,
			toolNotCalled: false,
			firstTool: false,
			responseContains: false,
			responseMatches: false,
			noToolErrors: false,
			finalMessage: false,
			widgetRendered: false,
			widgetLatencyUnder: false,
			tokenBudgetUnder: false,
			rowsMatch: false
		});
		expect(run.checks.find((check) => check.check === 'rowsMatch')?.reason).toBe('RESULT_MISSING_ROWS');
		expect(run.passed).toBe(false);
	});

	it('never pass when a server cannot be reached', () => {
		const run = evaluateRun(test, record({ unreachable: { datasets: 'connection refused' } }), truths);
		expect(run.passed).toBe(false);
		expect(run.checks[0]).toMatchObject({ check: 'serverReachable', reason: 'SERVER_UNREACHABLE' });
	});

	it('make a report, printed lines and JUnit', () => {
		const passed = evaluateRun(test, record(), truths);
		const failed = evaluateRun(test, record({ widgets: [] }), truths);
		const entries = [{ title: test.title, id: test.id, model: 'anthropic:m', runs: [passed, failed] }];
		const report = buildReport('s', new Date(0), entries);
		expect(report).toMatchObject({
			suite: 's',
			startedAt: '1970-01-01T00:00:00.000Z',
			passRate: 0.5,
			models: ['anthropic:m']
		});
		expect(Object.keys(report.tests[0].runs[1].checks[0])).toEqual(['check', 'passed', 'reason']);
		expect(summaryLine(entries)).toBe('1 passed, 1 failed');
		expect(runLine(entries[0], failed, 1, 2)).toMatch(
			/^FAIL count \[anthropic:m\] run 2\/2 .* rowsMatch: EMPTY_RESULT/
		);
		const junit = toJUnit(report);
		expect(junit).toContain('<testcase classname="s.anthropic:m" name="count: Count"');
		expect(junit).toContain('<failure message="1 of 2 runs failed" type="eval">run 2: widgetRendered');
	});
});
