/**
 * A `fetch` for both SDKs that recognises, from the first response, an endpoint that is not
 * an LLM API at all — a web page, or JSON of another shape — and fails at once with what it
 * answered, instead of letting the SDK read nothing from it and the retry loop try again
 * (an HTML page once passed "Test connection" and then made the chat retry for 12 s).
 */
import type { ProviderId } from './types';

/** Thrown by {@link checkedFetch}; the SDKs wrap it as a connection error's `cause`. */
export class WrongEndpointError extends Error {
	/** What the endpoint answered, e.g. `an HTML page` or `unexpected JSON: {...}`. */
	readonly answered: string;
	readonly status: number;
	constructor(answered: string, status: number, provider: ProviderId) {
		super(`not an ${provider === 'anthropic' ? 'Anthropic' : 'OpenAI'}-compatible endpoint: it answered ${answered}`);
		this.name = 'WrongEndpointError';
		this.answered = answered;
		this.status = status;
	}
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

function isModelList(input: RequestInfo | URL): boolean {
	const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
	return /\/models(\?|$)/.test(url);
}

/**
 * Wraps `base` (default: the global fetch): a successful answer must be an event stream
 * when a stream was asked for, and a model list must be JSON with a `data` array. Error
 * statuses pass through untouched (the SDKs read them).
 */
export function checkedFetch(
	provider: ProviderId,
	base: typeof fetch = (...args) => globalThis.fetch(...args)
): typeof fetch {
	return async (input, init) => {
		const response = await base(input, init);
		if (!response.ok) return response;
		const type = (response.headers.get('content-type') ?? '').toLowerCase();
		const fail = (answered: string): never => {
			void response.body?.cancel().catch(() => undefined);
			throw new WrongEndpointError(
				`${answered} (status ${response.status}${type ? `, ${type.split(';')[0]}` : ''})`,
				response.status,
				provider
			);
		};
		if (type.includes('text/event-stream')) return response;
		if (type.includes('text/html') || type.includes('application/xhtml')) fail('an HTML page');
		if (type.includes('json')) {
			const text = await response.clone().text();
			if (asksForStream(init?.body)) fail(`unexpected JSON instead of a stream: ${snippet(text)}`);
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
