/**
 * `npm run bench`: runs every benchmark in tests/bench/*.bench.ts and prints one JSON object
 * per figure: { "name", "value", "unit", "target", ... }. Benchmarks report figures; they do
 * not pass or fail on time. Run a subset with `npm run bench -- <filter>`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { ensureBuild, root } from './build-state.js';

const filter = process.argv[2] ?? '';
const benchDir = join(root, 'tests', 'bench');
const files = readdirSync(benchDir)
	.filter((file) => file.endsWith('.bench.ts') && file.includes(filter))
	.sort();

/** Prints one figure as a JSON line. */
function emit(figure) {
	process.stdout.write(`${JSON.stringify(figure)}\n`);
}

ensureBuild();
let failed = 0;
for (const file of files) {
	try {
		const { module } = await runnerImport(join(benchDir, file), {
			configFile: false,
			resolve: { alias: { $lib: join(root, 'src', 'lib') } },
			logLevel: 'error'
		});
		await module.default(emit);
	} catch (error) {
		failed++;
		console.error(`bench ${file} failed:`, error);
	}
}
process.exit(failed ? 1 : 0);
