/**
 * Initial JavaScript: every script the first page load fetches (until the load event plus
 * two quiet seconds — MCP connections keep an event stream open, so the network never goes
 * idle), gzipped at level 9, summed. Heavy libraries must stay out of it (loaded on demand).
 */
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { chromiumLaunch, withAppServer } from './server';

type Emit = (figure: Record<string, unknown>) => void;

export default async function run(emit: Emit): Promise<void> {
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
			let raw = 0;
			let gzipped = 0;
			for (const body of await Promise.all(scripts.values())) {
				raw += body.length;
				gzipped += gzipSync(body, { level: 9 }).length;
			}
			emit({ name: 'initial-js-gzip', value: Math.round(gzipped / 102.4) / 10, unit: 'KB', target: '< 120 KB', files: scripts.size });
			emit({ name: 'initial-js-raw', value: Math.round(raw / 102.4) / 10, unit: 'KB', target: null, files: scripts.size });
		} finally {
			await browser.close();
		}
	});
}
