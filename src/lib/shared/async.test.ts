import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { exponentialBackoff, sleep, untilAborted } from './async';

describe('sleep', () => {
	it('resolves after the wait', async () => {
		const started = Date.now();
		await sleep(20);
		expect(Date.now() - started).toBeGreaterThanOrEqual(15);
	});

	it('rejects with the signal reason when aborted during the wait, or already aborted', async () => {
		const controller = new AbortController();
		const waiting = sleep(10_000, controller.signal);
		const reason = new Error('stop');
		controller.abort(reason);
		await expect(waiting).rejects.toBe(reason);
		await expect(sleep(10_000, controller.signal)).rejects.toBe(reason);
	});

	it('rejects with the caller’s own error when one is given', async () => {
		const controller = new AbortController();
		controller.abort();
		await expect(sleep(10, controller.signal, () => new Error('cancelled here'))).rejects.toThrow('cancelled here');
	});
});

describe('exponentialBackoff', () => {
	it('doubles per step up to the cap', () => {
		const policy = { baseMs: 250, maxMs: 4000 };
		expect([0, 1, 2, 3, 4, 5].map((step) => exponentialBackoff(step, policy))).toEqual([
			250, 500, 1000, 2000, 4000, 4000
		]);
	});

	it('scales by a random factor between 1 − jitter and 1', () => {
		const policy = { baseMs: 100, maxMs: 1000, jitter: 0.5 };
		expect(exponentialBackoff(0, policy, () => 0)).toBe(50);
		expect(exponentialBackoff(0, policy, () => 1)).toBe(100);
		expect(exponentialBackoff(2, policy, () => 0.5)).toBe(300);
		expect(exponentialBackoff(9, policy, () => 1)).toBe(1000);
	});
});

describe('untilAborted', () => {
	it('settles with the promise, and leaves no listener on the signal', async () => {
		const controller = new AbortController();
		for (let i = 0; i < 50; i++) expect(await untilAborted(Promise.resolve(i), controller.signal, 'stopped')).toBe(i);
		await expect(untilAborted(Promise.reject(new Error('bad')), controller.signal, 'stopped')).rejects.toThrow('bad');
		expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
	});

	it('resolves with the abort value when the signal aborts first, or already has', async () => {
		const controller = new AbortController();
		const waiting = untilAborted(new Promise<number>(() => undefined), controller.signal, 'stopped');
		controller.abort();
		expect(await waiting).toBe('stopped');
		expect(await untilAborted(Promise.resolve(1), controller.signal, 'stopped')).toBe('stopped');
	});
});
