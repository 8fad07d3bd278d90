import { describe, expect, it } from 'vitest';
import { changeRecords, clampPoint, clampSize, copiesOf, newRecord, placedBelow, withOptional } from './record-edits';
import { testRecord as record } from './testing';

describe('record edits', () => {
	it('keeps positions and sizes within the canvas bounds, rounded', () => {
		expect(clampPoint(12.6, -200_000)).toEqual({ x: 13, y: -100_000 });
		expect(clampSize(3, 20_000.4)).toEqual({ w: 40, h: 10_000 });
	});

	it('opens a new record above the others, at the given corner or the first free spot', () => {
		const records = [record('w_a', { x: 16, y: 16, w: 200, h: 100, z: 4 })];
		const context = { id: 'w_new' as never, size: { w: 200, h: 100 }, width: 1000, createdAt: 7 };
		const placed = newRecord(records, 'kpi', { value: 1 }, { title: 'Sales' }, context);
		expect(placed).toMatchObject({ id: 'w_new', title: 'Sales', x: 232, y: 16, w: 200, h: 100, z: 5, createdAt: 7 });
		expect(placed.provenance).toEqual({ dataFrom: [], source: 'user' });
		expect(newRecord(records, 'kpi', {}, { x: 500.4, y: 40, w: 10 }, context)).toMatchObject({ x: 500, y: 40, w: 40 });
	});

	it('returns the same list when a change changes nothing, so no undo step is kept', () => {
		const records = [record('w_a'), record('w_b')];
		expect(changeRecords(records, ['w_a'], (one) => ({ ...one }))).toBe(records);
		const moved = changeRecords(records, ['w_b'], (one) => ({ ...one, x: 8 }));
		expect(moved.map((one) => one.x)).toEqual([0, 8]);
		expect(moved[0]).toBe(records[0]);
	});

	it('sets an optional field or leaves it out', () => {
		const titled = withOptional(record('w_a'), 'title', 'Sales');
		expect(titled.title).toBe('Sales');
		expect('title' in withOptional(titled, 'title', undefined)).toBe(false);
	});

	it('copies beside the originals, shown and above everything, with fresh ids', () => {
		const records = [record('w_a', { x: 10, y: 10, z: 3, hidden: true }), record('w_b', { z: 5 })];
		const [copy] = copiesOf(records, [records[0]], () => 9);
		expect(copy).toMatchObject({ x: 32, y: 32, z: 6, createdAt: 9, userPlaced: true });
		expect(copy.hidden).toBeUndefined();
		expect(copy.id).not.toBe('w_a');
	});

	it('adds outside records below everything, renaming taken ids', () => {
		const records = [record('w_a', { y: 0, h: 100, z: 2 })];
		const added = placedBelow(records, [record('w_a', { y: 50, z: 1 }), record('w_c', { y: 80, z: 2 })]);
		expect(added.map((one) => [one.y, one.z])).toEqual([
			[116, 3],
			[146, 4]
		]);
		expect(added[0].id).not.toBe('w_a');
		expect(added[1].id).toBe('w_c');
		expect(placedBelow([], [record('w_c', { y: 80 })])[0].y).toBe(80);
	});
});
