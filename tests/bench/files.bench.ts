/**
 * Your own file (`files` server, DuckDB-WASM in its worker), in Chromium against the
 * production build, over a generated 1,000,000-row CSV (~60 MB):
 * - `files-load`: from choosing the file (after pressing Add data, which starts DuckDB-WASM)
 *   to its row in the files list (read into a table, kept on the device);
 * - `files-memory`: what the browser's processes hold once it is loaded, over before;
 * - `files-frame-gap`: the longest gap between animation frames while it loads;
 * - `files-group-by`: p50 of a group-by over every row, as a live widget's refresh through
 *   files_webmcp_query_sql (the profile card's one-click bar chart);
 * - `files-group-by-node`: the same group-by on DuckDB in Node (@duckdb/node-api, the
 *   datasets server's engine) over the same rows, and the ratio.
 */
import { chromium, type Page } from '@playwright/test';
import { DuckDBInstance } from '@duckdb/node-api';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunch, withAppServer } from './server';

type Emit = (figure: Record<string, unknown>) => void;
const ROWS = 1_000_000;
const REGIONS = ['North', 'South', 'East', 'West', 'Centre', 'Coast', 'Alps', 'Plains', 'Islands', 'Lakes'];

function generate(file: string): void {
	const lines = ['amount,region,product,day,quantity,order_id,customer'];
	for (let index = 0; index < ROWS; index++) {
		const day = new Date(Date.UTC(2025, 0, 1) + (index % 365) * 86_400_000).toISOString().slice(0, 10);
		lines.push(
			`${((index * 7919) % 100_000) / 100},${REGIONS[index % 10]},product ${index % 100},${day},${index % 17},${index},customer ${(index * 31) % 50_000}`
		);
	}
	writeFileSync(file, lines.join('\n') + '\n');
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

/** Resident memory of the browser's processes, in bytes. */
function browserRss(pid: number): number {
	const out = execFileSync('ps', ['-eo', 'pid,ppid,rss'], { encoding: 'utf8' });
	const rows = out
		.trim()
		.split('\n')
		.slice(1)
		.map((line) => line.trim().split(/\s+/).map(Number));
	const family = new Set([pid]);
	for (let grew = true; grew;) {
		grew = false;
		for (const [child, parent] of rows)
			if (family.has(parent) && !family.has(child)) {
				family.add(child);
				grew = true;
			}
	}
	return rows.filter(([child]) => family.has(child)).reduce((sum, [, , rss]) => sum + rss * 1024, 0);
}

async function frameGapMonitor(page: Page): Promise<void> {
	await page.evaluate(() => {
		const state = { last: performance.now(), maxGap: 0, running: true };
		(window as unknown as { gap: typeof state }).gap = state;
		const tick = (now: number) => {
			state.maxGap = Math.max(state.maxGap, now - state.last);
			state.last = now;
			if (state.running) requestAnimationFrame(tick);
		};
		requestAnimationFrame(tick);
	});
}

export default async function run(emit: Emit): Promise<void> {
	const folder = mkdtempSync(join(tmpdir(), 'autoui-files-bench-'));
	const file = join(folder, 'orders.csv');
	generate(file);
	const bytes = statSync(file).size;
	try {
		await withAppServer(async (baseUrl) => {
			const browser = await chromium.launch(chromiumLaunch);
			try {
				const page = await browser.newPage();
				await page.goto(baseUrl);
				await page.getByTestId('canvas-add-data').waitFor();
				// The browser is a child of this process: its processes' memory, before and after.
				const before = browserRss(process.pid);
				await frameGapMonitor(page);
				// The user's path: Add data (DuckDB-WASM starts), then the file is chosen; timed from the choice.
				const chooser = page.waitForEvent('filechooser');
				await page.getByTestId('canvas-add-data').click();
				const picker = await chooser;
				const started = Date.now();
				await picker.setFiles(file);
				await page.getByTestId('data-file-row').waitFor({ timeout: 120_000 });
				const load = Date.now() - started;
				const gap = await page.evaluate(() => {
					const state = (window as unknown as { gap: { maxGap: number; running: boolean } }).gap;
					state.running = false;
					return state.maxGap;
				});
				const after = browserRss(process.pid);
				emit({ name: 'files-load', value: load, unit: 'ms', target: '<= 5000 ms', rows: ROWS, bytes });
				emit({
					name: 'files-memory',
					value: Math.round((after - before) / 1e6),
					unit: 'MB',
					target: null,
					note: 'this process and its children (the browser), RSS after load minus before'
				});
				emit({ name: 'files-frame-gap', value: Math.round(gap), unit: 'ms', target: '< 100 ms' });

				// The profile card's bar chart: a group-by over every row, as a live widget.
				const chart = page.getByTestId('data-file-chart').filter({ hasText: 'Bar chart' });
				await chart.waitFor({ timeout: 60_000 });
				await chart.click();
				const frame = page.locator('[data-widget-type=bar]');
				await frame.locator('figure[data-chart-ready=true]').waitFor({ timeout: 60_000 });
				const refresh = frame.getByTestId('widget-refresh');
				const times: number[] = [];
				for (let index = 0; index < 9; index++) {
					const clicked = Date.now();
					await refresh.click();
					await page.waitForFunction(
						() =>
							document
								.querySelector('[data-widget-type=bar] [data-testid=widget-refresh]')
								?.getAttribute('data-refreshing') === 'false'
					);
					times.push(Date.now() - clicked);
				}
				const p50 = median(times);
				emit({
					name: 'files-group-by',
					value: p50,
					unit: 'ms',
					target: '<= 300 ms',
					runs: times.length,
					max: Math.max(...times),
					note: 'a live widget refresh: direct call, query over 1M rows, render'
				});

				const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
				const connection = await instance.connect();
				await connection.run(`CREATE TABLE orders AS SELECT * FROM read_csv('${file}')`);
				const sql =
					'SELECT region, round(sum(amount), 2) AS total_amount FROM orders GROUP BY 1 ORDER BY 2 DESC LIMIT 20';
				const node: number[] = [];
				for (let index = 0; index < 9; index++) {
					const begun = performance.now();
					await connection.runAndReadAll(sql);
					node.push(performance.now() - begun);
				}
				connection.closeSync();
				const nodeP50 = median(node);
				emit({
					name: 'files-group-by-node',
					value: Math.round(nodeP50 * 10) / 10,
					unit: 'ms',
					target: null,
					ratio: Math.round((p50 / nodeP50) * 10) / 10,
					note: 'the same group-by on @duckdb/node-api (the datasets engine), engine time only; ratio = browser p50 / node p50'
				});
			} finally {
				await browser.close();
			}
		});
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}
