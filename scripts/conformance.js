/**
 * `npm run conformance`: the official MCP conformance suite's client scenarios, run against
 * our connection code, once per protocol revision. The client (tests/conformance/main.ts,
 * driving src/lib/mcp) is built once into a Node script, which the suite starts per scenario.
 *
 * The suite needs Node ≥ 22; it and that Node live in tools/conformance (install them with
 * `npm ci --prefix tools/conformance`), so the app keeps running on its own Node. Expected
 * failures, each with its reason, are in tools/conformance/baseline.yml; the run fails on a
 * failure the baseline does not list and on a baseline entry that now passes.
 *
 *   npm run conformance                          every revision in the baseline
 *   npm run conformance -- 2026-07-28            one revision (not listed: no failure expected)
 *   npm run conformance -- 2025-11-25 --verbose  extra flags go to the suite
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { parse, stringify } from 'yaml';
import { root } from './build-state.js';

const tooling = join(root, 'tools', 'conformance');
const node22 = join(tooling, 'node_modules', 'node', 'bin', 'node');
const suite = join(tooling, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const baselineFile = join(tooling, 'baseline.yml');

if (!existsSync(node22) || !existsSync(suite)) {
	console.error('The conformance suite is not installed. Run: npm ci --prefix tools/conformance');
	process.exit(2);
}

/** Reads the baseline: revision → entries `{ id, reason }`; every entry must give a reason. */
function readBaseline() {
	const raw = parse(readFileSync(baselineFile, 'utf8')) ?? {};
	const revisions = {};
	for (const [revision, entries] of Object.entries(raw)) {
		revisions[revision] = (entries ?? []).map((entry, index) => {
			if (typeof entry?.id !== 'string' || typeof entry?.reason !== 'string' || entry.reason.trim().length < 10) {
				throw new Error(
					`${baselineFile}: entry ${index + 1} of ${revision} needs an "id" (scenario or scenario:check-id) and a "reason".`
				);
			}
			return entry;
		});
	}
	return revisions;
}

const args = process.argv.slice(2);
const chosen = args.filter((arg) => /^\d{4}-\d{2}-\d{2}$/.test(arg));
const passThrough = args.filter((arg) => !chosen.includes(arg));
let baseline;
try {
	baseline = readBaseline();
} catch (error) {
	console.error(error instanceof Error ? error.message : String(error));
	process.exit(2);
}
const revisions = chosen.length ? chosen : Object.keys(baseline);

// The client's TypeScript extends .svelte-kit/tsconfig.json.
spawnSync(join(root, 'node_modules', '.bin', 'svelte-kit'), ['sync'], { cwd: root, stdio: 'inherit' });

/** Builds the client into one ES module under node_modules/.cache (so packages resolve). */
async function buildClient() {
	const outDir = join(root, 'node_modules', '.cache', 'autoui-conformance');
	await build({
		root,
		configFile: false,
		logLevel: 'warn',
		resolve: { alias: { $lib: join(root, 'src', 'lib') } },
		build: {
			ssr: join(root, 'tests', 'conformance', 'main.ts'),
			outDir,
			emptyOutDir: true,
			minify: false,
			target: 'node20'
		}
	});
	return join(outDir, 'main.js');
}

const client = await buildClient();
const work = mkdtempSync(join(tmpdir(), 'autoui-conformance-'));
let failed = false;
try {
	for (const revision of revisions) {
		const expected = join(work, `expected-${revision}.yml`);
		writeFileSync(expected, stringify({ client: (baseline[revision] ?? []).map((entry) => entry.id) }));
		console.log(`\n=== MCP conformance, client scenarios, revision ${revision} ===`);
		const run = spawnSync(
			node22,
			[
				suite,
				'client',
				'--command',
				`"${process.execPath}" "${client}"`,
				'--suite',
				'all',
				'--spec-version',
				revision,
				'--expected-failures',
				expected,
				// Scenarios run in parallel; a busy machine needs more than the default 30 s each.
				'--timeout',
				'90000',
				'--output-dir',
				join(work, revision),
				...passThrough
			],
			{ cwd: root, stdio: 'inherit' }
		);
		if (run.status !== 0) {
			failed = true;
			console.error(
				`Conformance at ${revision} failed (exit ${run.status ?? run.signal}). Fix the regression, or update tools/conformance/baseline.yml with a reason.`
			);
		}
	}
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
