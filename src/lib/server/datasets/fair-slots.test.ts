import { describe, expect, it } from 'vitest';
import { FairSlots, QueueFullError } from './fair-slots';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FairSlots', () => {
	it('caps one owner so another client still gets a slot at once', async () => {
		const slots = new FairSlots(4);
		const heavy = await Promise.all([slots.acquire('a'), slots.acquire('a')]);
		let third = false;
		void slots.acquire('a').then(() => (third = true));
		await tick();
		expect(third).toBe(false);
		expect(slots.running).toBe(2);
		const light = await slots.acquire('b');
		expect(slots.running).toBe(3);
		light();
		heavy[0]();
		await tick();
		expect(third).toBe(true);
	});

	it('lets waiting owners take turns when slots free', async () => {
		const slots = new FairSlots(2, 2);
		const held = await Promise.all([slots.acquire('a'), slots.acquire('a')]);
		const order: string[] = [];
		for (const name of ['a1', 'a2', 'a3']) void slots.acquire('a').then((release) => (order.push(name), release));
		void slots.acquire('b').then((release) => (order.push('b1'), release));
		held[0]();
		await tick();
		held[1]();
		await tick();
		// b was queued after a's backlog but gets the second freed slot.
		expect(order).toEqual(['a1', 'b1']);
	});

	it('drops a waiter whose signal aborts, with its reason', async () => {
		const slots = new FairSlots(1);
		const release = await slots.acquire('a');
		const controller = new AbortController();
		const waiting = slots.acquire('b', controller.signal);
		expect(slots.waiting).toBe(1);
		controller.abort(new Error('deadline passed while queued'));
		await expect(waiting).rejects.toThrow('deadline passed while queued');
		expect(slots.waiting).toBe(0);
		release();
		expect(slots.running).toBe(0);
	});

	it('refuses at once past the queue bound, and takes requests again once it drains', async () => {
		const slots = new FairSlots(1, 1, 2);
		const held = await slots.acquire('a');
		const queued = [slots.acquire('b'), slots.acquire('c')];
		await expect(slots.acquire('d')).rejects.toBeInstanceOf(QueueFullError);
		expect(slots.waiting).toBe(2);
		held();
		(await queued[0])();
		const next = slots.acquire('d');
		(await queued[1])();
		(await next)();
		expect(slots.running).toBe(0);
	});
});
