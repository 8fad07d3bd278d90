/**
 * Statelessness, proven: two app instances (`node scripts/serve.js`, as the container runs
 * them) behind nginx round robin, configured by the nginx block of docs/DEPLOY.md with this
 * journey's ports and a throwaway certificate, reached by the browser at
 * https://autoui.example.com (views at https://views.example.com). A turn through the key
 * proxy, the built-in datasets server, live widgets, a share link made through one instance
 * and opened through the other, and an MCP App view all work whichever instance answers — and
 * the access log shows both instances answered each kind of request, without a 404 or 5xx.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunch } from '../fixtures/chromium';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm';
import { startAppExample, type RunningServer } from '../fixtures/mcp/launchers';
import { freePort } from '../fixtures/net';
import { startInstance, type Instance } from '../fixtures/deploy/instances';
import {
	deployDocNginxBlock,
	fillNginxBlock,
	startNginx,
	type AccessLine,
	type RunningNginx
} from '../fixtures/deploy/nginx';
import { findProgram, requireProgram } from '../fixtures/deploy/system';
import { selfSignedCertificate } from '../fixtures/deploy/tls';
import { collectErrors } from './helpers';
import { mountedFrame, addServer, runInWorkbench, trackRequests, viewOf } from './support/mcp-apps';
import { rowsQuestion, rowsScenario } from './support/rows-scenario';
import { acceptAgentLink } from '../fixtures/agent-link';

const appName = 'autoui.example.com';
const viewsName = 'views.example.com';
const serverKey = 'sk-ant-deploy-8Vt2Kq5Wn3';

test.describe.configure({ mode: 'serial' });
test.use({
	ignoreHTTPSErrors: true,
	viewport: { width: 1600, height: 1000 },
	launchOptions: {
		...chromiumLaunch,
		args: [...chromiumLaunch.args, `--host-resolver-rules=MAP ${appName} 127.0.0.1, MAP ${viewsName} 127.0.0.1`]
	}
});

let dir: string;
let llm: FakeLlm;
let instances: Instance[] = [];
let nginx: RunningNginx;
let basic: RunningServer;
let origin: string;

test.beforeAll(async () => {
	test.setTimeout(90_000);
	const nginxBinary = requireProgram(findProgram(['/usr/sbin/nginx', '/usr/bin/nginx']), 'nginx', 'nginx-light');
	const openssl = requireProgram(findProgram(['/usr/bin/openssl']), 'openssl', 'openssl');
	dir = mkdtempSync(join(tmpdir(), 'autoui-two-instances-'));
	const [httpsPort, httpPort] = [await freePort(), await freePort()];
	origin = `https://${appName}:${httpsPort}`;
	llm = await startFakeLlm({ apiKey: serverKey });
	// The environment docs/DEPLOY.md gives every instance.
	const env = {
		ORIGIN: origin,
		SANDBOX_ORIGIN: `https://${viewsName}:${httpsPort}`,
		ADDRESS_HEADER: 'X-Forwarded-For',
		XFF_DEPTH: '1',
		BODY_SIZE_LIMIT: '21M',
		ANTHROPIC_API_KEY: serverKey,
		ANTHROPIC_BASE_URL: llm.url
	};
	[instances, basic] = await Promise.all([
		Promise.all([startInstance(env), startInstance(env)]),
		startAppExample('server-basic-vanillajs')
	]);
	const { cert, key } = selfSignedCertificate(openssl, dir, [appName, viewsName]);
	const site = fillNginxBlock(deployDocNginxBlock(), {
		upstreams: {
			autoui_app: instances.map((instance) => `127.0.0.1:${instance.port}`),
			autoui_views: instances.map((instance) => `127.0.0.1:${instance.sandboxPort}`)
		},
		httpsPort,
		httpPort,
		cert,
		key
	});
	nginx = await startNginx(nginxBinary, site, dir, httpsPort);
});

test.afterAll(async () => {
	await nginx?.stop();
	await Promise.all([...instances.map((instance) => instance.stop()), basic?.stop(), llm?.close()]);
	if (dir) rmSync(dir, { recursive: true, force: true });
});

const upstreamOf = (instance: Instance) => `127.0.0.1:${instance.port}`;

/** The access-log lines for the app's server block whose path starts with `prefix`. */
function served(prefix: string): AccessLine[] {
	return nginx.accessLog().filter((line) => line.server === appName && line.uri.startsWith(prefix));
}

/** Which instances answered requests under `prefix` (their upstream addresses). */
function instancesServing(prefix: string): Set<string> {
	return new Set(served(prefix).map((line) => line.upstream));
}

/** Opens the app and waits for the server's key and the datasets server (the pill says 1/1). */
async function openApp(page: Page, path = '/?provider=anthropic&model=fake-model') {
	await page.goto(`${origin}${path}`);
	await acceptAgentLink(page);
	await expect(page.getByTestId('llm-status')).toHaveAttribute('data-status', 'ready');
	await expect(page.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
}

test('two instances behind nginx round robin: turn, datasets, share link, MCP App view and key proxy on either', async ({
	page,
	browser
}) => {
	// About 20 s; the margin is for a machine busy with other work.
	test.setTimeout(90_000);
	trackRequests(page);
	const errors = collectErrors(page);
	const pageResponse = page.waitForResponse(
		(response) => new URL(response.url()).pathname === '/' && response.request().resourceType() === 'document'
	);
	await openApp(page);
	// The page's headers fit nginx's default 4 KB proxy buffer (no 502).
	const document = await pageResponse;
	expect(document.status()).toBe(200);
	const headerBytes = (await document.headersArray()).reduce(
		(sum, header) => sum + header.name.length + header.value.length + 4,
		0
	);
	expect(headerBytes).toBeLessThan(2048);

	// A turn: the model (through the key proxy) displays three live widgets from the datasets server.
	llm.setScenario(rowsScenario());
	await page.getByTestId('chat-input').fill(rowsQuestion);
	await page.getByTestId('send').click();
	await expect(page.locator('[data-testid=console-entry][data-kind=done]')).toHaveCount(1, { timeout: 30_000 });
	await expect(page.locator('[data-testid=console-entry][data-kind=tool-error]')).toHaveCount(0);
	await expect(page.locator('[data-widget-type=kpi-grid] .stat')).toHaveCount(3);
	await expect(page.locator('[data-widget-type=list] li')).toHaveCount(5);
	const figures = await page.locator('[data-widget-type=kpi-grid] .stat .number').allInnerTexts();
	expect(llm.chatRequests().map((request) => [request.status, request.authenticated])).toEqual([
		[200, true],
		[200, true],
		[200, true]
	]);

	// A share link made here opens through the other instance (opened until nginx sends it there).
	const first = served('/').find((line) => line.uri === '/' && line.method === 'GET')!;
	await page.getByTestId('canvas-share').click();
	const link = await page.getByTestId('share-link').inputValue();
	expect(new URL(link).origin).toBe(origin);
	const fresh = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1600, height: 1000 } });
	try {
		let other = await fresh.newPage();
		for (let attempt = 0; attempt < 4; attempt++) {
			const before = served('/').filter((line) => line.uri === '/').length;
			await other.goto(link);
			await expect.poll(() => served('/').filter((line) => line.uri === '/').length).toBeGreaterThan(before);
			if (
				served('/')
					.filter((line) => line.uri === '/')
					.at(-1)!.upstream !== first.upstream
			)
				break;
			await other.close();
			other = await fresh.newPage();
		}
		expect(
			served('/')
				.filter((line) => line.uri === '/')
				.at(-1)!.upstream
		).not.toBe(first.upstream);
		const otherErrors = collectErrors(other);
		trackRequests(other);
		await expect(other.locator('[data-widget-type=kpi-grid] .stat .number')).toHaveText(figures);
		await expect(other.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
		// Refresh re-runs the widget's source on the datasets server, on whichever instance
		// (a shared canvas's live data runs once the user allows it).
		await other.getByTestId('share-live-allow').click();
		const grid = other.locator('[data-widget-type=kpi-grid]');
		await grid.getByTestId('widget-refresh').click();
		await expect(grid.getByTestId('widget-refresh')).toHaveAttribute('data-refreshing', 'false');
		await expect(grid.getByTestId('widget-source-error')).toHaveCount(0);
		await expect(grid.locator('.stat .number')).toHaveText(figures);

		// An MCP App view, served through the sandbox origin behind the same proxy.
		await addServer(other, 'basic', basic.url);
		await other.keyboard.press('Escape');
		await runInWorkbench(other, 'basic', 'get-time');
		const frame = await mountedFrame(other.locator('[data-widget-type=mcp-app]'));
		expect(new URL((await frame.getAttribute('src'))!).origin).toBe(origin.replace(appName, viewsName));
		await expect(viewOf(other).locator('#server-time')).toHaveText(/\d{4}-\d{2}-\d{2}T/, { timeout: 20_000 });
		expect(otherErrors).toEqual([]);
	} finally {
		await fresh.close();
	}

	// The key proxy answers on both instances (consecutive requests alternate).
	for (let index = 0; index < 4; index++) {
		const status = await page.evaluate(async () => (await fetch('/api/llm/anthropic/v1/models')).status);
		expect(status).toBe(200);
	}

	// Both instances answered pages, datasets MCP requests and the key proxy, with no 404 or 5xx.
	const both = new Set(instances.map(upstreamOf));
	expect(instancesServing('/mcp/datasets')).toEqual(both);
	expect(instancesServing('/api/llm/')).toEqual(both);
	expect(served('/mcp/datasets').filter((line) => line.status === 404 || line.status >= 500)).toEqual([]);
	expect(nginx.accessLog().filter((line) => line.status >= 500)).toEqual([]);
	// Sessions moved: some instance took up a session the other had issued.
	const health = await Promise.all(instances.map(async (instance) => (await fetch(`${instance.url}/healthz`)).json()));
	expect(health.map((state) => state.status)).toEqual(['ok', 'ok']);
	expect(health.reduce((sum, state) => sum + state.datasets.adopted, 0)).toBeGreaterThan(0);
	expect(errors).toEqual([]);
	// What must never be exposed: the relay, refused by the proxy itself (the page logs that 404).
	expect(
		await page.evaluate(async () => (await fetch('/api/relay/anything', { method: 'POST', body: '{}' })).status)
	).toBe(404);
	// nginx writes the line just after the response: read the log until it is there.
	await expect.poll(() => served('/api/relay').map((line) => line.upstream)).toEqual(['-']);
});
