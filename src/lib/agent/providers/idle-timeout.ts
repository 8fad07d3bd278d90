/**
 * A stream that stalls after its headers must not wait for ever: every streamed answer is
 * watched, and when no data arrives for the idle limit the request is aborted and the stream
 * fails with {@link StreamIdleError}. Local endpoints (a model on this machine may think
 * for minutes before its first token) get a longer limit; `idleTimeoutMs` overrides both.
 */
import { isLocalEndpoint, resolveBaseUrl } from './endpoints';
import type { ProviderConfig } from './types';

/** Idle limit for remote endpoints, in ms. */
export const remoteIdleTimeoutMs = 120_000;
/** Idle limit for endpoints on this machine, in ms. */
export const localIdleTimeoutMs = 300_000;

/** The stream sent nothing for too long. */
export class StreamIdleError extends Error {
	constructor(readonly idleMs: number) {
		super(`sent nothing for ${idleMs / 1000} s`);
		this.name = 'StreamIdleError';
	}
}

/** The idle limit for `config`. */
export function streamIdleTimeoutMs(config: ProviderConfig): number {
	if (config.idleTimeoutMs !== undefined && config.idleTimeoutMs > 0) return config.idleTimeoutMs;
	return isLocalEndpoint(resolveBaseUrl(config)) ? localIdleTimeoutMs : remoteIdleTimeoutMs;
}

/** The StreamIdleError in `error` or its causes, if any. */
export function findStreamIdle(error: unknown): StreamIdleError | undefined {
	for (let current = error, depth = 0; current && depth < 5; depth++) {
		if (current instanceof StreamIdleError) return current;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/**
 * Wraps `base`: event-stream answers get a body that fails with StreamIdleError (and aborts
 * the request) when no chunk arrives for `idleMs`. Other answers pass through untouched.
 */
export function idleTimeoutFetch(
	idleMs: number,
	base: typeof fetch = (...args) => globalThis.fetch(...args)
): typeof fetch {
	return async (input, init) => {
		const controller = new AbortController();
		const outer = init?.signal;
		const forward = () => controller.abort(outer?.reason);
		if (outer?.aborted) forward();
		outer?.addEventListener('abort', forward, { once: true });
		const response = await base(input, { ...init, signal: controller.signal });
		const type = response.headers.get('content-type') ?? '';
		if (!response.body || !type.includes('text/event-stream')) {
			outer?.removeEventListener('abort', forward);
			return response;
		}
		const reader = response.body.getReader();
		let timer: ReturnType<typeof setTimeout> | undefined;
		const done = () => {
			clearTimeout(timer);
			outer?.removeEventListener('abort', forward);
		};
		const body = new ReadableStream<Uint8Array>({
			async pull(stream) {
				const idle = new Promise<never>((_, reject) => {
					timer = setTimeout(() => {
						const error = new StreamIdleError(idleMs);
						controller.abort(error);
						reject(error);
					}, idleMs);
				});
				try {
					const chunk = await Promise.race([reader.read(), idle]);
					clearTimeout(timer);
					if (chunk.done) {
						done();
						stream.close();
					} else stream.enqueue(chunk.value);
				} catch (error) {
					done();
					void reader.cancel().catch(() => undefined);
					stream.error(error);
				}
			},
			cancel(reason) {
				done();
				return reader.cancel(reason);
			}
		});
		return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
	};
}
