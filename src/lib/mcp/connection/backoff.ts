/** Reconnection timing: a few quick attempts, then slow background retries. */
import { exponentialBackoff } from '$lib/shared';

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
export const defaultBackoff: BackoffPolicy = {
	initialDelayMs: 250,
	maxDelayMs: 4000,
	attempts: 5,
	slowRetryMs: 30_000
};

/** Delay before attempt number `attempt` (0-based); no jitter. */
export function backoffDelay(policy: BackoffPolicy, attempt: number): number {
	return exponentialBackoff(attempt, { baseMs: policy.initialDelayMs, maxMs: policy.maxDelayMs });
}
