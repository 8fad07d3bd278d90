/** Reconnection timing: a few quick attempts, then slow background retries. */

/** How a dropped connection is retried. */
export interface BackoffPolicy {
	/** Delay before the first attempt, doubled after each failure up to `maxDelayMs`. */
	initialDelayMs: number;
	maxDelayMs: number;
	/** Attempts while the status shows "reconnecting"; after that the status is "error". */
	attempts: number;
	/** Delay between background attempts once the status is "error" (0 disables them). */
	slowRetryMs: number;
}

/** Defaults: about 7 s of reconnecting, then a retry every 30 s. */
export const defaultBackoff: BackoffPolicy = { initialDelayMs: 250, maxDelayMs: 4000, attempts: 5, slowRetryMs: 30_000 };

/** Delay before attempt number `attempt` (0-based). */
export function backoffDelay(policy: BackoffPolicy, attempt: number): number {
	return Math.min(policy.initialDelayMs * 2 ** attempt, policy.maxDelayMs);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(signal.reason);
		const timer = setTimeout(() => {
			signal?.removeEventListener('abort', onAbort);
			resolve();
		}, ms);
		const onAbort = () => {
			clearTimeout(timer);
			reject(signal?.reason);
		};
		signal?.addEventListener('abort', onAbort, { once: true });
	});
}
