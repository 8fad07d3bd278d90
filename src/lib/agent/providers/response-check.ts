/**
 * A `fetch` for both SDKs that recognises, from the first response, an endpoint that is not
 * an LLM API at all — a web page, or JSON of another shape — and fails at once with what it
 * answered, instead of letting the SDK read nothing from it and the retry loop try again
 * (an HTML page once passed "Test connection" and then made the chat retry for 12 s).
 */
import { isLocalEndpoint } from './endpoints';
import type { ProviderId } from './types';

/**
 * Thrown by {@link checkedFetch} when a request to this machine or a private network got no
 * answer at all (refused, nothing listening, or blocked by the browser): that fails the same
 * way a second later, so the retry loop reports it at once.
 */
export class LocalUnreachableError extends Error {
	constructor(url: string, cause: unknown) {
		super(`no answer from ${url}`, { cause });
		this.name = 'LocalUnreachableError';
	}
}

/** True when `error` or one of its causes is a {@link LocalUnreachableError}. */
export function isLocalUnreachable(error: unknown): boolean {
	for (let current = error, depth = 0; current && depth < 5; depth++) {
		if (current instanceof LocalUnreachableError) return true;
		current = (current as { cause?: unknown }).cause;
	}
	return false;
}

/** The request a {@link WrongEndpointError} answered: where it went and how. */
export interface AnsweredRequest {
	method: string;
	url: string;
}

/** "Anthropic" or "OpenAI-compatible": the API a provider's requests expect. */
function apiName(provider: ProviderId): string {
	return provider === 'anthropic' ? 'an Anthropic' : 'an OpenAI-compatible';
}

/**
 * Thrown by {@link checkedFetch}; the SDKs wrap it as a connection error's `cause`. Its
 * message is one line a person can act on ("http://127.0.0.1:4420 answered 404 to POST
 * /v1/messages: not an Anthropic API. Check the base URL."); what the endpoint sent is kept
 * in `body` (flattened, at most 2,000 characters) for a Details view, never in the message.
 */
export class WrongEndpointError extends Error {
	/** What the endpoint answered, e.g. `an HTML page` or `unexpected JSON: {...}`. */
	readonly answered: string;
	readonly status: number;
	/** The start of the answer's body, for Details. */
	readonly body: string;
	constructor(answered: string, status: number, provider: ProviderId, request?: AnsweredRequest, body = '') {
		super(summary(answered, status, provider, request));
		this.name = 'WrongEndpointError';
		this.answered = answered;
		this.status = status;
		this.body = body;
	}
}

function summary(answered: string, status: number, provider: ProviderId, request?: AnsweredRequest): string {
	const api = `not ${apiName(provider)} API`;
	if (!request) return `${api}: it answered ${answered}`;
	let where = request.url;
	let path = '';
	try {
		const url = new URL(request.url);
		where = url.origin;
		path = url.pathname;
	} catch {
		// Keep the URL as given.
	}
	const what = answered === 'an error page' ? '' : ` with ${answered}`;
	return `${where} answered ${status} to ${request.method} ${path || '/'}${what}: ${api}. Check the base URL.`;
}

/** The WrongEndpointError in `error` or its chain of causes, if any. */
export function findWrongEndpoint(error: unknown): WrongEndpointError | undefined {
	for (let current = error, depth = 0; current && depth < 5; depth++) {
		if (current instanceof WrongEndpointError) return current;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

function asksForStream(body: unknown): boolean {
	return typeof body === 'string' && /"stream"\s*:\s*true/.test(body);
}

function snippet(text: string): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat;
}

function requestUrl(input: RequestInfo | URL): string {
	return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function isModelList(input: RequestInfo | URL): boolean {
	return /\/models(\?|$)/.test(requestUrl(input));
}

function requestOf(input: RequestInfo | URL, init: RequestInit | undefined): AnsweredRequest {
	const method = init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET');
	return { method: method.toUpperCase(), url: requestUrl(input) };
}

const bodyLimit = 2000;

async function bodyStart(response: Response): Promise<string> {
	try {
		const text = await response.text();
		const flat = text.replace(/\s+/g, ' ').trim();
		return flat.length > bodyLimit ? `${flat.slice(0, bodyLimit)}…` : flat;
	} catch {
		return '';
	}
}

/**
 * Wraps `base` (default: the global fetch): a successful answer must be an event stream
 * when a stream was asked for, and a model list must be JSON with a `data` array. An error
 * status with a web page (a 404 page, the app's own index.html) is not an API's error: it
 * fails at once with a one-line summary. Other error statuses pass through untouched (the
 * SDKs read them).
 */
export function checkedFetch(
	provider: ProviderId,
	base: typeof fetch = (...args) => globalThis.fetch(...args)
): typeof fetch {
	return async (input, init) => {
		let response: Response;
		try {
			response = await base(input, init);
		} catch (error) {
			const url = requestUrl(input);
			const aborted = init?.signal?.aborted || (error as { name?: string } | null)?.name === 'AbortError';
			if (!aborted && isLocalEndpoint(url)) throw new LocalUnreachableError(url, error);
			throw error;
		}
		const type = (response.headers.get('content-type') ?? '').toLowerCase();
		const isPage = type.includes('text/html') || type.includes('application/xhtml');
		if (!response.ok) {
			if (!isPage) return response;
			const body = await bodyStart(response);
			throw new WrongEndpointError('an error page', response.status, provider, requestOf(input, init), body);
		}
		const fail = (answered: string, body = ''): never => {
			void response.body?.cancel().catch(() => undefined);
			throw new WrongEndpointError(
				`${answered} (${type ? type.split(';')[0] : 'no content type'})`,
				response.status,
				provider,
				requestOf(input, init),
				body
			);
		};
		if (type.includes('text/event-stream')) return response;
		if (isPage) fail('an HTML page', await bodyStart(response.clone()));
		if (type.includes('json')) {
			const text = await response.clone().text();
			if (asksForStream(init?.body)) fail(`unexpected JSON instead of a stream: ${snippet(text)}`, snippet(text));
			if (isModelList(input)) {
				let list: unknown;
				try {
					list = JSON.parse(text);
				} catch {
					fail(`invalid JSON: ${snippet(text)}`);
				}
				if (!Array.isArray((list as { data?: unknown } | null)?.data))
					fail(`unexpected JSON for a model list: ${snippet(text)}`);
			}
			return response;
		}
		if (type && asksForStream(init?.body)) fail(`${type.split(';')[0]} instead of a stream`);
		return response;
	};
}
