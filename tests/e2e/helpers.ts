/**
 * Shared helpers for journeys: collect console errors (ignoring only Chromium's documented
 * CSP notice for markup with on*= attributes parsed by DOMPurify) and save screenshots as
 * artifacts under tests/artifacts/.
 */
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const artifactsDir = join(process.cwd(), 'tests', 'artifacts');

/** Chromium reports inline event handlers in parsed (never executed) markup under our CSP. */
const cspParseNoise = /Refused to execute inline event handler because it violates the following Content Security Policy/;

/** Starts collecting console errors and uncaught page errors; read the array at the end. */
export function collectErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('console', (message) => {
		if (message.type() === 'error' && !cspParseNoise.test(message.text())) errors.push(message.text());
	});
	page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
	return errors;
}

/** Saves a full-page screenshot as tests/artifacts/<name>.png. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
	mkdirSync(artifactsDir, { recursive: true });
	const path = join(artifactsDir, `${name}.png`);
	await page.screenshot({ path, fullPage: false });
	return path;
}
