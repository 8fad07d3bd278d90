/**
 * Knows whether the production build is missing or older than its sources, and rebuilds
 * when it is. Used by `npm start` and before the end-to-end tests, so both always run the
 * code that is in the working tree.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const outDir = join(root, process.env.AUTOUI_OUT || 'build');
const stampFile = join(outDir, '.build-stamp');
const sources = ['src', 'static', 'svelte.config.js', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(path) {
	if (!existsSync(path)) return 0;
	const stat = statSync(path);
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = stat.mtimeMs;
	for (const entry of readdirSync(path)) {
		if (entry === 'node_modules' || entry.startsWith('.')) continue;
		newest = Math.max(newest, newestMtime(join(path, entry)));
	}
	return newest;
}

/** Why a build is needed, or null when the build is up to date. */
export function staleReason() {
	if (!existsSync(join(outDir, 'index.js')) || !existsSync(stampFile)) return 'no build yet';
	const built = statSync(stampFile).mtimeMs;
	const changed = sources.find((source) => newestMtime(join(root, source)) > built);
	return changed ? `${changed} changed since the last build` : null;
}

/** The bundler's lines that mark a stage of the build, with what to tell the user. */
const stages = [
	[/building ssr environment/, 'compiling the server'],
	[/building client environment/, 'bundling the page'],
	[/Using @sveltejs\/adapter-node/, 'writing the app']
];

/** True when the user asked to see the bundler's own output (`--verbose` or AUTOUI_VERBOSE=1). */
export function verboseBuild(argv = process.argv, env = process.env) {
	return argv.includes('--verbose') || env.AUTOUI_VERBOSE === '1';
}

/**
 * Builds when the build is missing or stale; exits the process if the build fails. The
 * bundler's output (hundreds of lines of chunk sizes) stays out of the terminal unless
 * {@link verboseBuild}: the user sees one line per stage with the time so far, and on a
 * failure the end of the output and the file that holds all of it.
 */
export async function ensureBuild({ verbose = verboseBuild() } = {}) {
	const reason = staleReason();
	if (!reason) return;
	const first = reason === 'no build yet';
	console.log(`Building AutoUI (${first ? 'about 1–2 minutes the first time' : reason})…`);
	const started = Date.now();
	const child = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
		cwd: root,
		stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
		env: process.env
	});
	const output = [];
	if (!verbose) {
		let step = 0;
		const read = (chunk) => {
			const text = chunk.toString();
			output.push(text);
			for (const line of text.split('\n')) {
				const at = stages.findIndex(([pattern]) => pattern.test(line));
				if (at < step) continue;
				step = at + 1;
				const seconds = Math.round((Date.now() - started) / 1000);
				console.log(`  ${step}/${stages.length} ${stages[at][1]}… (${seconds} s)`);
			}
		};
		child.stdout.on('data', read);
		child.stderr.on('data', read);
	}
	const status = await new Promise((done) => child.on('close', (code) => done(code ?? 1)));
	if (status !== 0) {
		if (!verbose) {
			const log = join(tmpdir(), 'autoui-build.log');
			const all = output.join('');
			writeFileSync(log, all);
			console.error(all.split('\n').slice(-60).join('\n'));
			console.error(`The build failed; the end of its output is above, all of it in ${log}.`);
		} else console.error('The build failed; see the errors above.');
		process.exit(status);
	}
	writeFileSync(stampFile, new Date().toISOString());
	console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}
