import { describe, expect, it, vi } from 'vitest';
import { CanvasStore } from './canvas-store.svelte';
import type { WidgetRecord } from './types';

const sizes: Record<string, { w: number; h: number }> = { kpi: { w: 240, h: 136 }, table: { w: 480, h: 320 } };

function makeStore(changes: Array<readonly WidgetRecord[]> = []) {
	return new CanvasStore({
		sizeOf: (type) => sizes[type],
		placementWidth: 800,
		onChange: (records) => changes.push(records),
		now: () => 1000
	});
}

function overlap(a: WidgetRecord, b: WidgetRecord): boolean {
	return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

describe('CanvasStore', () => {
	it('adds immutable records with ids, default sizes, z order and provenance', () => {
		const changes: Array<readonly WidgetRecord[]> = [];
		const store = makeStore(changes);
		const a = store.add(
			'kpi',
			{ label: 'A', value: 1 },
			{ provenance: { displayedBy: 'toolu_1', dataFrom: ['toolu_0'], source: 'agent' }, title: 'A' }
		);
		expect(a).toMatchObject({
			type: 'kpi',
			w: 240,
			h: 136,
			z: 1,
			style: {},
			title: 'A',
			createdAt: 1000,
			provenance: { displayedBy: 'toolu_1', dataFrom: ['toolu_0'], source: 'agent' }
		});
		expect(a.id).toMatch(/^w_[0-9a-z]{6}$/);
		const b = store.add('mystery', {});
		expect(b).toMatchObject({ w: 320, h: 200, z: 2, provenance: { source: 'user', dataFrom: [] } });
		expect(store.widgets).toEqual([a, b]);
		expect(changes).toHaveLength(2);
		expect(changes[0]).not.toBe(changes[1]);
	});

	it('places new widgets in reading order without overlap, wrapping at the placement width', () => {
		const store = makeStore();
		const records = [
			store.add('kpi', {}),
			store.add('kpi', {}),
			store.add('kpi', {}),
			store.add('table', {}),
			store.add('kpi', {})
		];
		expect(records.slice(0, 3).map((record) => [record.x, record.y])).toEqual([
			[16, 16],
			[272, 16],
			[528, 16]
		]);
		expect(records[3].y).toBeGreaterThan(16);
		for (const [index, record] of records.entries()) {
			for (const other of records.slice(index + 1))
				expect(overlap(record, other), `${record.id} / ${other.id}`).toBe(false);
			expect(record.x % 8).toBe(0);
			expect(record.y % 8).toBe(0);
		}
		const free = store.add('kpi', {}, { x: 40, y: 900 });
		expect([free.x, free.y]).toEqual([40, 900]);
	});

	it('moves, resizes, styles, updates and collapses by replacing the record', () => {
		const store = makeStore();
		const a = store.add('kpi', { value: 1 });
		const moved = store.move(a.id, 100.4, -20, 'agent');
		expect([moved.x, moved.y, moved.provenance.source]).toEqual([100, -20, 'agent']);
		expect(a.x).toBe(16);
		expect(store.resize(a.id, 10, 99_999)).toMatchObject({ w: 40, h: 10_000 });
		expect(store.style(a.id, { color: 'red' }).style).toEqual({ color: 'red' });
		expect(store.update(a.id, { value: 2 }, 'agent', 'New').params).toEqual({ value: 2 });
		expect(store.get(a.id)?.title).toBe('New');
		expect(store.collapse(a.id, true).collapsed).toBe(true);
		expect(store.collapse(a.id, false).collapsed).toBeUndefined();
	});

	it('removes, clears, brings to front and selects', () => {
		const store = makeStore();
		const a = store.add('kpi', {});
		const b = store.add('kpi', {});
		store.bringToFront(a.id);
		expect(store.get(a.id)!.z).toBeGreaterThan(store.get(b.id)!.z);
		store.select(b.id);
		expect(store.selected?.id).toBe(b.id);
		store.remove(b.id);
		expect(store.selectedId).toBeNull();
		expect(store.widgets.map((record) => record.id)).toEqual([a.id]);
		store.select(a.id);
		store.clear();
		expect(store.widgets).toEqual([]);
		expect(store.selectedId).toBeNull();
	});

	it('throws not_found naming the ids that exist', () => {
		const store = makeStore();
		expect(() => store.move('w_nope', 0, 0)).toThrow(/canvas is empty/);
		const a = store.add('kpi', {});
		for (const action of [
			() => store.move('w_nope', 0, 0),
			() => store.remove('w_nope'),
			() => store.select('w_nope'),
			() => store.update('w_nope', {})
		]) {
			expect(action).toThrow(expect.objectContaining({ code: 'not_found', message: expect.stringContaining(a.id) }));
		}
	});

	it('undoes and redoes every change, agent or user, and new changes drop the redo stack', () => {
		const store = makeStore();
		expect(store.canUndo).toBe(false);
		const a = store.add('kpi', { value: 1 });
		store.move(a.id, 200, 200, 'agent');
		store.update(a.id, { value: 2 });
		store.style(a.id, { color: 'red' });
		store.resize(a.id, 300, 300);
		const b = store.add('kpi', {});
		store.remove(b.id);
		store.clear();
		expect(store.widgets).toEqual([]);
		store.undo();
		expect(store.widgets.map((record) => record.id)).toEqual([a.id]);
		store.undo();
		expect(store.widgets.map((record) => record.id)).toEqual([a.id, b.id]);
		store.undo();
		store.undo();
		expect(store.get(a.id)).toMatchObject({ w: 240, style: { color: 'red' } });
		store.undo();
		store.undo();
		expect(store.get(a.id)).toMatchObject({ params: { value: 1 }, x: 200 });
		store.undo();
		store.undo();
		expect(store.widgets).toEqual([]);
		expect(store.canUndo).toBe(false);
		store.undo();
		store.redo();
		store.redo();
		expect(store.get(a.id)).toMatchObject({ x: 200 });
		expect(store.canRedo).toBe(true);
		store.move(a.id, 0, 0);
		expect(store.canRedo).toBe(false);
	});

	it('does not record no-op changes, selection or z-order as undo steps', () => {
		const store = makeStore();
		const a = store.add('kpi', {});
		store.add('kpi', {});
		store.move(a.id, a.x, a.y);
		store.select(a.id);
		store.bringToFront(a.id);
		store.undo();
		expect(store.widgets).toHaveLength(1);
	});

	it('replaces everything from a restore without history, or from an import with it', () => {
		const store = makeStore();
		const a = store.add('kpi', {});
		store.replaceAll([{ ...a, x: 500 }], { undoable: false });
		expect(store.canUndo).toBe(false);
		store.replaceAll([]);
		store.undo();
		expect(store.get(a.id)?.x).toBe(500);
	});

	it('caps history and keeps the last five notices', () => {
		const store = new CanvasStore({ historyLimit: 3 });
		for (let index = 0; index < 6; index++) store.add('x', {});
		for (let index = 0; index < 6; index++) store.undo();
		expect(store.widgets).toHaveLength(3);
		for (let index = 0; index < 7; index++) store.notify('warning', `n${index}`);
		expect(store.notices.map((notice) => notice.message)).toEqual(['n2', 'n3', 'n4', 'n5', 'n6']);
		store.dismissNotice(store.notices[0].id);
		expect(store.notices).toHaveLength(4);
	});

	it('lets information and warnings expire, and keeps errors and notices with actions', () => {
		vi.useFakeTimers();
		try {
			const store = new CanvasStore();
			store.notify('info', 'saved');
			store.notify('warning', 'slow');
			store.notify('error', 'broken');
			store.notify('info', 'undo?', [{ id: 'undo', label: 'Undo', run: () => undefined }]);
			vi.advanceTimersByTime(8_001);
			expect(store.notices.map((notice) => notice.message)).toEqual(['slow', 'broken', 'undo?']);
			vi.advanceTimersByTime(4_000);
			expect(store.notices.map((notice) => notice.message)).toEqual(['broken', 'undo?']);
		} finally {
			vi.useRealTimers();
		}
	});
});
