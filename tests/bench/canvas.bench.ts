/**
 * Canvas figures, in Chromium against the production build:
 * - time from a `widget_display` call (through the autoui WebMCP registration, which runs
 *   the same validation and canvas callbacks as the agent loop) to the widget's content in
 *   the DOM: a stat and a 1,000-row data table, cold (first of its type, includes loading
 *   the component's chunk) and warm (median of later calls);
 * - with 300 widgets on the canvas, the main-thread cost of each pointer move while
 *   dragging one of them (event handling, Svelte update, style and layout), p50/p95, plus
 *   the p95 interval between animation frames during the drag.
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunch, withAppServer } from './server';

type Emit = (figure: Record<string, unknown>) => void;

/** A recording WebMCP `document.modelContext` (Chromium has none without a flag). */
function installModelContext(): void {
	const tools = new Map<string, unknown>();
	const context = {
		registerTool(tool: { name: string }) {
			tools.set(tool.name, tool);
		},
		unregisterTool(name: string) {
			tools.delete(name);
		}
	};
	Object.defineProperty(document, 'modelContext', { value: context, configurable: true });
	(window as unknown as { __webmcpTools: typeof tools }).__webmcpTools = tools;
}

/** Calls widget_display in the page and resolves with ms until `marker` text is in the widget's frame. */
async function timeDisplay(page: Page, name: string, params: Record<string, unknown>, marker: string): Promise<number> {
	return page.evaluate(
		async ([widget, input, text]) => {
			type Tool = { execute(args: unknown): Promise<{ structuredContent?: { id?: string }; isError?: boolean }> };
			const tool = (window as unknown as { __webmcpTools: Map<string, Tool> }).__webmcpTools.get('widget_display')!;
			const world = document.querySelector('[data-testid=canvas]')!;
			const start = performance.now();
			let id: string | undefined;
			const done = new Promise<number>((resolve) => {
				const check = () => {
					const frame = id ? document.querySelector(`[data-widget-id="${id}"]`) : null;
					if (frame && !frame.querySelector('.loading') && frame.textContent?.includes(text as string)) {
						observer.disconnect();
						resolve(performance.now() - start);
						return true;
					}
					return false;
				};
				const observer = new MutationObserver(check);
				observer.observe(world, { childList: true, subtree: true, characterData: true });
				void tool.execute({ name: widget, params: input }).then((result) => {
					if (result.isError) throw new Error(JSON.stringify(result));
					id = result.structuredContent?.id;
					check();
				});
			});
			return done;
		},
		[name, params, marker] as const
	);
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round = (value: number) => Math.round(value * 100) / 100;

async function freshPage(baseUrl: string, browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<Page> {
	const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
	const page = await context.newPage();
	await page.addInitScript(installModelContext);
	await page.goto(baseUrl);
	await page.waitForFunction(() =>
		(window as unknown as { __webmcpTools?: Map<string, unknown> }).__webmcpTools?.has('widget_display')
	);
	return page;
}

export default async function run(emit: Emit): Promise<void> {
	await withAppServer(async (baseUrl) => {
		const browser = await chromium.launch(chromiumLaunch);
		try {
			const page = await freshPage(baseUrl, browser);
			const stat = (index: number) => ({ label: `Figure ${index}`, value: 1000 + index, trend: 'up' });
			await page.waitForTimeout(1500); // let start-up work settle, so "cold" measures the widget's own first load
			const statCold = await timeDisplay(page, 'stat', stat(0), 'Figure 0');
			const statWarm: number[] = [];
			for (let index = 1; index <= 15; index++)
				statWarm.push(await timeDisplay(page, 'stat', stat(index), `Figure ${index}`));
			emit({ name: 'canvas-display-stat-cold', value: round(statCold), unit: 'ms', target: null });
			emit({
				name: 'canvas-display-stat',
				value: round(median(statWarm)),
				unit: 'ms',
				target: '< 50 ms',
				runs: statWarm.length
			});

			const rows = (seed: number) =>
				Array.from({ length: 1000 }, (_, index) => ({
					city: `Town ${seed}-${index}`,
					population: 1000 + index * 7,
					share: index / 1000,
					region: ['North', 'South', 'East', 'West'][index % 4]
				}));
			const table = (seed: number) => ({ title: `Towns ${seed}`, rows: rows(seed) });
			const tableCold = await timeDisplay(page, 'data-table', table(0), 'Town 0-0');
			const tableWarm: number[] = [];
			for (let seed = 1; seed <= 5; seed++)
				tableWarm.push(await timeDisplay(page, 'data-table', table(seed), `Town ${seed}-0`));
			emit({ name: 'canvas-display-table-1000-cold', value: round(tableCold), unit: 'ms', target: null });
			emit({
				name: 'canvas-display-table-1000',
				value: round(median(tableWarm)),
				unit: 'ms',
				target: '< 200 ms',
				runs: tableWarm.length
			});
			await page.context().close();

			const dragPage = await freshPage(baseUrl, browser);
			for (let index = 0; index < 300; index++) {
				await dragPage.evaluate(
					(args) =>
						(
							window as unknown as { __webmcpTools: Map<string, { execute(a: unknown): Promise<unknown> }> }
						).__webmcpTools
							.get('widget_display')!
							.execute(args),
					{ name: 'stat', params: stat(index) }
				);
			}
			await dragPage.waitForFunction(() => document.querySelectorAll('[data-widget-id] .stat').length === 300);
			const frame = dragPage.locator('[data-widget-id]').first();
			const bar = (await frame.locator('.title-bar').boundingBox())!;
			await dragPage.evaluate(() => {
				const state = { start: 0, samples: [] as number[], intervals: [] as number[], last: 0, running: true };
				(window as unknown as { __drag: typeof state }).__drag = state;
				window.addEventListener('pointermove', () => (state.start = performance.now()), { capture: true });
				window.addEventListener('pointermove', () => {
					const start = state.start;
					// Svelte flushes in a microtask queued by the handler; measure after it, forcing style and layout.
					void Promise.resolve().then(() => {
						document.querySelector('[data-testid=canvas]')!.getBoundingClientRect();
						document.querySelector('.frame.dragging')?.getBoundingClientRect();
						state.samples.push(performance.now() - start);
					});
				});
				const tick = (time: number) => {
					if (state.last) state.intervals.push(time - state.last);
					state.last = time;
					if (state.running) requestAnimationFrame(tick);
				};
				requestAnimationFrame(tick);
			});
			await dragPage.mouse.move(bar.x + 20, bar.y + 10);
			await dragPage.mouse.down();
			await dragPage.mouse.move(bar.x + 620, bar.y + 410, { steps: 150 });
			await dragPage.mouse.up();
			const { samples, intervals } = await dragPage.evaluate(() => {
				const state = (window as unknown as { __drag: { samples: number[]; intervals: number[]; running: boolean } })
					.__drag;
				state.running = false;
				return { samples: state.samples, intervals: state.intervals };
			});
			emit({
				name: 'canvas-drag-300-frame-p50',
				value: round(percentile(samples, 50)),
				unit: 'ms',
				target: null,
				moves: samples.length
			});
			emit({
				name: 'canvas-drag-300-frame-p95',
				value: round(percentile(samples, 95)),
				unit: 'ms',
				target: '< 16.7 ms',
				moves: samples.length
			});
			emit({
				name: 'canvas-drag-300-raf-interval-p95',
				value: round(percentile(intervals, 95)),
				unit: 'ms',
				target: '≈ 16.7 ms (no dropped frames)',
				frames: intervals.length
			});
			await dragPage.context().close();
		} finally {
			await browser.close();
		}
	});
}
