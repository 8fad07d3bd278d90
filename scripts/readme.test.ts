/**
 * The README a newcomer reads: short, the two commands and three ways to a first answer at
 * the top, a table of contents, links that lead somewhere, no test ids in its prose, and the
 * numbers it quotes checked against the code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { widgetDefinitions } from '../src/lib/widgets/definitions';

const root = resolve(import.meta.dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const lines = readme.split('\n');

/** GitHub's anchor for a heading. */
function anchor(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s-]/gu, '')
		.replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
	const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
	return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchor(match[1])));
}

describe('the README', () => {
	it('stays under 300 lines, with a table of contents', () => {
		expect(lines.length).toBeLessThan(300);
		expect(readme).toMatch(/^## Contents$/m);
	});

	it('has the two commands and the three ways to a first answer in its first 60 lines', () => {
		const top = lines.slice(0, 60).join('\n');
		expect(top).toContain('npm install');
		expect(top).toContain('npm start');
		expect(top).toMatch(/With an API key/);
		expect(top).toMatch(/With a model in this browser/);
		expect(top).toMatch(/With no model/);
	});

	it('keeps test ids out of its prose', () => {
		expect(readme).not.toMatch(/data-testid|\[data-[a-z-]+=/);
	});

	it('links only to files and headings that exist', () => {
		const links = [...readme.matchAll(/\]\(([^)]+)\)/g)]
			.map((match) => match[1])
			.filter((href) => !/^https?:/.test(href));
		expect(links.length).toBeGreaterThan(10);
		for (const href of links) {
			const [path, hash] = href.split('#');
			const file = path ? join(root, path) : join(root, 'README.md');
			expect(existsSync(file), `${href} exists`).toBe(true);
			if (hash) expect(anchorsOf(file).has(hash), `${href} has its heading`).toBe(true);
		}
	});

	it('quotes the number of widget types the gallery shows, and names each of them', () => {
		// The gallery's catalog: what the model can display (host-only widgets such as MCP App views come from servers).
		const widgets = widgetDefinitions.filter((definition) => !definition.hostOnly).map((definition) => definition.name);
		const paragraph = readme.slice(readme.indexOf('widget types'), readme.indexOf('/gallery'));
		expect(readme).toContain(`The agent picks from ${widgets.length} widget types`);
		for (const name of widgets) expect(paragraph, name).toContain(`\`${name}\``);
	});

	it('every reference page it lists exists beside it', () => {
		for (const [, path] of readme.matchAll(/\| \[[^\]]+\]\((docs\/[^)]+)\)/g))
			expect(existsSync(join(dirname(join(root, 'README.md')), path)), path).toBe(true);
	});
});
