/**
 * OAuth sign-in without a browser, for Node processes that drive a connection on their own
 * (the conformance client). The authorization URL is requested directly; an authorization
 * server that grants at once answers with a redirect to our callback URL, whose `code` and
 * `state` finish the flow exactly as the callback page does (`finishOAuth`).
 *
 * `fetch` with `redirect: 'manual'` exposes the Location header in Node only; browsers hide
 * it, which is why the app sends the user to the page instead.
 */
import { AutoUiError } from '$lib/shared';
import { finishOAuth, type KeyValueStore } from './oauth';

/** A `navigate` for `StoredOAuthProvider` that signs in headlessly, and what it has done. */
export interface HeadlessSignIn {
	/** Hand this to the provider as its `navigate`. */
	navigate(authorizationUrl: URL): Promise<void>;
	/** How many sign-ins completed (tokens stored) so far. */
	readonly completed: number;
}

/**
 * Creates a headless sign-in that stores what it obtains in `storage`. At most `limit`
 * sign-ins are started (default 3): a server that keeps asking for a wider scope after each
 * one would otherwise hold the client in a loop.
 */
export function headlessSignIn(options: {
	storage: KeyValueStore;
	limit?: number;
	fetch?: typeof fetch;
}): HeadlessSignIn {
	const fetcher = options.fetch ?? fetch;
	const limit = options.limit ?? 3;
	let started = 0;
	let completed = 0;
	return {
		get completed() {
			return completed;
		},
		async navigate(authorizationUrl) {
			if (started >= limit) {
				throw new AutoUiError(
					'mcp_auth',
					`The server asked for a sign-in ${limit + 1} times in a row; stopped to avoid a loop. Check the scopes it demands.`
				);
			}
			started++;
			const response = await fetcher(authorizationUrl, { redirect: 'manual' });
			const location = response.headers.get('location');
			if (response.status < 300 || response.status >= 400 || !location) {
				throw new AutoUiError(
					'mcp_auth',
					`The authorization server answered HTTP ${response.status} without a redirect to the callback; a headless sign-in needs one that grants at once.`
				);
			}
			await finishOAuth({ url: new URL(location, authorizationUrl), storage: options.storage });
			completed++;
		}
	};
}
