import { describe, expect, it } from 'vitest';
import { CanvasStore } from './canvas-store.svelte';
import { arrangePositions } from './layout/arrange';
import { alignPositions } from './selection/align';
import type { WidgetRecord } from './types';

let clock = 1000;
function makeStore() {
	clock = 1000;
	return new CanvasStore({
		sizeOf: (type, params) =>
			type === 'rows' ? { w: 300, h: 60 + 30 * (params.rows as unknown[]).length } : { w: 240, h: 136 },
		placementWidth: 800,
		now: () => clock++
	});
}

function overlap(a: WidgetRecord, b: WidgetRecord): boolean {
	return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

describe('CanvasStore: frames that fit their content', () => {
	it('opens a frame at the natural size of its params and follows new params until the user resizes it', () => {
		const store = makeStore();
		const table = store.add('rows', { rows: [1, 2] });
		expect(table).toMatchObject({ w: 300, h: 120 });
		store.update(table.id, { rows: [1, 2, 3, 4] }, 'agent');
		expect(store.get(table.id)).toMatchObject({ h: 180 });
		store.resize(table.id, 500, 400);
		expect(store.get(table.id)).toMatchObject({ w: 500, h: 400, userSized: true });
		store.update(table.id, { rows: [1] }, 'agent');
		store.fit(table.id, 900, 900);
		expect(store.get(table.id)).toMatchObject({ w: 500, h: 400 });
	});

	it('grows a frame to its measured content without an undo step', () => {
		const store = makeStore();
		const a = store.add('kpi', {});
		store.fit(a.id, 240, 200);
		expect(store.get(a.id)?.h).toBe(200);
		store.undo();
		expect(store.widgets).toHaveLength(0);
		store.redo();
		expect(store.get(a.id)?.h).toBe(200);
	});
});

describe('CanvasStore: placement by turn', () => {
	it("places one turn's widgets in a band below earlier turns, in the order they came", () => {
		const store = makeStore();
		const first = store.add('kpi', {}, { turn: 't1' });
		const wide = store.add('rows', { rows: new Array(10).fill(0) }, { turn: 't1' });
		// A hole is left right of `wide`; the next turn does not fill it.
		const next = [
			store.add('kpi', {}, { turn: 't2' }),
			store.add('kpi', {}, { turn: 't2' }),
			store.add('kpi', {}, { turn: 't2' })
		];
		const bottomOfFirstTurn = Math.max(first.y + first.h, wide.y + wide.h);
		for (const record of next) expect(record.y).toBeGreaterThanOrEqual(bottomOfFirstTurn);
		expect(next[0].y).toBe(next[1].y);
		expect(next[0].x).toBeLessThan(next[1].x);
		expect(next[1].x).toBeLessThan(next[2].x);
		const all = store.widgets;
		for (const a of all) for (const b of all) if (a !== b) expect(overlap(a, b)).toBe(false);
	});

	it('auto-arrange packs by turn in one undo step and keeps the widgets the user moved', () => {
		const store = makeStore();
		const a = store.add('kpi', {}, { turn: 't1', x: 2000, y: 2000 });
		const b = store.add('kpi', {}, { turn: 't1', x: 0, y: 3000 });
		const c = store.add('kpi', {}, { turn: 't2', x: 900, y: 10 });
		const moved = store.add('kpi', {}, { turn: 't2' });
		store.move(moved.id, 600, 16);
		store.arrange(arrangePositions(store.widgets, 800));
		const [na, nb, nc, nm] = [a, b, c, moved].map((record) => store.get(record.id)!);
		expect(nm).toMatchObject({ x: 600, y: 16 });
		expect(na.y).toBe(nb.y);
		expect(na.x).toBeLessThan(nb.x);
		expect(nc.y).toBeGreaterThanOrEqual(na.y + na.h);
		for (const x of [na, nb, nc]) expect(overlap(x, nm)).toBe(false);
		store.undo();
		expect(store.get(a.id)).toMatchObject({ x: 2000, y: 2000 });
	});
});

describe('CanvasStore: outline and selection verbs', () => {
	it('renames, reorders, hides and duplicates, each one undo step', () => {
		const store = makeStore();
		const a = store.add('kpi', {}, { title: 'Users' });
		const b = store.add('kpi', {});
		store.rename(a.id, '  Active users ');
		expect(store.get(a.id)?.title).toBe('Active users');
		store.reorder(a.id, 'front');
		expect(store.get(a.id)!.z).toBeGreaterThan(store.get(b.id)!.z);
		store.reorder(a.id, 'back');
		expect(store.get(a.id)!.z).toBeLessThan(store.get(b.id)!.z);
		store.setHidden([b.id], true);
		expect(store.get(b.id)?.hidden).toBe(true);
		const [copy] = store.duplicate([a.id]);
		expect(copy).toMatchObject({ type: 'kpi', title: 'Active users', x: a.x + 24, y: a.y + 24 });
		expect(copy.id).not.toBe(a.id);
		expect(store.selectedIds).toEqual([copy.id]);
		for (let step = 0; step < 5; step++) store.undo();
		expect(store.get(a.id)?.title).toBe('Users');
		expect(store.get(b.id)?.hidden).toBeUndefined();
		expect(store.widgets).toHaveLength(2);
	});

	it('selects several widgets, moves, aligns and deletes them together in one step each', () => {
		const store = makeStore();
		const a = store.add('kpi', {}, { x: 0, y: 0 });
		const b = store.add('kpi', {}, { x: 300, y: 40 });
		const c = store.add('kpi', {}, { x: 600, y: 80 });
		store.select(a.id);
		store.toggleSelected(b.id);
		expect(store.selectedIds).toEqual([a.id, b.id]);
		store.toggleSelected(a.id);
		expect(store.selectedIds).toEqual([b.id]);
		store.selectMany([a.id, b.id, c.id]);
		store.moveMany(store.selectedIds, 16, 8);
		expect([a, b, c].map((record) => store.get(record.id)!.y)).toEqual([8, 48, 88]);
		store.align(
			alignPositions(
				store.selectedIds.map((id) => store.get(id)!),
				'top'
			)
		);
		expect([a, b, c].map((record) => store.get(record.id)!.y)).toEqual([8, 8, 8]);
		store.undo();
		expect(store.get(c.id)!.y).toBe(88);
		store.removeMany(store.selectedIds);
		expect(store.widgets).toHaveLength(0);
		expect(store.selectedIds).toEqual([]);
		store.undo();
		expect(store.widgets).toHaveLength(3);
	});

	it('brings a widget restored by undo above one raised since that covers it', () => {
		const store = makeStore();
		const under = store.add('kpi', {}, { x: 0, y: 0 });
		const cover = store.add('rows', { rows: new Array(12).fill(0) }, { x: 0, y: 0 });
		store.remove(under.id);
		store.bringToFront(cover.id);
		store.undo();
		const restored = store.get(under.id)!;
		expect(restored.z).toBeGreaterThan(store.get(cover.id)!.z);
	});
});
