import { describe, expect, it } from 'vitest';
import { Camera } from '../camera/camera.svelte';
import { CanvasStore } from '../canvas-store.svelte';
import { CanvasSelection } from './canvas-selection.svelte';

function setUp() {
	const store = new CanvasStore({ sizeOf: () => ({ w: 200, h: 100 }), placementWidth: 1000 });
	const a = store.add('kpi', {}, { x: 16, y: 16, provenance: { displayedBy: 'toolu_a' } });
	const b = store.add('kpi', {}, { x: 300, y: 16 });
	const far = store.add('kpi', {}, { x: 3000, y: 2000, provenance: { displayedBy: 'toolu_far' } });
	const camera = new Camera(() => ({ width: 800, height: 600 }));
	const calls: string[] = [];
	const selection = new CanvasSelection({
		store: () => store,
		camera,
		visible: () => store.widgets.filter((record) => !record.hidden),
		report: (action) => action(),
		onSelectCall: () => (callId) => calls.push(callId)
	});
	return { store, camera, selection, calls, a, b, far };
}

describe('CanvasSelection', () => {
	it('selects a clicked frame, raises it and focuses the call that displayed it', () => {
		const { store, selection, calls, a, b } = setUp();
		selection.select(a.id);
		expect(store.selectedIds).toEqual([a.id]);
		expect(store.get(a.id)!.z).toBeGreaterThan(store.get(b.id)!.z);
		expect(calls).toEqual(['toolu_a']);
		selection.select(a.id);
		expect(calls).toEqual(['toolu_a']);
	});

	it('adds with Shift or in select mode, and keeps a multiple selection on a click', () => {
		const { store, selection, a, b } = setUp();
		selection.select(a.id);
		selection.select(b.id, true);
		expect(store.selectedIds).toEqual([a.id, b.id]);
		selection.select(a.id);
		expect(store.selectedIds).toEqual([a.id, b.id]);
		selection.toggleSelectMode();
		selection.select(b.id);
		expect(store.selectedIds).toEqual([a.id]);
		// A press on the background keeps the selection in select mode, and clears it otherwise.
		expect(selection.pressBackground(1, { x: 0, y: 0 }, { shiftKey: false, button: 0 })).toBe(false);
		expect(store.selectedIds).toEqual([a.id]);
		selection.toggleSelectMode();
		selection.pressBackground(1, { x: 0, y: 0 }, { shiftKey: false, button: 0 });
		expect(store.selectedIds).toEqual([]);
	});

	it('selects the widget of a call chosen elsewhere, or from the outline, and brings it into view', () => {
		const { store, camera, selection, far, b } = setUp();
		selection.focusCall('toolu_far');
		expect(store.selectedId).toBe(far.id);
		expect(camera.shows(far)).toBe(true);
		selection.focusCall('toolu_unknown');
		expect(store.selectedId).toBe(far.id);
		selection.reveal(b.id);
		expect(store.selectedId).toBe(b.id);
		expect(camera.shows(b)).toBe(true);
	});

	it('draws a marquee with Shift+drag once the gestures are loaded, adding what it touches', async () => {
		const { store, selection, a, b } = setUp();
		expect(selection.pressBackground(1, { x: 0, y: 0 }, { shiftKey: true, button: 0 })).toBe(false);
		await selection.loadGestures();
		selection.select(a.id);
		expect(selection.pressBackground(2, { x: 250, y: 0 }, { shiftKey: true, button: 0 })).toBe(true);
		expect(selection.dragBackground(2, { x: 600, y: 200 })).toBe(true);
		expect(selection.dragBackground(3, { x: 0, y: 0 })).toBe(false);
		selection.releaseBackground(2);
		expect(store.selectedIds).toEqual([a.id, b.id]);
	});
});
