/**
 * Screenshots and downloaded files as test artifacts: written into the test's output folder
 * (test-results/…) and attached to the test, so reports show them and they can be opened
 * after a run, passing or not.
 */
import type { Page, TestInfo } from '@playwright/test';
import { writeFile } from 'node:fs/promises';

/** Attaches a screenshot of the page (the viewport) as `<name>.png`. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
	const path = testInfo.outputPath(`${name}.png`);
	await page.screenshot({ path });
	await testInfo.attach(`${name}.png`, { path, contentType: 'image/png' });
}

/** Attaches bytes (an exported file) under `name`. */
export async function attachFile(testInfo: TestInfo, name: string, body: Buffer, contentType: string): Promise<void> {
	const path = testInfo.outputPath(name);
	await writeFile(path, body);
	await testInfo.attach(name, { path, contentType });
}
