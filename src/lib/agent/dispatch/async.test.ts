import { describe, expect, it } from 'vitest';
import { createLimiter, raceSignal } from './async';

describe('raceSignal', () => {
	it('keeps the result of a promise that settled before the abort was noticed', async () => {
		const controller = new AbortController();
		const done = Promise.resolve('finished');
		await done;
		controller.abort();
		await expect(raceSignal(done, controller.signal)).resolves.toBe('finished');
	});

	it('rejects a pending promise as soon as the signal aborts', async () => {
		const controller = new AbortController();
		const pending = raceSignal(new Promise(() => undefined), controller.signal);
		controller.abort();
		await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
	});
});

describe('createLimiter', () => {
	it('runs at most n tasks at once, in order, and drops waiting tasks on abort', async () => {
		const limiter = createLimiter(2);
		let running = 0;
		let peak = 0;
		const order: number[] = [];
		const task = (n: number) => async () => {
			running++;
			peak = Math.max(peak, running);
			order.push(n);
			await new Promise((resolve) => setTimeout(resolve, 10));
			running--;
			return n;
		};
		expect(await Promise.all([1, 2, 3, 4, 5].map((n) => limiter.run(task(n))))).toEqual([1, 2, 3, 4, 5]);
		expect(peak).toBe(2);
		expect(order).toEqual([1, 2, 3, 4, 5]);
		const controller = new AbortController();
		const blockers = [limiter.run(task(6)), limiter.run(task(7))];
		const waiting = limiter.run(task(8), controller.signal);
		controller.abort();
		await expect(waiting).rejects.toBeDefined();
		await Promise.all(blockers);
		expect(order).not.toContain(8);
	});
});
