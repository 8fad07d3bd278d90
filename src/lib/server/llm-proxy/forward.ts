/**
 * Forwards a browser's LLM request to the provider with the server's key, streaming the
 * answer straight through. Only the API paths the app uses are forwarded (messages / chat
 * completions and model lists), only same-origin requests are accepted (another site must
 * not spend this server's key), and the browser's own auth headers and cookies are dropped.
 */
import { hasSameOriginEvidence, hostPolicyFromEnv, isAllowedHost, requestHost, type HostPolicy } from '../host-guard';
import { isCrossOrigin } from '../same-origin';
import type { LlmProxyConfig, ProxyProvider } from './config';

/**
 * Paths (after /api/llm/<provider>/) and the method each accepts: exactly the calls the app
 * makes (messages / chat completions and model listing). A model id is one or more segments
 * of `[\w.:@-]` (OpenAI-compatible gateways use ids such as `meta-llama/Llama-3.3-70B`);
 * dot segments are refused before this list is consulted.
 */
const allowedPaths: Record<ProxyProvider, Array<[RegExp, string]>> = {
	anthropic: [
		[/^v1\/messages$/, 'POST'],
		[/^v1\/messages\/count_tokens$/, 'POST'],
		[/^v1\/models(\/[\w.:@-]+)?$/, 'GET']
	],
	openai: [
		[/^chat\/completions$/, 'POST'],
		[/^models(\/[\w.:@-]+){0,3}$/, 'GET']
	]
};

/**
 * The path as the client sent it (still percent-encoded), after /api/llm/<provider>/.
 * Checking this form, not the decoded one, is what stops `..%2F` tricks: the decoded path
 * would be normalised by the URL parser after any check.
 */
function rawPathOf(request: Request, provider: string): string | undefined {
	const pathname = new URL(request.url).pathname;
	const prefix = `/api/llm/${provider}/`;
	return pathname.startsWith(prefix) ? pathname.slice(prefix.length) : undefined;
}

/**
 * True when `raw` is a plain path: no percent-encoding at all (so no encoded separators or
 * dots), no backslashes, no empty, `.` or `..` segments. Everything the allow-list accepts
 * is plain ASCII, so nothing legitimate needs encoding.
 */
function isPlainPath(raw: string): boolean {
	if (/[%\\]/.test(raw)) return false;
	return raw.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Request headers passed on to the provider. */
const forwardedRequestHeaders = ['content-type', 'accept', 'anthropic-version', 'anthropic-beta'];
/** Response headers passed back to the browser. */
const forwardedResponseHeaders = [
	'content-type',
	'retry-after',
	'retry-after-ms',
	'request-id',
	'x-request-id',
	'x-should-retry',
	'cache-control'
];

const maxBodyBytes = 20 * 1024 * 1024;

/** An error answer in the provider's own body shape, so the SDK reads it like a real one. */
function errorResponse(provider: string, status: number, message: string): Response {
	const body =
		provider === 'anthropic'
			? {
					type: 'error',
					error: {
						type: status === 401 ? 'authentication_error' : status >= 500 ? 'api_error' : 'invalid_request_error',
						message
					}
				}
			: { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: null } };
	return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Options of {@link forwardLlmRequest}. */
export interface ForwardOptions {
	/** The app's own host names (default: loopback only); see host-guard.ts. */
	hosts?: HostPolicy;
	/** Injectable for tests. */
	fetch?: typeof fetch;
}

/**
 * Answers `request` (for /api/llm/<provider>/<path>) by forwarding it upstream. Refused
 * unless it was sent to one of the app's own host names (DNS rebinding), from the app's own
 * origin, with the browser's same-origin evidence (`Sec-Fetch-Site: same-origin`).
 */
export async function forwardLlmRequest(
	request: Request,
	provider: string,
	path: string,
	config: LlmProxyConfig,
	options: ForwardOptions = {}
): Promise<Response> {
	const fetchImpl = options.fetch ?? fetch;
	if (provider !== 'anthropic' && provider !== 'openai')
		return errorResponse('openai', 404, `unknown provider "${provider}"`);
	const url = new URL(request.url);
	if (!isAllowedHost(requestHost(request), options.hosts ?? hostPolicyFromEnv({}))) {
		return errorResponse(
			provider,
			403,
			"the LLM proxy only answers under this app's own host names (set ORIGIN or ALLOWED_HOSTS to add one)"
		);
	}
	if (isCrossOrigin(request) || !hasSameOriginEvidence(request))
		return errorResponse(provider, 403, "the LLM proxy only serves this app's own pages");
	const raw = rawPathOf(request, provider) ?? path;
	const plain = isPlainPath(raw) && raw === path;
	const route = plain ? allowedPaths[provider].find(([pattern]) => pattern.test(path)) : undefined;
	if (!route) return errorResponse(provider, 404, `the LLM proxy does not forward "${path}"`);
	if (request.method !== route[1])
		return errorResponse(provider, 405, `${request.method} is not allowed for "${path}"`);
	const upstream = config[provider];
	if (!upstream) {
		const variable = `${provider.toUpperCase()}_API_KEY`;
		return errorResponse(
			provider,
			401,
			`this server has no ${variable} — set it in the server's environment, or enter your own key in Settings`
		);
	}

	const headers = new Headers();
	for (const name of forwardedRequestHeaders) {
		const value = request.headers.get(name);
		if (value) headers.set(name, value);
	}
	if (provider === 'anthropic') headers.set('x-api-key', upstream.apiKey);
	else headers.set('authorization', `Bearer ${upstream.apiKey}`);

	let body: ArrayBuffer | undefined;
	if (request.method === 'POST') {
		if (!/^application\/json\b/.test(request.headers.get('content-type') ?? ''))
			return errorResponse(provider, 415, 'the LLM proxy accepts JSON bodies only');
		body = await request.arrayBuffer();
		if (body.byteLength > maxBodyBytes)
			return errorResponse(provider, 413, 'the request body is too large for the LLM proxy');
	}

	// The URL the provider gets must be exactly base + the allowed path: nothing normalised away.
	const target = new URL(`${upstream.baseUrl}/${path}${url.search}`);
	if (target.pathname !== `${new URL(upstream.baseUrl).pathname.replace(/\/$/, '')}/${path}`) {
		return errorResponse(provider, 404, `the LLM proxy does not forward "${path}"`);
	}

	let answer: Response;
	try {
		// Never follow a redirect: it would carry the server's key to wherever it points.
		answer = await fetchImpl(target.href, {
			method: request.method,
			headers,
			body,
			signal: request.signal,
			redirect: 'manual'
		});
	} catch (error) {
		if (request.signal.aborted) return new Response(null, { status: 499 });
		const reason =
			error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
		return errorResponse(provider, 502, `the app server could not reach ${upstream.baseUrl} (${reason})`);
	}
	if ((answer.status >= 300 && answer.status < 400) || answer.type === 'opaqueredirect') {
		const location = answer.headers.get('location');
		await answer.body?.cancel().catch(() => undefined);
		return errorResponse(
			provider,
			502,
			`the provider redirected${location ? ` to ${location}` : ''}; the LLM proxy does not follow redirects (check ${provider.toUpperCase()}_BASE_URL)`
		);
	}
	const responseHeaders = new Headers();
	for (const name of forwardedResponseHeaders) {
		const value = answer.headers.get(name);
		if (value) responseHeaders.set(name, value);
	}
	return new Response(answer.body, { status: answer.status, headers: responseHeaders });
}
