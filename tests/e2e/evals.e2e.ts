/**
 * Evals, end to end. The proof that the checks can fail: `npm run eval` runs the shipped suite
 * against the scripted model, which is right on most tests and wrong on purpose on others
 * (wrong tool, wrong rows of each kind, no widget, a tool for a question that needs none); the
 * runner must mark exactly those, with the right reasons, write the report and JUnit, and exit
 * by the threshold. Then the Evals panel runs two models side by side and shows the grid.
 */
import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { freePort } from '../fixtures/net';
import { evalModel, type Plan } from './support/eval-model';
import { acceptAgentLink } from '../fixtures/agent-link';

const suitePath = join(process.cwd(), 'evals', 'datasets.json');
const suite = JSON.parse(readFileSync(suitePath, 'utf8')) as {
	tests: Array<{ id: string; prompt: string; checks: [] }>;
};

/** The tests the scripted model gets wrong, how, and the failed checks (name → reason) the runner must report. */
const wrong: Record<string, { plan: Plan; failed: Record<string, string | RegExp> }> = {
	'texas-airports': {
		plan: 'wrong-tool',
		failed: { toolCalled: /^query_sql was not called/, widgetRendered: /^no stat widget/, rowsMatch: 'EMPTY_RESULT' }
	},
	'msft-price': { plan: 'no-widget', failed: { widgetRendered: /^no line widget/, rowsMatch: 'EMPTY_RESULT' } },
	'cars-heaviest': {
		plan: { sql: 'SELECT Name, Weight_in_lbs FROM cars ORDER BY Weight_in_lbs DESC, Name LIMIT 4' },
		failed: { rowsMatch: 'RESULT_MISSING_ROWS' }
	},
	'capitals-n-states': {
		plan: { sql: "SELECT state, city FROM us_state_capitals WHERE state LIKE 'N%' OR state LIKE 'O%'" },
		failed: { rowsMatch: 'RESULT_EXTRA_ROWS' }
	},
	'penguins-island-species': {
		plan: { sql: 'SELECT Island, count(*) AS penguins FROM penguins GROUP BY Island' },
		failed: { rowsMatch: 'RESULT_MISSING_COLUMNS' }
	},
	'seattle-weather-kinds': {
		plan: {
			sql: 'SELECT weather, count(*) AS days, round(avg(wind), 2) AS wind FROM seattle_weather GROUP BY weather'
		},
		failed: { rowsMatch: 'RESULT_EXTRA_COLUMNS' }
	},
	'cars-horsepower-origin': {
		plan: { sql: 'SELECT Origin, avg(Weight_in_lbs) AS avg_horsepower FROM cars GROUP BY Origin' },
		failed: { rowsMatch: 'RESULT_MISSING_ROWS' }
	},
	'apple-highest-price': {
		plan: { sql: "SELECT max(price) AS highest_price FROM stocks WHERE symbol = 'MSFT'" },
		failed: { rowsMatch: 'RESULT_MISSING_ROWS' }
	},
	'no-tool-haiku': { plan: 'tool-anyway', failed: { toolNotCalled: /^query_sql was called 1 time/ } }
};

interface Outcome {
	code: number | null;
	stdout: string;
	stderr: string;
	ms: number;
}

function runEval(args: string[]): Promise<Outcome> {
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [join(process.cwd(), 'scripts', 'eval.js'), ...args], {
			env: { ...process.env, ANTHROPIC_API_KEY: '', OPENAI_API_KEY: '' },
			stdio: ['ignore', 'pipe', 'pipe']
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		child.once('error', reject);
		child.once('exit', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
	});
}

let llm: FakeLlm;
let dir: string;
test.beforeAll(async () => {
	llm = await startFakeLlm({ cacheStability: 'ignore' });
	dir = mkdtempSync(join(tmpdir(), 'autoui-evals-'));
});
test.afterAll(async () => {
	await llm?.close();
	rmSync(dir, { recursive: true, force: true });
});

test('npm run eval marks exactly the wrong answers of the scripted model, with their reasons, and exits by the threshold', async () => {
	test.setTimeout(240_000);
	llm.setScenario(
		evalModel(suite.tests, Object.fromEntries(Object.entries(wrong).map(([id, entry]) => [id, entry.plan])))
	);
	const report = join(dir, 'report.json');
	const junit = join(dir, 'junit.xml');
	const run = await runEval([
		suitePath,
		'--provider',
		'anthropic',
		'--base-url',
		llm.url,
		'--model',
		'scripted',
		'--report',
		report,
		'--junit',
		junit,
		'--min-pass-rate',
		'0.8'
	]);
	console.log(`npm run eval over ${suite.tests.length} tests: ${run.ms} ms`);
	expect(run.stderr).toContain('pass rate 0.750 is below 0.8');
	expect(run.code).toBe(1);
	const lines = run.stdout.trim().split('\n');
	expect(lines.at(-1)).toBe(`${suite.tests.length - 9} passed, 9 failed`);
	expect(
		lines
			.filter((line) => line.startsWith('FAIL '))
			.map((line) => line.split(' ')[1])
			.sort()
	).toEqual(Object.keys(wrong).sort());

	const written = JSON.parse(readFileSync(report, 'utf8'));
	expect(Object.keys(written)).toEqual(['suite', 'startedAt', 'passRate', 'models', 'tests']);
	expect(written).toMatchObject({ suite: 'datasets', passRate: 0.75, models: ['anthropic:scripted'] });
	for (const entry of written.tests) {
		const [only] = entry.runs;
		expect(Object.keys(only)).toEqual(['passed', 'checks', 'toolCalls', 'tokens', 'ms']);
		const failed = Object.fromEntries(
			only.checks
				.filter((check: { passed: boolean }) => !check.passed)
				.map((check: { check: string; reason: string }) => [check.check, check.reason])
		);
		const expected = wrong[entry.id]?.failed ?? {};
		expect(Object.keys(failed).sort(), entry.id).toEqual(Object.keys(expected).sort());
		for (const [check, reason] of Object.entries(expected))
			expect(failed[check], `${entry.id} ${check}`).toMatch(reason);
		expect(only.passed).toBe(!wrong[entry.id]);
	}
	const xml = readFileSync(junit, 'utf8');
	expect(xml.match(/<testcase /g)).toHaveLength(suite.tests.length);
	expect(xml.match(/<failure /g)).toHaveLength(9);
	expect(xml).toContain('rowsMatch: RESULT_EXTRA_COLUMNS');
});

test('npm run eval refuses a vacuous test and an unreachable provider (exit 2), and never passes a run whose server is unreachable', async () => {
	test.setTimeout(120_000);
	const vacuous = join(dir, 'vacuous.json');
	writeFileSync(
		vacuous,
		JSON.stringify({ tests: [{ title: 'Hello', prompt: 'Say hello', model: { id: 'm', provider: 'anthropic' } }] })
	);
	const bad = await runEval([vacuous]);
	expect(bad.code).toBe(2);
	expect(bad.stderr).toContain('tests[0] "Hello".expectedTools: the test has no expected tool and no check');

	const closed = await freePort();
	const down = await runEval([
		suitePath,
		'--provider',
		'openai',
		'--base-url',
		`http://127.0.0.1:${closed}/v1`,
		'--model',
		'm'
	]);
	expect(down.code).toBe(2);
	expect(down.stderr).toMatch(
		/the openai provider at http:\/\/127\.0\.0\.1:\d+\/v1 cannot be reached \(ECONNREFUSED\)/
	);

	const elsewhere = join(dir, 'unreachable.json');
	writeFileSync(
		elsewhere,
		JSON.stringify({
			servers: { gone: { url: `http://127.0.0.1:${closed}/mcp` } },
			tests: [{ title: 'Echo', prompt: 'Echo hi', expectedTools: ['echo'], selectedServers: ['gone'] }]
		})
	);
	llm.setScenario({ steps: [], fallback: { text: 'hi' } });
	const unreachable = await runEval([
		elsewhere,
		'--provider',
		'anthropic',
		'--base-url',
		llm.url,
		'--model',
		'scripted',
		'--min-pass-rate',
		'0'
	]);
	expect(unreachable.code).toBe(0);
	expect(unreachable.stdout).toMatch(
		/^FAIL echo \[anthropic:scripted\] run 1\/1 .*serverReachable: SERVER_UNREACHABLE/m
	);
	expect(unreachable.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
});

test('the Evals panel runs two models side by side: the grid, a failed check with its reason, the report, a run’s transcript, and a turn saved as a test', async ({
	page
}) => {
	test.setTimeout(120_000);
	const wrongSql = 'SELECT Species, count(*) + 1 AS penguins FROM penguins GROUP BY Species';
	const picked = suite.tests.filter((entry) => entry.id === 'cars-count' || entry.id === 'penguins-per-species');
	const file = join(dir, 'two.json');
	writeFileSync(file, JSON.stringify({ name: 'two', tests: picked }));
	llm.setScenario(
		evalModel(picked, (id, format) =>
			format === 'openai' && id === 'penguins-per-species' ? { sql: wrongSql } : 'right'
		)
	);
	await page.goto(`/?provider=anthropic&baseUrl=${encodeURIComponent(llm.url)}&model=model-a`);
	await acceptAgentLink(page);
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });

	await page.getByTestId('evals-open').click();
	const panel = page.getByTestId('evals-panel');
	await page.getByTestId('evals-file').setInputFiles(file);
	await expect(panel.getByTestId('evals-suite')).toHaveText('two: 2 tests');
	await panel.getByTestId('evals-model-provider').selectOption('openai');
	await panel.getByTestId('evals-model-id').fill('model-b');
	await panel.getByTestId('evals-model-base-url').fill(`${llm.url}/v1`);
	await panel.getByTestId('evals-add-model').click();
	await expect(panel.getByTestId('evals-model')).toHaveCount(2);
	await panel.getByTestId('evals-run').click();
	await expect(panel.getByTestId('evals-progress')).toHaveAttribute('max', '4');
	await expect(panel.getByTestId('evals-run')).toBeVisible({ timeout: 60_000 });

	const cell = (test: string, model: string) =>
		panel.locator(`[data-testid=evals-cell][data-test="${test}"][data-model="${model}"]`);
	await expect(cell('cars-count', 'anthropic:model-a')).toHaveAttribute('data-state', 'passed');
	await expect(cell('cars-count', 'openai:model-b')).toHaveAttribute('data-state', 'passed');
	await expect(cell('penguins-per-species', 'anthropic:model-a')).toHaveAttribute('data-state', 'passed');
	const failedCell = cell('penguins-per-species', 'openai:model-b');
	await expect(failedCell).toHaveAttribute('data-state', 'failed');
	await expect(failedCell.getByTestId('evals-pass-count')).toHaveText('0/1');
	await expect(failedCell).toContainText('tok');
	await failedCell.getByTestId('evals-run-chip').click();
	await expect(panel.getByTestId('evals-failed-check')).toHaveText(/^rowsMatch: RESULT_MISSING_ROWS/);

	const download = page.waitForEvent('download');
	await panel.getByTestId('evals-export-report').click();
	const report = JSON.parse(readFileSync((await (await download).path())!, 'utf8'));
	expect(report).toMatchObject({ suite: 'two', passRate: 0.75, models: ['anthropic:model-a', 'openai:model-b'] });

	// The run's conversation: its transcript and console trace.
	await panel.getByTestId('evals-open-run').click();
	await expect(panel).toBeHidden();
	await expect(page.getByTestId('pane-chat')).toContainText(picked[1].prompt);
	await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1);
	await expect(page.locator('[data-widget-type=bar]')).toHaveCount(1);

	// That turn, saved as a test: its tools, its widget and its source's own query.
	await page.getByTestId('evals-open').click();
	await panel.getByText('Save a turn of this conversation as a test').click();
	await panel.getByTestId('evals-save-turn').first().click();
	await expect(panel.getByTestId('evals-suite')).toHaveText('two: 3 tests');
	const saved = page.waitForEvent('download');
	await panel.getByTestId('evals-export-suite').click();
	const exported = JSON.parse(readFileSync((await (await saved).path())!, 'utf8'));
	expect(exported.tests[2]).toMatchObject({
		prompt: picked[1].prompt,
		expectedTools: ['query_sql'],
		selectedServers: ['datasets'],
		checks: [
			{ check: 'widgetRendered', type: 'bar' },
			{ check: 'rowsMatch', server: 'datasets', sql: wrongSql },
			{ check: 'noToolErrors' },
			{ check: 'finalMessage' }
		]
	});
});
