import { describe, expect, it } from 'vitest';
import { testRecord as record } from '../testing';
import { SelectionState } from './selection-state.svelte';

describe('SelectionState', () => {
	it('keeps ids in selection order, the last one primary, without duplicates', () => {
		const records = [record('w_a'), record('w_b'), record('w_c')];
		const selection = new SelectionState(() => records);
		expect([selection.primaryId, selection.primary]).toEqual([null, undefined]);
		selection.set(['w_a', 'w_c', 'w_a']);
		expect(selection.ids).toEqual(['w_a', 'w_c']);
		expect(selection.primaryId).toBe('w_c');
		expect(selection.primary).toBe(records[2]);
		selection.set([]);
		expect(selection.ids).toEqual([]);
	});

	it('toggles a widget in as the primary and out again (shift-click)', () => {
		const records = [record('w_a'), record('w_b')];
		const selection = new SelectionState(() => records);
		selection.toggle('w_b');
		selection.toggle('w_a');
		expect(selection.ids).toEqual(['w_b', 'w_a']);
		selection.toggle('w_a');
		expect(selection.ids).toEqual(['w_b']);
		expect(selection.primary).toBe(records[1]);
	});

	it('drops removed or hidden ids and keeps only those still on the canvas', () => {
		const selection = new SelectionState(() => []);
		selection.set(['w_a', 'w_b', 'w_c']);
		selection.drop(['w_b']);
		expect(selection.ids).toEqual(['w_a', 'w_c']);
		const kept = selection.ids;
		selection.retain([record('w_a'), record('w_c')]);
		expect(selection.ids).toBe(kept);
		selection.retain([record('w_c')]);
		expect(selection.ids).toEqual(['w_c']);
	});
});
