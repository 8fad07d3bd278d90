import { describe, expect, it } from 'vitest';
import { testRecord as record } from '../testing';
import { outlineRows } from './outline-model';

describe('outlineRows', () => {
	it('groups widgets by turn in the order the turns happened, in reading order inside a turn', () => {
		const rows = outlineRows(
			[
				record('w_a', { turn: 'late', createdAt: 5, title: 'A' }),
				record('w_b', { createdAt: 1 }),
				record('w_c', { turn: 'early', createdAt: 2, x: 300, title: 'C' }),
				record('w_d', { turn: 'early', createdAt: 3, x: 0, title: 'D' })
			],
			(type) => `Type ${type}`
		);
		expect(rows.map((row) => [row.record.id, row.turnLabel, row.title])).toEqual([
			['w_d', 'Turn 1', 'D'],
			['w_c', 'Turn 1', 'C'],
			['w_a', 'Turn 2', 'A'],
			['w_b', 'Added outside a turn', 'Type stat']
		]);
	});
});
