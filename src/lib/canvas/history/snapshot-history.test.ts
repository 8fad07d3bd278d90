import { describe, expect, it } from 'vitest';
import { SnapshotHistory } from './snapshot-history.svelte';

describe('SnapshotHistory', () => {
	it('gives back the snapshots in reverse order and keeps the current one for redo', () => {
		const history = new SnapshotHistory<string>();
		expect([history.canUndo, history.canRedo]).toEqual([false, false]);
		history.push('a');
		history.push('b');
		expect(history.undo('c')).toBe('b');
		expect(history.undo('b')).toBe('a');
		expect(history.undo('a')).toBeUndefined();
		expect([history.canUndo, history.canRedo]).toEqual([false, true]);
		expect(history.redo('a')).toBe('b');
		expect(history.redo('b')).toBe('c');
		expect(history.redo('c')).toBeUndefined();
		expect(history.undo('c')).toBe('b');
	});

	it('drops what was undone when a new change is kept', () => {
		const history = new SnapshotHistory<number>();
		history.push(1);
		history.push(2);
		expect(history.undo(3)).toBe(2);
		history.push(2);
		expect(history.canRedo).toBe(false);
		expect(history.redo(4)).toBeUndefined();
		expect(history.undo(4)).toBe(2);
	});

	it('keeps at most `limit` steps, forgetting the oldest', () => {
		const history = new SnapshotHistory<number>(2);
		for (const step of [1, 2, 3]) history.push(step);
		expect(history.undo(4)).toBe(3);
		expect(history.undo(3)).toBe(2);
		expect(history.undo(2)).toBeUndefined();
	});

	it('forgets everything on clear', () => {
		const history = new SnapshotHistory<number>();
		history.push(1);
		history.push(2);
		history.undo(3);
		history.clear();
		expect([history.canUndo, history.canRedo]).toEqual([false, false]);
	});
});
