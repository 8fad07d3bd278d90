/**
 * The connection doctor for HTTP tools: when a request never got an answer, a browser only
 * says "Failed to fetch". A second, `no-cors` request tells the two usual causes apart: if it
 * reaches the API, the API is up but does not allow calls from this page (CORS); if it fails
 * too, the API cannot be reached at all. Ports browsers refuse are named from the URL alone.
 */
import { blockedPortMessage, browserBlockedPort, errorMessage, transitFailure } from '$lib/shared';

/** Explains why a request to `url` failed in transit, with the fix. */
export async function explainNetworkFailure(
	url: string,
	options: { pageOrigin?: string; fetch?: typeof fetch } = {}
): Promise<string> {
	const port = browserBlockedPort(url);
	if (port !== undefined) return blockedPortMessage(port);
	const origin = options.pageOrigin ?? globalThis.location?.origin ?? 'this page';
	const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
	try {
		await doFetch(url, { method: 'GET', mode: 'no-cors', credentials: 'omit', signal: AbortSignal.timeout(5_000) });
		return (
			`the API at ${new URL(url).origin} answers, but does not allow calls from ${origin} (CORS). ` +
			`It must send "Access-Control-Allow-Origin: ${origin}" (and allow the headers the tool sends). ` +
			"Tell the user: the API's owner can allow this origin, the app's relay can forward it, or the tool can be switched to mock mode."
		);
	} catch (error) {
		const kind = transitFailure(error);
		const why =
			kind === 'dns'
				? 'its host name does not resolve'
				: kind === 'refused'
					? 'nothing accepts connections there'
					: kind === 'tls'
						? 'its TLS certificate is not accepted'
						: kind === 'timeout'
							? 'it did not answer in time'
							: errorMessage(error);
		return `the API at ${new URL(url).origin} cannot be reached (${why}). Check the base URL of the tool set, or tell the user the API is down.`;
	}
}
