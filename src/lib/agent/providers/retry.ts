/**
 * Our retry policy for provider requests (the SDKs' own retries are turned off so every
 * retry is visible): transient failures — 408, 409, 429, 5xx, 529 overloaded, network errors
 * — are retried with exponential backoff and jitter, honouring retry-after; anything else
 * fails at once. Each retry is reported before the wait so the console can show it.
 */
import { AutoUiError, exponentialBackoff, sleep } from '$lib/shared';
import type { RetryOptions } from './types';

/** What the retry loop needs to know about one failed attempt. */
export interface AttemptFailure {
	retryable: boolean;
	/** Short reason for the console, e.g. "429 rate limited". */
	reason: string;
	status?: number;
	/** Server-requested wait in ms (retry-after / retry-after-ms), when given. */
	retryAfterMs?: number;
}

/** A retry about to happen. */
export interface RetryNotice {
	attempt: number;
	delayMs: number;
	reason: string;
	status?: number;
}

/** The defaults used when RetryOptions leaves a field out. */
export const defaultRetryOptions: Required<RetryOptions> = {
	maxRetries: 4,
	baseDelayMs: 1000,
	maxDelayMs: 20_000,
	maxRetryAfterMs: 60_000
};

/** Statuses worth retrying: timeouts, conflicts, rate limits, server errors, overload. */
export function isRetryableStatus(status: number): boolean {
	return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Reads retry-after-ms or retry-after (seconds or an HTTP date) into milliseconds. */
export function parseRetryAfter(
	headers: { get(name: string): string | null } | undefined,
	nowMs = Date.now()
): number | undefined {
	if (!headers) return undefined;
	const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
	if (Number.isFinite(ms) && ms >= 0) return ms;
	const value = headers.get('retry-after');
	if (!value) return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** Backoff before retry number `attempt` (1-based): base·2^(attempt−1), capped, then scaled by a random 50–100%. */
export function backoffDelay(attempt: number, options: Required<RetryOptions>, random = Math.random): number {
	return exponentialBackoff(
		attempt - 1,
		{ baseMs: options.baseDelayMs, maxMs: options.maxDelayMs, jitter: 0.5 },
		random
	);
}

/** The error every aborted provider call ends with. */
export function abortedError(): AutoUiError {
	return new AutoUiError('aborted', 'the request was stopped');
}

/**
 * Runs `attempt` until it succeeds, a failure is not retryable, retries run out, or a
 * retry-after exceeds the limit. `classify` turns a thrown value into an AttemptFailure;
 * `finalError` turns the last failure into the error thrown to the caller.
 */
export async function withRetry<T>(
	attempt: (attemptNumber: number) => Promise<T>,
	hooks: {
		classify(error: unknown): AttemptFailure;
		finalError(error: unknown, failure: AttemptFailure, retries: number): Error;
		onRetry?(notice: RetryNotice): void;
	},
	options: RetryOptions = {},
	signal?: AbortSignal
): Promise<T> {
	const settings = { ...defaultRetryOptions, ...definedOnly(options) };
	for (let retries = 0; ; retries++) {
		if (signal?.aborted) throw abortedError();
		try {
			return await attempt(retries + 1);
		} catch (error) {
			if (signal?.aborted) throw abortedError();
			if (error instanceof AutoUiError && error.code === 'aborted') throw error;
			const failure = hooks.classify(error);
			const tooLong = failure.retryAfterMs !== undefined && failure.retryAfterMs > settings.maxRetryAfterMs;
			if (!failure.retryable || retries >= settings.maxRetries || tooLong)
				throw hooks.finalError(error, failure, retries);
			const delayMs =
				failure.retryAfterMs !== undefined ? Math.round(failure.retryAfterMs) : backoffDelay(retries + 1, settings);
			hooks.onRetry?.({ attempt: retries + 1, delayMs, reason: failure.reason, status: failure.status });
			await sleep(delayMs, signal, abortedError);
		}
	}
}

function definedOnly(options: RetryOptions): RetryOptions {
	return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
