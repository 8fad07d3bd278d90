/**
 * The module table of docs/ARCHITECTURE.md, read as data: each row names a room (a folder of
 * `src/lib`, or `routes`) and the rooms it may import. The import-boundary lint rule and
 * `npm run graph` both read it from the document, so the prose and the check cannot drift.
 *
 * In the "may import" column every `backticked` token is a path below `src/lib` (a room, a
 * sub-room or one file); `nothing` and `everything` are words. Other text is explanation.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const libRoot = join(projectRoot, 'src', 'lib');
const documentPath = join(projectRoot, 'docs', 'ARCHITECTURE.md');

/**
 * @typedef {{ room: string, allows: string[], everything: boolean }} ModuleRule
 * `room` is a path below src/lib without a trailing slash (`agent/providers`), or `routes`.
 */

/** Parses the table under "## Modules and the direction of imports". */
export function parseModuleTable(markdown) {
	const start = markdown.indexOf('## Modules and the direction of imports');
	if (start < 0) throw new Error('docs/ARCHITECTURE.md has no "Modules and the direction of imports" section');
	/** @type {ModuleRule[]} */
	const rules = [];
	for (const line of markdown.slice(start).split('\n').slice(1)) {
		if (line.startsWith('## ')) break;
		if (!line.startsWith('| `')) continue;
		const cells = line.split('|').map((cell) => cell.trim());
		const room = /^`([^`]+)`/.exec(cells[1])?.[1]?.replace(/\/$/, '');
		const mayImport = cells[cells.length - 2] ?? '';
		if (!room) continue;
		const allows = [...mayImport.matchAll(/`([^`]+)`/g)].map((match) => match[1].replace(/\/$/, ''));
		rules.push({ room, allows, everything: /\beverything\b/.test(mayImport) });
	}
	if (rules.length === 0) throw new Error('the module table in docs/ARCHITECTURE.md is empty');
	return rules;
}

let cached;
/** The rules of the checked-in document (read once per process). */
export function moduleRules() {
	cached ??= parseModuleTable(readFileSync(documentPath, 'utf8'));
	return cached;
}

/** `src/lib/agent/loop/loop.ts` → `agent/loop/loop.ts`; `src/routes/x` → `routes/x`; else undefined. */
export function libPath(file) {
	const fromLib = relative(libRoot, file);
	if (!fromLib.startsWith('..')) return fromLib.split(sep).join('/');
	const fromSrc = relative(join(projectRoot, 'src'), file).split(sep).join('/');
	if (fromSrc.startsWith('routes/')) return fromSrc;
	return undefined;
}

const bare = (path) => path.replace(/\.(ts|js)$/, '');
const within = (path, prefix) => {
	const [p, q] = [bare(path), bare(prefix)];
	return p === q || p.startsWith(`${q}/`);
};

/** The row that governs a file: the longest room path containing it. */
export function ruleFor(path, rules = moduleRules()) {
	let best;
	for (const rule of rules) if (within(path, rule.room) && (!best || rule.room.length > best.room.length)) best = rule;
	return best;
}

/**
 * Resolves an import specifier of `file` to a path below src/lib (or `routes/…`): `$lib/…`
 * and relative imports; packages and anything outside src give undefined.
 */
export function resolveImport(file, specifier) {
	if (specifier === '$lib') return '';
	if (specifier.startsWith('$lib/')) return specifier.slice(5);
	if (specifier.startsWith('.')) return libPath(resolve(dirname(file), specifier));
	return undefined;
}

/**
 * Why `file` may not import `specifier`, or undefined when it may. Test files and test
 * helpers are not rooms' code and are not checked.
 */
export function boundaryViolation(file, specifier, rules = moduleRules()) {
	const from = libPath(file);
	const to = resolveImport(file, specifier);
	if (from === undefined || to === undefined) return undefined;
	const source = ruleFor(from, rules);
	if (!source) return `${from} is in no row of the module table in docs/ARCHITECTURE.md`;
	if (source.everything || within(to, source.room)) return undefined;
	const target = ruleFor(to, rules);
	if (!target) return `${to} is in no row of the module table in docs/ARCHITECTURE.md`;
	if (source.allows.some((allowed) => within(to, allowed))) return undefined;
	const allowed = source.allows.length ? source.allows.map((a) => `\`${a}\``).join(', ') : 'nothing';
	return `\`${source.room}\` may not import \`${to}\` (room \`${target.room}\`); it may import ${allowed} (docs/ARCHITECTURE.md)`;
}
