/**
 * `npm run eval -- <suite.json> [--provider anthropic|openai|local|agui] [--base-url URL]
 * [--model ID] [--runs N] [--report report.json] [--junit junit.xml] [--min-pass-rate R]`
 *
 * Runs an eval suite against the real built app in headless Chromium: each test `runs` times,
 * each run in a fresh conversation, so `widgetRendered` means drawn on the canvas. Prints one
 * line per run, then `N passed, M failed`. Exit 0 when the pass rate reaches --min-pass-rate
 * (default 1), 1 below it, 2 for a bad suite file, bad flags or a provider that cannot be reached.
 * Keys come from the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY): the app's server holds them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { runnerImport } from 'vite';
import { ensureBuild, root } from './build-state.js';
import { startApp, openBrowser, providerProblem } from './eval-app.js';

const usage =
	'usage: npm run eval -- <suite.json> [--provider anthropic|openai|local|agui] [--base-url URL] [--model ID] [--runs N] [--report report.json] [--junit junit.xml] [--min-pass-rate R]';
const flags = {
	provider: 'string',
	'base-url': 'string',
	model: 'string',
	runs: 'string',
	report: 'string',
	junit: 'string',
	'min-pass-rate': 'string'
};

/** Stops with exit code 2 and a message. */
function refuse(message) {
	process.stderr.write(`eval: ${message}\n`);
	process.exit(2);
}

function parseArgs(argv) {
	const options = {};
	const files = [];
	for (let index = 0; index < argv.length; index++) {
		const arg = argv[index];
		if (!arg.startsWith('--')) {
			files.push(arg);
			continue;
		}
		const [name, inline] = arg.slice(2).split(/=(.*)/s);
		if (!flags[name]) refuse(`unknown flag --${name}\n${usage}`);
		const value = inline ?? argv[++index];
		if (value === undefined) refuse(`--${name} needs a value\n${usage}`);
		options[name] = value;
	}
	if (files.length !== 1) refuse(`give one suite file\n${usage}`);
	return { file: files[0], options };
}

const { file, options } = parseArgs(process.argv.slice(2));
const { module: evals } = await runnerImport(join(root, 'src', 'lib', 'evals', 'index.ts'), {
	configFile: false,
	resolve: { alias: { $lib: join(root, 'src', 'lib') } },
	logLevel: 'error'
});

let text;
try {
	text = readFileSync(file, 'utf8');
} catch (error) {
	refuse(`cannot read ${file}: ${error.message}`);
}
let suite;
try {
	suite = evals.parseSuite(text, basename(file).replace(/\.json$/i, ''));
} catch (error) {
	if (error instanceof evals.SuiteError || error?.name === 'SuiteError') refuse(`${file}: ${error.message}`);
	throw error;
}
const minPassRate = options['min-pass-rate'] === undefined ? 1 : Number(options['min-pass-rate']);
if (!(minPassRate >= 0 && minPassRate <= 1)) refuse('--min-pass-rate must be a number from 0 to 1');
const runsFlag = options.runs === undefined ? undefined : Number(options.runs);
if (runsFlag !== undefined && !(Number.isInteger(runsFlag) && runsFlag > 0))
	refuse('--runs must be a positive integer');

// Flags override each test's model.
const models = suite.tests.map((test, index) => {
	const given = options.provider || options.model || options['base-url'];
	if (!given && !test.model)
		refuse(`${file}: tests[${index}] "${test.title}".model: no model; give one in the file or --provider and --model`);
	const raw = {
		provider: options.provider ?? test.model?.provider ?? 'anthropic',
		id: options.model ?? test.model?.id ?? '',
		...((options['base-url'] ?? test.model?.baseUrl) ? { baseUrl: options['base-url'] ?? test.model?.baseUrl } : {})
	};
	if (!raw.id) refuse(`${file}: tests[${index}] "${test.title}": no model id; give --model`);
	try {
		return evals.parseModel(raw, '--provider/--model/--base-url');
	} catch (error) {
		refuse(error.message);
	}
});

const distinct = [...new Map(models.map((model) => [JSON.stringify(model), model])).values()];
for (const model of distinct) {
	const problem = await providerProblem(model);
	if (problem) refuse(problem);
}

ensureBuild();
const app = await startApp(options['base-url'] ? { provider: distinct[0].provider, baseUrl: options['base-url'] } : {});
let browser;
let exitCode = 2;
/** A refusal once the app runs: reported, then the app and browser stop before exit 2. */
class Refusal extends Error {}
try {
	const opened = await openBrowser(app.url, distinct[0]);
	browser = opened.browser;
	const page = opened.page;
	await page.evaluate((json) => window.autouiEvals.load(json), text);
	for (const model of distinct) {
		const problem = await page.evaluate((value) => window.autouiEvals.check(value), model);
		if (problem) throw new Refusal(`${problem} (set ANTHROPIC_API_KEY or OPENAI_API_KEY, or give a local --base-url)`);
	}
	const startedAt = new Date();
	const entries = [];
	for (const [index, test] of suite.tests.entries()) {
		const model = models[index];
		const entry = { title: test.title, id: test.id, model: evals.modelName(model), runs: [] };
		entries.push(entry);
		const runs = runsFlag ?? test.runs;
		for (let run = 0; run < runs; run++) {
			const { result } = await page.evaluate(({ id, value, label }) => window.autouiEvals.run(id, value, label), {
				id: test.id,
				value: model,
				label: entry.model
			});
			entry.runs.push(result);
			process.stdout.write(`${evals.runLine(entry, result, run, runs)}\n`);
		}
	}
	const report = evals.buildReport(suite.name, startedAt, entries);
	if (options.report) writeFileSync(options.report, `${JSON.stringify(report, null, '\t')}\n`);
	if (options.junit) writeFileSync(options.junit, evals.toJUnit(report));
	process.stdout.write(`${evals.summaryLine(entries)}\n`);
	exitCode = report.passRate >= minPassRate ? 0 : 1;
	if (exitCode) process.stderr.write(`eval: pass rate ${report.passRate.toFixed(3)} is below ${minPassRate}\n`);
} catch (error) {
	if (!(error instanceof Refusal)) throw error;
	process.stderr.write(`eval: ${error.message}\n`);
} finally {
	await browser?.close();
	await app.stop();
}
process.exit(exitCode);
