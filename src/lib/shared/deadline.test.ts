import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeadline } from './deadline';

describe('createDeadline', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => vi.useRealTimers());

	it('aborts with a timeout error once its running time is used up', () => {
		const deadline = createDeadline(undefined, 1000);
		vi.advanceTimersByTime(999);
		expect(deadline.signal.aborted).toBe(false);
		vi.advanceTimersByTime(1);
		expect(deadline.signal.reason).toMatchObject({ code: 'timeout' });
	});

	it('does not count the time it is held: a user answering for longer than the timeout does not fail the call', () => {
		const deadline = createDeadline(undefined, 1000);
		vi.advanceTimersByTime(600);
		const release = deadline.hold();
		vi.advanceTimersByTime(60_000);
		expect(deadline.signal.aborted).toBe(false);
		release();
		vi.advanceTimersByTime(399);
		expect(deadline.signal.aborted).toBe(false);
		vi.advanceTimersByTime(1);
		expect(deadline.signal.aborted).toBe(true);
	});

	it('nests holds: the clock runs again only when every hold is released, and a second release is harmless', () => {
		const deadline = createDeadline(undefined, 100);
		const first = deadline.hold();
		const second = deadline.hold();
		first();
		first();
		vi.advanceTimersByTime(1000);
		expect(deadline.signal.aborted).toBe(false);
		second();
		vi.advanceTimersByTime(100);
		expect(deadline.signal.aborted).toBe(true);
	});

	it('restarts the full timeout on progress, and aborts with its parent', () => {
		const parent = new AbortController();
		const deadline = createDeadline(parent.signal, 100);
		vi.advanceTimersByTime(90);
		deadline.restart();
		vi.advanceTimersByTime(90);
		expect(deadline.signal.aborted).toBe(false);
		parent.abort(new Error('stopped'));
		expect(deadline.signal.reason).toMatchObject({ message: 'stopped' });
	});

	it('never fires after dispose, even when a hold is released later', () => {
		const deadline = createDeadline(undefined, 100);
		const release = deadline.hold();
		deadline.dispose();
		release();
		vi.advanceTimersByTime(1000);
		expect(deadline.signal.aborted).toBe(false);
	});
});
