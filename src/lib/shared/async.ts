/**
 * Timing helpers for code that waits and retries: an abortable sleep, a race against an abort
 * and capped exponential backoff. The provider retry loop, MCP reconnection and the test doubles all use these; each
 * keeps its own numbers (base, cap, jitter) and its own abort error.
 */

/**
 * Resolves after `ms`, or rejects as soon as `signal` aborts (at once when it already has).
 * The rejection is `abortError(signal)`, by default the signal's reason, so a caller can keep
 * the error its own callers expect. The timer and the abort listener never outlive the wait.
 */
export function sleep(
	ms: number,
	signal?: AbortSignal,
	abortError: (signal: AbortSignal) => unknown = (aborted) => aborted.reason
): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(abortError(signal));
		const timer = setTimeout(() => {
			signal?.removeEventListener('abort', onAbort);
			resolve();
		}, ms);
		const onAbort = (): void => {
			clearTimeout(timer);
			reject(abortError(signal!));
		};
		signal?.addEventListener('abort', onAbort, { once: true });
	});
}

/**
 * Settles with `promise`, or resolves with `onAbort` as soon as `signal` aborts (at once when it
 * already has). The abort listener is removed when the race ends, so racing many promises
 * against one long-lived signal leaves nothing behind.
 */
export function untilAborted<T, U>(promise: Promise<T>, signal: AbortSignal, onAbort: U): Promise<T | U> {
	if (signal.aborted) return Promise.resolve(onAbort);
	let listener = (): void => undefined;
	const aborted = new Promise<U>((resolve) => {
		listener = () => resolve(onAbort);
		signal.addEventListener('abort', listener, { once: true });
	});
	return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', listener));
}

/** How {@link exponentialBackoff} grows a delay. */
export interface ExponentialBackoff {
	/** The delay at step 0, doubled at each later step. */
	baseMs: number;
	/** The cap, applied before jitter. */
	maxMs: number;
	/**
	 * Share of the delay that is random, 0 to 1 (default 0): the delay is scaled by a factor
	 * between 1 − jitter and 1, so many clients retrying at once spread out. A jittered delay
	 * is rounded to whole milliseconds.
	 */
	jitter?: number;
}

/** The delay before retry `step` (0-based): min(maxMs, baseMs · 2^step), less any jitter. */
export function exponentialBackoff(
	step: number,
	{ baseMs, maxMs, jitter = 0 }: ExponentialBackoff,
	random: () => number = Math.random
): number {
	const capped = Math.min(maxMs, baseMs * 2 ** step);
	return jitter ? Math.round(capped * (1 - jitter + random() * jitter)) : capped;
}
