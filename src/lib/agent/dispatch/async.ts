/**
 * Small async helpers for the dispatcher: a per-key concurrency limiter and a race that
 * settles when a signal aborts even if the awaited work ignores the signal.
 */
import { AutoUiError } from '$lib/shared';

/** Runs at most `max` tasks at once; the rest wait in FIFO order. */
export interface Limiter {
	run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** Creates a limiter allowing `max` concurrent tasks. */
export function createLimiter(max: number): Limiter {
	let running = 0;
	const waiting: Array<() => void> = [];
	const release = (): void => {
		running--;
		waiting.shift()?.();
	};
	return {
		async run(task, signal) {
			if (running >= max) {
				await new Promise<void>((resolve, reject) => {
					const start = (): void => {
						signal?.removeEventListener('abort', onAbort);
						resolve();
					};
					const onAbort = (): void => {
						const index = waiting.indexOf(start);
						if (index >= 0) waiting.splice(index, 1);
						reject(abortReason(signal));
					};
					waiting.push(start);
					signal?.addEventListener('abort', onAbort, { once: true });
				});
			}
			if (signal?.aborted) throw abortReason(signal);
			running++;
			try {
				return await task();
			} finally {
				release();
			}
		}
	};
}

/** The error an aborted signal stands for (its reason when it is an Error). */
export function abortReason(signal?: AbortSignal): Error {
	const reason: unknown = signal?.reason;
	if (reason instanceof Error) return reason;
	return new AutoUiError('aborted', 'The operation was cancelled.');
}

/**
 * Settles with `promise`, or rejects as soon as `signal` aborts. A promise that has already
 * settled wins over an abort that comes later in the same tick (a finished call keeps its result).
 */
export function raceSignal<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
	if (!signal) return promise;
	let onAbort = (): void => undefined;
	const aborted = new Promise<never>((_, reject) => {
		onAbort = () => reject(abortReason(signal));
		if (signal.aborted) onAbort();
		else signal.addEventListener('abort', onAbort, { once: true });
	});
	aborted.catch(() => undefined);
	return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}
