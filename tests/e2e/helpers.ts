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
const cspParseNoise =
	/Refused to execute inline event handler because it violates the following Content Security Policy/;

/** Chromium's console line for a request answered with HTTP 400 or 404. */
const badRequestLine = /^Failed to load resource: the server responded with a status of (400|404)/;

/**
 * True for the 2026-07-28 `server/discover` probe a connection on `auto` sends first: a server
 * that speaks only 2025-11-25 answers it with 400 (404 when it wants a session first), which
 * Chromium logs as an error; the connection then uses 2025-11-25.
 */
function isRefusedProbe(method: string, postData: string | null, status: number): boolean {
	return (
		(status === 400 || status === 404) && method === 'POST' && /"method"\s*:\s*"server\/discover"/.test(postData ?? '')
	);
}

/**
 * A CORS refusal of a 2026-07-28 header (`Mcp-Method`, `Mcp-Name`): only the `auto` probe
 * carries them to a server not known to speak that revision, and a 2025-11-25 server's
 * allow-list predates them; the connection then uses 2025-11-25. Group 1 is the URL.
 */
const probeCorsLine = /^Access to fetch at '([^']+)' .* Request header field mcp-(?:method|name) is not allowed/i;
const networkFailureLine = /^Failed to load resource: net::ERR_FAILED/;

/**
 * Starts collecting console errors and uncaught page errors; read the array at the end. What
 * a 2025-11-25 server answers the `auto` protocol probe with (400 or 404, or a refused preflight) is
 * expected, not collected.
 */
export function collectErrors(page: Page): string[] {
	const errors: string[] = [];
	const probeUrls = new Set<string>();
	const pending: Array<{ url: string; text: string }> = [];
	page.on('response', (response) => {
		const request = response.request();
		if (!isRefusedProbe(request.method(), request.postData(), response.status())) return;
		probeUrls.add(response.url());
		// The console line may have come first: take it back out.
		const index = pending.findIndex((line) => line.url === response.url());
		if (index >= 0) {
			const [line] = pending.splice(index, 1);
			const at = errors.indexOf(line.text);
			if (at >= 0) errors.splice(at, 1);
		}
	});
	const refusedPreflights: string[] = [];
	page.on('console', (message) => {
		if (message.type() !== 'error' || cspParseNoise.test(message.text())) return;
		const cors = probeCorsLine.exec(message.text());
		if (cors) return void refusedPreflights.push(cors[1]);
		if (networkFailureLine.test(message.text())) {
			const index = refusedPreflights.indexOf(message.location().url);
			if (index >= 0) return void refusedPreflights.splice(index, 1);
		}
		if (badRequestLine.test(message.text())) {
			const url = message.location().url;
			if (probeUrls.has(url)) return;
			pending.push({ url, text: message.text() });
		}
		errors.push(message.text());
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
