/**
 * Redirects of requests that carry secrets. Browsers drop only `Authorization` when a redirect
 * leaves the origin; an `X-Api-Key` header or a key in the query would follow it to another
 * host. Such requests are sent with `redirect: 'manual'`: a redirect within the same origin is
 * followed here (at most MAX_HOPS, 303 and a POST's 301/302 become GET), one to another origin
 * is refused. Where the runtime hides the redirect's target (a browser's `opaqueredirect`),
 * nothing is followed and the error says how to fix the tool's URL. Requests without secrets
 * follow redirects as usual.
 */
import { AutoUiError } from '$lib/shared';
import type { BuiltRequest } from './request';

const MAX_HOPS = 5;

export async function fetchWithSafeRedirects(
	doFetch: typeof fetch,
	request: BuiltRequest,
	init: { signal: AbortSignal }
): Promise<Response> {
	const base = { signal: init.signal, credentials: 'omit' as const };
	if (!request.carriesSecrets)
		return doFetch(request.url, {
			...base,
			method: request.method,
			headers: request.headers,
			body: request.body,
			redirect: 'follow'
		});
	let { url, method, body } = request;
	const origin = new URL(url).origin;
	for (let hop = 0; ; hop++) {
		const response = await doFetch(url, { ...base, method, headers: request.headers, body, redirect: 'manual' });
		if (response.type === 'opaqueredirect') {
			throw new AutoUiError(
				'blocked',
				`${new URL(url).pathname} answered with a redirect, which is not followed because the request carries a secret and the browser does not say where it leads. Use the final address as the tool's URL or base URL.`
			);
		}
		const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
		if (!location) return response;
		const next = new URL(location, url);
		await response.body?.cancel().catch(() => undefined);
		if (next.origin !== origin) {
			throw new AutoUiError(
				'blocked',
				`the API redirected to another origin (${next.origin}); the request carries a secret, so the redirect was not followed.`
			);
		}
		if (hop + 1 >= MAX_HOPS)
			throw new AutoUiError('http_unreachable', `the API redirected more than ${MAX_HOPS} times.`);
		if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
			method = 'GET';
			body = undefined;
		}
		url = next.href;
	}
}
