/**
 * The import graph between rooms, found with the same resolver as the boundary rule: every
 * `import … from`, `export … from` and `import()` of the files under src/ whose specifier is
 * `$lib/…` or relative. Used by `npm run graph`; needs no generated files, so it works on a
 * fresh clone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { boundaryViolation, libPath, moduleRules, projectRoot, resolveImport, ruleFor } from './module-table.js';

const importPattern =
	/(?:^|[\s;}])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;}])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every specifier a file imports. */
export function importsOf(source) {
	return [...source.matchAll(importPattern)].map((match) => match[1] ?? match[2] ?? match[3]);
}

function sourceFiles(dir, out = []) {
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) sourceFiles(path, out);
		else if (/\.(ts|js|svelte)$/.test(entry.name) && !/\.(test|bench)\.ts$/.test(entry.name)) out.push(path);
	}
	return out;
}

/**
 * Room-to-room arrows with how many imports make each, and the imports the table forbids.
 * @returns {{ edges: Map<string, number>, rooms: Set<string>, violations: string[] }}
 */
export function importGraph(root = join(projectRoot, 'src')) {
	const rules = moduleRules();
	const edges = new Map();
	const rooms = new Set();
	const violations = [];
	for (const file of sourceFiles(root)) {
		const from = libPath(file);
		const source = from === undefined ? undefined : ruleFor(from, rules);
		if (!source) continue;
		rooms.add(source.room);
		for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
			const to = resolveImport(file, specifier);
			const target = to === undefined ? undefined : ruleFor(to, rules);
			if (!target || target.room === source.room) continue;
			const key = `${source.room} -> ${target.room}`;
			edges.set(key, (edges.get(key) ?? 0) + 1);
			const reason = boundaryViolation(file, specifier, rules);
			if (reason) violations.push(`${from}: ${reason}`);
		}
	}
	return { edges, rooms, violations };
}
