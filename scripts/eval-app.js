/**
 * What `npm run eval` starts: the built app on a free loopback port (the server holds the
 * keys from the environment) and Debian's Chromium, headless, on the page with `?evals`.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { root } from './build-state.js';
import { withServerDefaults } from './server-env.js';

const defaultEndpoints = { anthropic: 'https://api.anthropic.com', openai: 'https://api.openai.com/v1' };

/** Why the model's endpoint cannot be reached, or undefined (a GGUF runs in the page: nothing to reach). */
export async function providerProblem(model) {
	if (model.provider === 'local') return undefined;
	if (model.provider === 'agui' && !model.baseUrl) return 'an AG-UI agent needs --base-url (the agent run endpoint)';
	const url = model.baseUrl ?? defaultEndpoints[model.provider];
	try {
		await fetch(url, { method: 'GET', signal: AbortSignal.timeout(10_000) });
		return undefined;
	} catch (error) {
		const cause = error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(error);
		return `the ${model.provider} provider at ${url} cannot be reached (${cause}); start it or fix --base-url`;
	}
}

async function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

/** Starts `build/index.js` (or `$AUTOUI_OUT/index.js`); a --base-url also points the server's key proxy there. */
export async function startApp(endpoint = {}) {
	const port = await freePort();
	const env = withServerDefaults({ ...process.env, HOST: '127.0.0.1', PORT: String(port) });
	if (endpoint.provider === 'anthropic') env.ANTHROPIC_BASE_URL = endpoint.baseUrl;
	if (endpoint.provider === 'openai') env.OPENAI_BASE_URL = endpoint.baseUrl;
	const child = spawn(process.execPath, [join(root, process.env.AUTOUI_OUT || 'build', 'index.js')], {
		env,
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let errors = '';
	child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-2000)));
	await new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error('the app did not start in 30 s')), 30_000);
		child.stdout.on('data', (chunk) => {
			if (/Listening on/.test(String(chunk))) {
				clearTimeout(timer);
				resolve();
			}
		});
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`the app exited with ${code}: ${errors}`));
		});
	});
	return {
		url: `http://127.0.0.1:${port}`,
		stop: () =>
			new Promise((resolve) => {
				if (child.exitCode !== null) return resolve();
				child.once('exit', resolve);
				child.kill('SIGTERM');
			})
	};
}

/** Opens the app headless with the first model preset (the runs set their own) and waits for the eval hook. */
export async function openBrowser(appUrl, model) {
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run'
		]
	});
	const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
	const url = new URL(appUrl);
	url.searchParams.set('evals', '1');
	url.searchParams.set('provider', model.provider);
	url.searchParams.set('model', model.id);
	if (model.baseUrl) url.searchParams.set('baseUrl', model.baseUrl);
	await page.goto(url.href);
	await page.waitForFunction(() => 'autouiEvals' in window, undefined, { timeout: 30_000 });
	return { browser, page };
}
