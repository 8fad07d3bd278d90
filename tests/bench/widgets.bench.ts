/**
 * Widget figures, measured in Chromium against the built app through /gallery?preview:
 * time to mount a bar chart of 1,000 points (cold: includes fetching the Vega chunks; warm:
 * chunks cached), time to mount a table of 200,000 rows, the frame time while scrolling that
 * table (p50/p95), and the gzipped size of the chunks fetched on demand for the first chart.
 */
import { chromium, type Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { chromiumLaunch, withAppServer } from './server';

type Emit = (figure: Record<string, unknown>) => void;

const round = (value: number) => Math.round(value * 10) / 10;
const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const median = (values: number[]) => percentile(values, 50);

/** Posts widgets to the preview page and resolves with the ms until `ready` holds in a frame. */
async function mount(page: Page, build: string, ready: string): Promise<number> {
	return page.evaluate(
		async ([buildSource, readySource]) => {
			const widgets = new Function(`return (${buildSource})`)()();
			const isReady = new Function(`return (${readySource})`)() as () => boolean;
			const preview = document.querySelector('[data-testid=gallery-preview]')!;
			const generation = Number(preview.getAttribute('data-generation'));
			const start = performance.now();
			window.postMessage({ type: 'autoui-gallery-preview', widgets }, location.origin);
			await new Promise<void>((resolve, reject) => {
				const deadline = start + 60_000;
				const check = () => {
					if (Number(preview.getAttribute('data-generation')) > generation && isReady()) resolve();
					else if (performance.now() > deadline) reject(new Error('widget did not render in 60 s'));
					else requestAnimationFrame(check);
				};
				requestAnimationFrame(check);
			});
			return performance.now() - start;
		},
		[build, ready] as const
	);
}

const barWidgets = `() => [{ name: 'bar', size: { w: 900, h: 420 }, params: { x: 'id', y: 'value', data: Array.from({ length: 1000 }, (_, i) => ({ id: 'p' + i, value: Math.round(500 + 400 * Math.sin(i / 40) + (i % 17) * 9) })) } }]`;
const barReady = `() => document.querySelector('[data-preview-widget=bar] [data-chart-ready=true] canvas, [data-preview-widget=bar] [data-chart-ready=true] svg') !== null`;
const tableWidgets = `() => [{ name: 'data-table', size: { w: 900, h: 520 }, params: { rows: Array.from({ length: 200000 }, (_, i) => ({ id: i, city: 'City ' + (i % 977), amount: (i * 7919) % 100000 / 7, date: '2024-' + String(1 + (i % 12)).padStart(2, '0') + '-15', status: ['open', 'closed', 'pending'][i % 3] })), columns: [{ key: 'id', type: 'number' }, { key: 'city' }, { key: 'amount', type: 'number', format: 'decimal' }, { key: 'date', type: 'date' }, { key: 'status', type: 'badge' }] } }]`;
const tableReady = `() => document.querySelectorAll('[data-preview-widget=data-table] .tr').length > 5`;

export default async function run(emit: Emit): Promise<void> {
	await withAppServer(async (baseUrl) => {
		const browser = await chromium.launch(chromiumLaunch);
		try {
			const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
			const scripts = new Map<string, Promise<Buffer>>();
			let recording = false;
			page.on('response', (response) => {
				if (recording && response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
			});
			await page.goto(`${baseUrl}/gallery?preview`, { waitUntil: 'networkidle' });
			await page.waitForSelector('[data-testid=gallery-preview]');

			recording = true;
			const barCold = await mount(page, barWidgets, barReady);
			recording = false;
			let gzipped = 0;
			let raw = 0;
			for (const body of await Promise.all(scripts.values())) {
				raw += body.length;
				gzipped += gzipSync(body, { level: 9 }).length;
			}
			emit({ name: 'widgets-chart-chunks-gzip', value: round(gzipped / 1024), unit: 'KB', target: 'on demand only (not in initial JS)', files: scripts.size, rawKB: round(raw / 1024) });
			emit({ name: 'widgets-bar-1000-mount-cold', value: round(barCold), unit: 'ms', target: null });
			const barWarm: number[] = [];
			for (let run = 0; run < 5; run++) barWarm.push(await mount(page, barWidgets, barReady));
			emit({ name: 'widgets-bar-1000-mount', value: round(median(barWarm)), unit: 'ms', target: '< 500 ms', runs: barWarm.length });

			const tableTimes: number[] = [];
			for (let run = 0; run < 3; run++) tableTimes.push(await mount(page, tableWidgets, tableReady));
			emit({ name: 'widgets-table-200k-mount', value: round(median(tableTimes)), unit: 'ms', target: '< 1000 ms', runs: tableTimes.length });

			const idle = await page.evaluate(async () => {
				const times: number[] = [];
				let last = performance.now();
				for (let frame = 0; frame < 60; frame++) {
					await new Promise((resolve) => requestAnimationFrame(resolve));
					const now = performance.now();
					times.push(now - last);
					last = now;
				}
				return times;
			});
			emit({ name: 'widgets-idle-frame-p50', value: round(percentile(idle, 50)), unit: 'ms', target: 'baseline for the scroll figures', frames: idle.length });
			const frames = await page.evaluate(async () => {
				const scroller = document.querySelector('[data-preview-widget=data-table] .scroller') as HTMLElement;
				const times: number[] = [];
				let last = performance.now();
				for (let frame = 0; frame < 240; frame++) {
					scroller.scrollTop += frame < 120 ? 170 : 4000;
					await new Promise((resolve) => requestAnimationFrame(resolve));
					const now = performance.now();
					times.push(now - last);
					last = now;
				}
				return { times, rows: document.querySelectorAll('[data-preview-widget=data-table] .tr').length, top: scroller.scrollTop };
			});
			emit({ name: 'widgets-table-200k-scroll-frame-p50', value: round(percentile(frames.times, 50)), unit: 'ms', target: '≈ 16.7 ms', frames: frames.times.length, renderedRows: frames.rows });
			emit({ name: 'widgets-table-200k-scroll-frame-p95', value: round(percentile(frames.times, 95)), unit: 'ms', target: '< 25 ms', frames: frames.times.length });
		} finally {
			await browser.close();
		}
	});
}
