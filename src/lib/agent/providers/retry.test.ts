import { describe, expect, it } from 'vitest';
import { AutoUiError } from '$lib/shared';
import { backoffDelay, defaultRetryOptions, parseRetryAfter, withRetry, type AttemptFailure } from './retry';

const headers = (values: Record<string, string>) => new Headers(values);

describe('parseRetryAfter', () => {
	it('reads seconds, milliseconds and HTTP dates', () => {
		expect(parseRetryAfter(headers({ 'retry-after': '2' }))).toBe(2000);
		expect(parseRetryAfter(headers({ 'retry-after-ms': '150.5', 'retry-after': '9' }))).toBe(150.5);
		const now = Date.parse('2026-01-01T00:00:00Z');
		expect(parseRetryAfter(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }), now)).toBe(3000);
		expect(parseRetryAfter(headers({}))).toBeUndefined();
		expect(parseRetryAfter(headers({ 'retry-after': 'soon' }))).toBeUndefined();
	});
});

describe('backoffDelay', () => {
	it('doubles per attempt with jitter between 50% and 100%, capped', () => {
		const options = { ...defaultRetryOptions, baseDelayMs: 100, maxDelayMs: 1000 };
		expect(backoffDelay(1, options, () => 0)).toBe(50);
		expect(backoffDelay(1, options, () => 1)).toBe(100);
		expect(backoffDelay(3, options, () => 1)).toBe(400);
		expect(backoffDelay(10, options, () => 1)).toBe(1000);
	});
});

describe('withRetry', () => {
	const hooks = (failure: AttemptFailure) => ({
		classify: () => failure,
		finalError: (error: unknown, _failure: AttemptFailure, retries: number) =>
			new Error(`gave up after ${retries}: ${String(error)}`)
	});

	it('does not retry a failure that cannot succeed', async () => {
		let calls = 0;
		await expect(
			withRetry(
				async () => {
					calls++;
					throw 'bad key';
				},
				hooks({ retryable: false, reason: 'x' })
			)
		).rejects.toThrow('gave up after 0: bad key');
		expect(calls).toBe(1);
	});

	it('does not wait for a retry-after beyond the limit', async () => {
		let calls = 0;
		const failure = { retryable: true, reason: '429', retryAfterMs: 120_000 };
		await expect(
			withRetry(async () => {
				calls++;
				throw 'limited';
			}, hooks(failure))
		).rejects.toThrow('gave up after 0');
		expect(calls).toBe(1);
	});

	it('stops waiting as soon as the signal aborts', async () => {
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 20);
		const started = performance.now();
		const promise = withRetry(
			async () => {
				throw 'flaky';
			},
			hooks({ retryable: true, reason: 'x', retryAfterMs: 5000 }),
			{},
			controller.signal
		);
		await expect(promise).rejects.toSatisfy((error) => error instanceof AutoUiError && error.code === 'aborted');
		expect(performance.now() - started).toBeLessThan(1000);
	});
});
