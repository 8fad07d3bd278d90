import { describe, expect, it } from 'vitest';
import { countUnseen } from './unseen';

describe('countUnseen', () => {
	it('counts items added while the pane is hidden, never restored ones, and clears when shown', () => {
		const now = 100_000;
		const restored = countUnseen(0, new Set(), [{ id: 'a', createdAt: 1 }], false, now);
		expect(restored.count).toBe(0);
		const added = countUnseen(
			restored.count,
			restored.known,
			[
				{ id: 'a', createdAt: 1 },
				{ id: 'b', createdAt: now - 50 },
				{ id: 'c', createdAt: now - 10 }
			],
			false,
			now
		);
		expect(added.count).toBe(2);
		const again = countUnseen(added.count, added.known, [{ id: 'b', createdAt: now - 50 }], false, now);
		expect(again.count).toBe(2);
		expect(countUnseen(again.count, again.known, [{ id: 'd', createdAt: now }], true, now).count).toBe(0);
	});
});
