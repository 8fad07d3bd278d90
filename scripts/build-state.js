/**
 * Knows whether the production build is missing or older than its sources, and rebuilds
 * when it is. Used by `npm start` and before the end-to-end tests, so both always run the
 * code that is in the working tree.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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

/** Builds when the build is missing or stale; exits the process if the build fails. */
export function ensureBuild() {
	const reason = staleReason();
	if (!reason) return;
	console.log(`Building AutoUI (${reason})…`);
	const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
		cwd: root,
		stdio: 'inherit',
		env: process.env
	});
	if (result.status !== 0) {
		console.error('The build failed; see the errors above.');
		process.exit(result.status ?? 1);
	}
	writeFileSync(stampFile, new Date().toISOString());
}
