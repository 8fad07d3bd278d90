/**
 * Initial JavaScript, gzipped at level 9:
 * - `initial-js-gzip`: what the first route needs before it can render — SvelteKit's entry
 *   files, the route's layout and page nodes the browser loaded, and everything they import
 *   statically (followed on disk). Chunks behind dynamic `import()` (providers, Vega, the
 *   MCP SDK, highlight.js) are on demand and not counted.
 * - `startup-js-gzip`: every script fetched in the first two seconds after the load event,
 *   which also counts on-demand chunks the page asks for at start-up (the MCP SDK, because
 *   the embedded datasets server connects at once). MCP keeps an event stream open, so the
 *   network never goes idle; two quiet seconds stand in for it.
 */
import { chromium } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumLaunch, withAppServer } from './server';

type Emit = (figure: Record<string, unknown>) => void;

const staticImport = /(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g;

/** `file` plus every file it imports statically, transitively. */
function staticClosure(files: string[]): Set<string> {
	const seen = new Set<string>();
	const queue = [...files];
	while (queue.length) {
		const file = queue.pop()!;
		if (seen.has(file) || !existsSync(file)) continue;
		seen.add(file);
		const source = readFileSync(file, 'utf8');
		for (const match of source.matchAll(staticImport)) {
			if (match[1].startsWith('.')) queue.push(resolve(dirname(file), match[1]));
		}
	}
	return seen;
}

function gzipKb(bodies: Iterable<Buffer>): number {
	let total = 0;
	for (const body of bodies) total += gzipSync(body, { level: 9 }).length;
	return Math.round(total / 102.4) / 10;
}

export default async function run(emit: Emit): Promise<void> {
	const clientDir = join(process.cwd(), process.env.AUTOUI_OUT || 'build', 'client');
	await withAppServer(async (baseUrl) => {
		const browser = await chromium.launch(chromiumLaunch);
		try {
			const page = await browser.newPage();
			const scripts = new Map<string, Promise<Buffer>>();
			page.on('response', (response) => {
				if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
			});
			await page.goto(baseUrl, { waitUntil: 'load' });
			await page.waitForTimeout(2000);

			const fetched = [...scripts.keys()].map((url) => join(clientDir, new URL(url).pathname));
			const roots = fetched.filter((file) => /[\\/](entry|nodes)[\\/]/.test(file));
			const initial = staticClosure(roots);
			emit({
				name: 'initial-js-gzip',
				value: gzipKb([...initial].map((file) => readFileSync(file))),
				unit: 'KB',
				target: '< 120 KB',
				files: initial.size
			});
			emit({
				name: 'startup-js-gzip',
				value: gzipKb(await Promise.all(scripts.values())),
				unit: 'KB',
				target: null,
				files: scripts.size,
				note: 'includes on-demand chunks requested at start-up (the MCP SDK client)'
			});
		} finally {
			await browser.close();
		}
	});
}
