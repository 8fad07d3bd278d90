/**
 * `?dashboard=<url>`: a link that names a dashboard file. Like `?mcp=`, nothing happens
 * without the user: a notice names the file's host and offers to load it (`dashboard-load`)
 * or not (`dashboard-keep`). Loading fetches the file without cookies or credentials (at most
 * 5 MB, 15 s), checks every widget, and only then replaces the canvas — as one undo step,
 * with a `dashboard-restore` action that brings back the previous widgets and parameters.
 * Its live widgets' sources then wait for the user's consent, as a shared canvas's do.
 * A file with no valid widget changes nothing.
 */
import { AutoUiError, errorMessage } from '$lib/shared';
import type { WidgetValidator } from '$lib/webmcp';
import type { CanvasStore } from '../canvas-store.svelte';
import { readCanvasFile } from './dashboard-file';
import { readBounded } from '../bounded-read';

/** The URL parameter naming a dashboard file. */
export const dashboardParameter = 'dashboard';
/** Largest dashboard file read, in bytes. */
export const maxDashboardBytes = 5 * 1024 * 1024;
const fetchTimeoutMs = 15_000;

/** The dashboard file a page URL names (http or https, relative to the page), or undefined. */
export function dashboardUrlOf(pageUrl: string | URL): URL | undefined {
	const page = new URL(pageUrl);
	const value = page.searchParams.get(dashboardParameter);
	if (!value) return undefined;
	try {
		const url = new URL(value, page);
		return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
	} catch {
		return undefined;
	}
}

/** The page URL without its `dashboard` parameter. */
export function withoutDashboard(pageUrl: string | URL): string {
	const url = new URL(pageUrl);
	url.searchParams.delete(dashboardParameter);
	return url.href;
}

/** Fetches a dashboard file's text: no credentials, size and time bounded. */
export async function fetchDashboardText(url: URL, fetcher: typeof fetch = fetch): Promise<string> {
	const signal = AbortSignal.timeout(fetchTimeoutMs);
	let response: Response;
	try {
		response = await fetcher(url, { credentials: 'omit', signal, headers: { accept: 'application/json' } });
	} catch (error) {
		throw new AutoUiError(
			'http_unreachable',
			`the dashboard could not be fetched from ${url.host}: ${errorMessage(error)}`,
			{ cause: error }
		);
	}
	if (!response.ok)
		throw new AutoUiError('http_unreachable', `${url.host} answered ${response.status} for the dashboard file`);
	const declared = Number(response.headers.get('content-length') ?? 0);
	if (declared > maxDashboardBytes)
		throw new AutoUiError(
			'limit_exceeded',
			`the dashboard file is ${Math.round(declared / 1024)} KB; at most ${maxDashboardBytes / 1024 / 1024} MB are read`
		);
	if (!response.body) return response.text();
	const tooLarge = () =>
		new AutoUiError('limit_exceeded', `the dashboard file is larger than ${maxDashboardBytes / 1024 / 1024} MB`);
	return new TextDecoder().decode(await readBounded(response.body, maxDashboardBytes, tooLarge));
}

/** Options of {@link offerDashboardLink}. */
export interface DashboardLinkOptions {
	fetch?: typeof fetch;
	/** Takes the parameter out of the address bar once the user decided. */
	replaceUrl?: (url: string) => void;
}

async function load(
	store: CanvasStore,
	url: URL,
	validator: WidgetValidator,
	options: DashboardLinkOptions
): Promise<void> {
	let reading;
	try {
		const [text] = await Promise.all([fetchDashboardText(url, options.fetch), validator.load()]);
		reading = readCanvasFile(text, validator);
	} catch (error) {
		store.notify('error', `The dashboard could not be loaded (your canvas is unchanged): ${errorMessage(error)}`);
		return;
	}
	if (reading.records.length === 0) {
		const why = reading.problems.length ? `: ${reading.problems.slice(0, 5).join('; ')}` : ': it has no widgets';
		store.notify('error', `Nothing loaded from ${url.host}; your canvas is unchanged${why}.`);
		return;
	}
	const previous = { records: store.widgets, parameters: store.params.values };
	// Its live widgets would call the user's tools: their sources wait for consent, like a shared canvas's.
	const { holdSources, offerLiveConsent } = await import('../live/link-consent');
	store.replaceAll(holdSources(reading.records));
	store.params.replace(reading.parameters ?? {});
	const had = previous.records.length > 0 || Object.keys(previous.parameters).length > 0;
	store.notify(
		'info',
		`Loaded the dashboard from ${url.host} (${reading.records.length} widget${reading.records.length === 1 ? '' : 's'}).${had ? ' Undo or "Back to my canvas" brings yours back.' : ''}`,
		had
			? [
					{
						id: 'dashboard-restore',
						label: 'Back to my canvas',
						run: () => {
							store.replaceAll(previous.records);
							store.params.replace(previous.parameters);
						}
					}
				]
			: undefined,
		{ choice: true }
	);
	offerLiveConsent(store);
	if (reading.problems.length)
		store.notify(
			'warning',
			`Skipped ${reading.problems.length} invalid widget(s): ${reading.problems.slice(0, 5).join('; ')}`
		);
}

/** Offers the dashboard a page URL names; does nothing for a URL without one. */
export function offerDashboardLink(
	store: CanvasStore,
	pageUrl: string,
	validator: WidgetValidator,
	options: DashboardLinkOptions = {}
): void {
	const page = new URL(pageUrl);
	if (!page.searchParams.has(dashboardParameter)) return;
	const decided = () => options.replaceUrl?.(withoutDashboard(pageUrl));
	const url = dashboardUrlOf(page);
	if (!url) {
		decided();
		store.notify('error', 'The link names a dashboard that is not an http(s) address; nothing was loaded.');
		return;
	}
	const replaces = store.widgets.length
		? ` It replaces your canvas of ${store.widgets.length} widget(s); Undo brings it back.`
		: '';
	const noticeId = store.notify(
		'info',
		`This link offers a dashboard from ${url.host} (${url.pathname.split('/').pop() || url.href}). Load it?${replaces}`,
		[
			{
				id: 'dashboard-load',
				label: 'Load dashboard',
				run: async () => {
					store.dismissNotice(noticeId);
					decided();
					await load(store, url, validator, options);
				}
			},
			{
				id: 'dashboard-keep',
				label: 'Not now',
				run: () => {
					store.dismissNotice(noticeId);
					decided();
				}
			}
		],
		{ choice: true }
	);
}
