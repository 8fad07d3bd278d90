/**
 * The official MCP Apps examples (`@modelcontextprotocol/server-*` 2.0.x from npm, pinned):
 * the 15 that need no network each render their View on the canvas and answer their first
 * interaction (server-pdf in its offline mode, a `file:` URL; threejs after "Allow for this
 * server", which its `new Function` needs). Every server's Views run on an origin of their
 * own; one server's View cannot read another's storage or frames, and a View that navigates
 * its sandbox frame is stopped. Refusals say which directive refused what, and a permission
 * given on a widget is revoked from the server's row. One page and one set of servers for all.
 */
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import {
	startAppExample,
	startHostileAppServer,
	writeSamplePdf,
	type AppExample,
	type RunningServer
} from '../fixtures/mcp/launchers';
import { addServer, appEntries, mountedFrame, runInWorkbench, trackRequests, viewOf } from './support/mcp-apps';

test.describe.configure({ mode: 'serial' });
test.beforeEach(({ page }) => trackRequests(page));

/** What a driver gets: the View, its widget and the page. */
type Drive = (view: FrameLocator, widget: Locator, page: Page) => Promise<void>;

const serverTime = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/** The basic examples: the server time shows, and "Get Server Time" fetches it again through the app. */
const basic: Drive = async (view, _widget, page) => {
	const time = view.getByText(serverTime).last();
	await expect(time).toBeVisible({ timeout: 20_000 });
	const before = (await time.textContent())!;
	const calls = await appEntries(page, 'tools/call').count();
	await view.getByRole('button', { name: 'Get Server Time' }).click();
	await expect(time).not.toHaveText(before, { timeout: 15_000 });
	await expect(appEntries(page, 'tools/call')).not.toHaveCount(calls);
};

/** A button that asks for fullscreen: the host grants it to the widget (then the page leaves it). */
const fullscreen =
	(button: string): Drive =>
	async (view, widget, page) => {
		// A click that lands before the View has wired its handler (a slow machine still starting a
		// WebGL scene) sends nothing: click again until the host has the request.
		const request = appEntries(page, 'ui/request-display-mode').first();
		await expect(async () => {
			await view.locator(button).click();
			await expect(request).toBeVisible({ timeout: 5_000 });
		}).toPass({ timeout: 45_000 });
		await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
		await page.evaluate(() => document.exitFullscreen());
		await expect(widget).toBeVisible();
	};

interface Example {
	name: AppExample;
	tool: string;
	args?: (pdf: string) => Record<string, string>;
	interaction: string;
	drive: Drive;
}

const examples: Example[] = [
	...(['preact', 'react', 'solid', 'svelte', 'vanillajs', 'vue'] as const).map((framework): Example => ({
		name: `server-basic-${framework}`,
		tool: 'get-time',
		interaction: 'Get Server Time → a new time through tools/call',
		drive: basic
	})),
	{
		name: 'server-budget-allocator',
		tool: 'get-budget-data',
		interaction: 'budget $250,000 → the status bar allocates it',
		drive: async (view) => {
			await expect(view.locator('#status-bar')).toContainText('$100,000', { timeout: 20_000 });
			await view.locator('#budget-selector').selectOption({ label: '$250,000' });
			await expect(view.locator('#status-bar')).toContainText('$250,000');
		}
	},
	{
		name: 'server-cohort-heatmap',
		tool: 'get-cohort-data',
		interaction: 'metric Revenue Retention → the data is fetched again through tools/call',
		drive: async (view, _widget, page) => {
			await expect(view.getByText('Cohort Retention Analysis')).toBeVisible({ timeout: 20_000 });
			const calls = await appEntries(page, 'tools/call').count();
			await view.locator('select').first().selectOption({ label: 'Revenue Retention' });
			await expect(appEntries(page, 'tools/call')).not.toHaveCount(calls, { timeout: 15_000 });
		}
	},
	{
		name: 'server-customer-segmentation',
		tool: 'get-customer-data',
		interaction: 'legend "Enterprise" → that segment is hidden',
		drive: async (view) => {
			const item = view.locator('.legend-item').filter({ hasText: 'Enterprise' });
			await expect(item).toBeVisible({ timeout: 20_000 });
			await item.click();
			await expect(item).toHaveClass(/hidden/);
		}
	},
	{
		name: 'server-pdf',
		tool: 'display_pdf',
		args: (pdf) => ({ url: `file://${pdf}` }),
		interaction:
			'a local file: URL; its data:/blob: worker refused → "Allow for this server" → the PDF renders; zoom in',
		drive: async (view, widget) => {
			// pdf.js loads its worker code from a data: URL (its worker from blob:), which the default CSP refuses.
			const refusal = widget.getByTestId('view-policy-refusal');
			await expect(widget.getByTestId('view-policy-allow')).toContainText('script-src data:', { timeout: 30_000 });
			await expect(refusal).toContainText('data: URLs (script-src)');
			await widget.getByTestId('view-policy-allow').click();
			await expect(refusal).toHaveCount(0);
			await expect(view.locator('#viewer')).toBeVisible({ timeout: 30_000 });
			await expect(view.locator('#total-pages')).toContainText('1');
			const zoom = await view.locator('#zoom-level').textContent();
			await view.locator('#zoom-in-btn').click();
			await expect(view.locator('#zoom-level')).not.toHaveText(zoom!);
		}
	},
	{
		name: 'server-scenario-modeler',
		tool: 'get-scenario-data',
		interaction: 'Starting MRR slider → the projection changes',
		drive: async (view) => {
			await expect(view.getByText('End MRR')).toBeVisible({ timeout: 20_000 });
			const projection = view.locator('body');
			const before = await projection.innerText();
			await view.locator('input.slider-input').first().fill('100000');
			await expect.poll(() => projection.innerText()).not.toBe(before);
			await expect(view.getByText('$100K').first()).toBeVisible();
		}
	},
	{
		name: 'server-shadertoy',
		tool: 'render-shadertoy',
		interaction: 'fullscreen button → the widget goes fullscreen',
		drive: async (view, widget, page) => {
			await expect(view.locator('canvas#canvas')).toBeVisible({ timeout: 20_000 });
			await fullscreen('#fullscreen-btn')(view, widget, page);
		}
	},
	{
		name: 'server-sheet-music',
		tool: 'play-sheet-music',
		// Playing, looping and seeking load its sound fonts from the network (paulrosen.github.io,
		// declared in its connectDomains): offline, the score and the ready player are what it offers.
		interaction: 'the score renders from the tool input and its player gets ready (playing needs the network)',
		drive: async (view) => {
			await expect(view.locator('#sheet-music svg').first()).toBeVisible({ timeout: 20_000 });
			await expect(view.locator('#sheet-music')).toContainText('Twinkle');
			await expect(view.locator('#status')).toHaveText('Ready to play!', { timeout: 20_000 });
			await expect(view.locator('.abcjs-midi-start')).toBeEnabled();
		}
	},
	{
		name: 'server-system-monitor',
		tool: 'get-system-info',
		interaction: 'Stop → polling stops (the button offers Start)',
		drive: async (view) => {
			await expect(view.locator('#info-platform')).not.toBeEmpty({ timeout: 20_000 });
			await view.locator('#poll-toggle-btn').click();
			await expect(view.locator('#poll-toggle-btn')).toHaveText(/Start/);
		}
	},
	{
		name: 'server-threejs',
		tool: 'show_threejs_scene',
		interaction: 'refused eval → "Allow for this server" → the scene runs; fullscreen button',
		drive: async (view, widget, page) => {
			// The default CSP refuses its `new Function`: the widget names the directive and offers the grant.
			const refusal = widget.getByTestId('view-policy-refusal');
			await expect(refusal).toContainText('code evaluation (script-src)', { timeout: 20_000 });
			await expect(widget.getByTestId('view-policy-allow')).toContainText("script-src 'unsafe-eval'");
			await widget.getByTestId('view-policy-allow').click();
			await expect(refusal).toHaveCount(0);
			await expect(appEntries(page, 'csp').last()).toContainText("'unsafe-eval'");
			await expect(view.locator('canvas#threejs-canvas')).toBeVisible({ timeout: 20_000 });
			await expect(view.locator('.error-overlay')).toHaveCount(0);
			await fullscreen('.fullscreen-btn')(view, widget, page);
		}
	}
];

/** The name each example gets in the MCP panel. */
const short = (name: AppExample) => name.replace('server-', '').replace(/-/g, '');

test.describe('the MCP Apps examples from npm', () => {
	const servers = new Map<AppExample, RunningServer>();
	let hostile: RunningServer;
	let pdf: ReturnType<typeof writeSamplePdf>;

	test.beforeAll(async () => {
		pdf = writeSamplePdf();
		const started = await Promise.all([
			...examples.map(async ({ name }) => {
				servers.set(name, await startAppExample(name, name === 'server-pdf' ? [pdf.path] : []));
			}),
			startHostileAppServer().then((server) => (hostile = server))
		]);
		expect(started).toHaveLength(examples.length + 1);
	});
	test.afterAll(async () => {
		await Promise.all([...servers.values(), hostile].map((server) => server?.stop()));
		pdf?.remove();
	});

	test('all 15 offline examples render and answer their first interaction, each on its own origin', async ({
		page
	}) => {
		test.setTimeout(420_000);
		await page.goto('/');
		const origins = new Set<string>();
		for (const example of examples) {
			const name = short(example.name);
			await test.step(`${example.name}: ${example.interaction}`, async () => {
				await addServer(page, name, servers.get(example.name)!.url);
				await page.keyboard.press('Escape');
				await runInWorkbench(page, name, example.tool, example.args?.(pdf.path));
				const widget = page.locator('[data-widget-type=mcp-app]');
				await expect(widget).toHaveCount(1);
				const frame = await mountedFrame(widget);
				const origin = new URL((await frame.getAttribute('src'))!).origin;
				expect(origin).toMatch(/^http:\/\/v[0-9a-f]{24}\.localhost:\d+$/);
				origins.add(origin);
				await example.drive(viewOf(page), widget, page);
				await expect(widget.getByTestId('mcp-app-error')).toHaveCount(0);
				await widget.hover();
				await widget.getByTestId('widget-remove').click();
				await expect(widget).toHaveCount(0);
			});
		}
		expect(origins.size).toBe(examples.length);
	});

	test("one server's View cannot reach another's storage or frames; navigating its sandbox frame stops it", async ({
		page
	}) => {
		test.setTimeout(120_000);
		await page.goto('/');
		for (const name of ['server-basic-vue', 'server-basic-react'] as const) {
			await addServer(page, short(name), servers.get(name)!.url);
			await page.keyboard.press('Escape');
			await runInWorkbench(page, short(name), 'get-time');
		}
		const widgets = page.locator('[data-widget-type=mcp-app]');
		await expect(widgets).toHaveCount(2);
		await mountedFrame(widgets.nth(0));
		await mountedFrame(widgets.nth(1));
		const [vue, react] = [viewOf(page, 0).locator('html'), viewOf(page, 1).locator('html')];
		await expect(viewOf(page, 1).getByText(serverTime).last()).toBeVisible({ timeout: 20_000 });

		// The Vue View writes what it can (a browser that blocks third-party storage refuses some:
		// each attempt says what happened): local storage, IndexedDB, a cookie for its own host
		// and one for all of localhost.
		const written = await vue.evaluate(async () => {
			const attempt = (write: () => void) => {
				try {
					write();
					return 'written';
				} catch (error) {
					return `refused: ${(error as Error).name}`;
				}
			};
			const storage = attempt(() => localStorage.setItem('secret', 'vue'));
			const cookies = attempt(() => {
				document.cookie = 'own=vue; path=/';
				document.cookie = 'shared=vue; domain=localhost; path=/';
			});
			const database = await new Promise<string>((resolve) => {
				try {
					const open = indexedDB.open('secrets');
					open.onupgradeneeded = () => open.result.createObjectStore('s');
					open.onsuccess = () => resolve('written');
					open.onerror = () => resolve('refused');
				} catch (error) {
					resolve(`refused: ${(error as Error).name}`);
				}
			});
			return { origin: self.origin, parent: parent.document.title, storage, cookies, database };
		});
		// Its parent is its own sandbox page (what frameworks read), not the app.
		expect(written.parent).toBe('MCP App sandbox');
		expect(written.origin).toMatch(/^http:\/\/v[0-9a-f]{24}\.localhost:\d+$/);

		const seen = await react.evaluate(async () => {
			const databases = await indexedDB
				.databases()
				.then((list) => list.map((database) => database.name))
				.catch(() => [] as (string | undefined)[]);
			const frames: string[] = [];
			for (let i = 0; i < top!.frames.length; i++) {
				try {
					frames.push(String(top!.frames[i].document.title));
				} catch (error) {
					frames.push(`blocked: ${(error as Error).name}`);
				}
				try {
					frames.push(String(top!.frames[i].frames[0].document.body.innerText.slice(0, 20)));
				} catch (error) {
					frames.push(`blocked: ${(error as Error).name}`);
				}
			}
			let app: string;
			try {
				app = String(top!.document.title);
			} catch (error) {
				app = `blocked: ${(error as Error).name}`;
			}
			const read = <T>(value: () => T) => {
				try {
					return value();
				} catch {
					return null;
				}
			};
			return {
				origin: self.origin,
				secret: read(() => localStorage.getItem('secret')),
				cookie: read(() => document.cookie) ?? '',
				databases,
				frames,
				app
			};
		});
		expect(seen.origin).not.toBe(written.origin);
		expect(seen.secret).toBeNull();
		expect(seen.cookie).not.toContain('vue');
		expect(seen.databases).not.toContain('secrets');
		expect(seen.app).toMatch(/^blocked/);
		// Its own sandbox page and View are readable; the other server's are not.
		expect(seen.frames.filter((entry) => !entry.startsWith('blocked'))).toHaveLength(2);
		expect(seen.frames.filter((entry) => entry.startsWith('blocked: SecurityError'))).toHaveLength(2);

		// A View that navigates its sandbox page (which could bring another policy) is stopped.
		await vue.evaluate(() => parent.location.reload());
		await expect(widgets.nth(0).getByTestId('mcp-app-error')).toContainText('navigated its sandbox frame');
		await expect(widgets.nth(1).getByTestId('mcp-app-error')).toHaveCount(0);
	});

	test('a refusal names its directive; the permission is remembered and revoked from the server row', async ({
		page
	}) => {
		test.setTimeout(150_000);
		await page.goto('/');
		// Each test has a fresh browser context: nothing was allowed yet.
		await addServer(page, 'threejs', servers.get('server-threejs')!.url);
		await page.keyboard.press('Escape');
		await runInWorkbench(page, 'threejs', 'show_threejs_scene');
		const widget = page.locator('[data-widget-type=mcp-app]');
		await expect(widget.getByTestId('view-policy-refusal')).toContainText('script-src', { timeout: 30_000 });
		await widget.getByTestId('view-policy-allow').click();
		await expect(widget.getByTestId('view-policy-refusal')).toHaveCount(0);
		await expect(viewOf(page).locator('canvas#threejs-canvas')).toBeVisible({ timeout: 20_000 });

		// Remembered: a reload loads the View with the permission.
		await page.reload();
		await mountedFrame(page.locator('[data-widget-type=mcp-app]'));
		await expect(appEntries(page, 'csp').last()).toContainText("'unsafe-eval'", { timeout: 20_000 });
		await expect(page.getByTestId('view-policy-refusal')).toHaveCount(0);

		// Revoked where the server's settings live: the next load is refused again.
		await page.getByTestId('mcp-status').click();
		const row = page.locator('[data-testid=server-row][data-server="threejs"]');
		await expect(row.getByTestId('server-view-grant')).toContainText("script-src 'unsafe-eval'");
		await row.getByTestId('server-view-grant-revoke').click();
		await expect(row.getByTestId('server-view-grant')).toHaveCount(0);
		await page.keyboard.press('Escape');
		await page.reload();
		await expect(page.getByTestId('view-policy-refusal')).toContainText('script-src', { timeout: 30_000 });

		// An undeclared domain stops the View; the card names the directive and allows that origin.
		await addServer(page, 'hostile', hostile.url);
		await page.keyboard.press('Escape');
		await runInWorkbench(page, 'hostile', 'reach_out');
		const reaching = page.locator('[data-widget-type=mcp-app]').nth(1);
		await expect(reaching.getByTestId('mcp-app-error')).toContainText('connect-src', { timeout: 30_000 });
		const allow = reaching.getByTestId('view-policy-allow');
		await expect(allow).toContainText(`connect-src ${new URL(hostile.url).origin}`);
		// Selected first: selecting opens the inspector, which moves the widget under the pointer.
		await reaching.locator('.title-bar').click();
		await allow.click();
		// The View loads again with that origin allowed: its fetch reaches the server (no new refusal).
		await expect(reaching.getByTestId('mcp-app-error')).toHaveCount(0, { timeout: 20_000 });
		// Remembered with the server, where it can be revoked.
		await page.getByTestId('mcp-status').click();
		await expect(
			page.locator('[data-testid=server-row][data-server="hostile"]').getByTestId('server-view-grant')
		).toContainText(`connect-src ${new URL(hostile.url).origin}`);
	});
});
