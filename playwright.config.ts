/**
 * End-to-end tests drive Debian's Chromium (browsers cannot be downloaded here) against the
 * production build, served by Playwright on a free loopback port and stopped afterwards.
 * `npm run test:e2e` builds first when the build is stale.
 */
import { defineConfig } from '@playwright/test';
import { join } from 'node:path';
import { chromiumLaunch } from './tests/fixtures/chromium';
import { freePort } from './tests/fixtures/net';
import { withServerDefaults } from './scripts/server-env.js';

// Workers inherit the runner's environment, so every process agrees on the port.
process.env.AUTOUI_E2E_PORT ||= String(await freePort());
const port = Number(process.env.AUTOUI_E2E_PORT);
// MCP App views run on a second origin (the sandbox proxy), as `npm start` serves it.
process.env.AUTOUI_E2E_SANDBOX_PORT ||= String(await freePort());
const sandboxPort = process.env.AUTOUI_E2E_SANDBOX_PORT;
const outDir = process.env.AUTOUI_OUT || 'build';

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: '**/*.e2e.ts',
	outputDir: 'test-results',
	timeout: 60_000,
	expect: { timeout: 10_000 },
	fullyParallel: false,
	workers: process.env.CI ? 1 : 2,
	// One retry: a test that passes only on its second try is reported as flaky, not hidden;
	// a real failure still fails both.
	retries: 1,
	reporter: [['list']],
	use: {
		baseURL: `http://127.0.0.1:${port}`,
		browserName: 'chromium',
		launchOptions: chromiumLaunch,
		trace: 'off',
		screenshot: 'only-on-failure'
	},
	webServer: [
		{
			// As `npm start` runs it (older ?hs= share links need more than Node's 16 KB of headers).
			command: `node --max-http-header-size=262144 ${join(outDir, 'index.js')}`,
			url: `http://127.0.0.1:${port}/`,
			// Every journey's page opens its datasets session from 127.0.0.1, one client to the
			// server: the whole suite must not run into the per-client rate (60 a minute by default).
			env: withServerDefaults({
				HOST: '127.0.0.1',
				PORT: String(port),
				SANDBOX_PORT: sandboxPort,
				DATASETS_SESSIONS_PER_MINUTE: '600'
			}),
			reuseExistingServer: false,
			timeout: 60_000,
			stdout: 'ignore',
			stderr: 'pipe'
		},
		{
			command: 'node scripts/sandbox.js',
			url: `http://127.0.0.1:${sandboxPort}/proxy.js`,
			env: { HOST: '127.0.0.1', PORT: String(port), SANDBOX_PORT: sandboxPort },
			reuseExistingServer: false,
			timeout: 30_000,
			stdout: 'ignore',
			stderr: 'pipe'
		}
	]
});
