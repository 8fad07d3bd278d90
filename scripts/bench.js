/**
 * `npm run bench`: runs every benchmark in tests/bench/*.bench.ts and prints one JSON object
 * per figure: { "name", "value", "unit", "target", ... }. Benchmarks report figures; they do
 * not pass or fail on time. Run a subset with `npm run bench -- <filter>`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';
import { ensureBuild, root } from './build-state.js';
import { validatorsPlugin } from '../src/lib/webmcp/build/validators-plugin.js';

const filter = process.argv[2] ?? '';
const benchDir = join(root, 'tests', 'bench');
const files = readdirSync(benchDir)
	.filter((file) => file.endsWith('.bench.ts') && file.includes(filter))
	.sort();

/** Prints one figure as a JSON line. */
function emit(figure) {
	process.stdout.write(`${JSON.stringify(figure)}\n`);
}

await ensureBuild();
// One module runner for every benchmark, open until the end: code under test may import
// modules on demand (the MCP SDK, the agent loop) long after the benchmark file loaded.
const vite = await createServer({
	root,
	configFile: false,
	appType: 'custom',
	logLevel: 'error',
	// The widget index and compiled validators, for benchmarks that run the autoui server.
	plugins: [validatorsPlugin()],
	resolve: { alias: { $lib: join(root, 'src', 'lib') } },
	server: { middlewareMode: true, hmr: false, ws: false },
	optimizeDeps: { noDiscovery: true, include: [] }
});
let failed = 0;
try {
	for (const file of files) {
		try {
			const module = await vite.environments.ssr.runner.import(join(benchDir, file));
			await module.default(emit);
		} catch (error) {
			failed++;
			console.error(`bench ${file} failed:`, error);
		}
	}
} finally {
	await vite.close();
}
process.exit(failed ? 1 : 0);
