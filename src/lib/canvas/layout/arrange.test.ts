import { describe, expect, it } from 'vitest';
import { fitReadable, readableZoom, showsAny } from '../camera/viewport';
import { CanvasStore } from '../canvas-store.svelte';
import { boundingBox } from '../placement';
import { testRecord } from '../testing';
import type { WidgetRecord } from '../types';
import { arrangeForView, arrangePositions } from './arrange';

function overlap(a: WidgetRecord, b: WidgetRecord): boolean {
	return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function applied(records: readonly WidgetRecord[], positions: Map<string, { x: number; y: number }>) {
	return records.map((record) => ({ ...record, ...positions.get(record.id) }));
}

describe('layout across the width', () => {
	it('places four one-widget turns in a row, wrapping at the width', () => {
		let clock = 1000;
		const store = new CanvasStore({ sizeOf: () => ({ w: 300, h: 160 }), placementWidth: 1100, now: () => clock++ });
		const records = ['t1', 't2', 't3', 't4'].map((turn) => store.add('stat', {}, { turn }));
		const [a, b, c, d] = records.map((record) => store.get(record.id)!);
		expect([a.y, b.y, c.y]).toEqual([16, 16, 16]);
		expect(a.x < b.x && b.x < c.x).toBe(true);
		expect(c.x + c.w).toBeLessThanOrEqual(1100);
		// The fourth does not fit beside the third: it opens a row below.
		expect(d).toMatchObject({ x: 16 });
		expect(d.y).toBeGreaterThanOrEqual(a.y + a.h);
		// A second widget of the fourth turn follows it in its row.
		const e = store.add('stat', {}, { turn: 't4' });
		expect(e.y).toBe(d.y);
		expect(e.x).toBeGreaterThan(d.x);
	});

	it('auto-arrange packs a column into rows within the width, in creation order, with no overlaps', () => {
		const column = [0, 1, 2, 3, 4, 5].map((index) =>
			testRecord(`w_${index}`, { x: 16, y: 16 + index * 200, w: 300, h: 180, createdAt: index, turn: `t${index}` })
		);
		const packed = applied(column, arrangePositions(column, 1000));
		for (const record of packed) expect(record.x + record.w).toBeLessThanOrEqual(1000);
		expect(packed.filter((record) => record.y === 16).map((record) => record.id)).toEqual(['w_0', 'w_1', 'w_2']);
		expect(packed[3]).toMatchObject({ x: 16 });
		for (const a of packed) for (const b of packed) if (a !== b) expect(overlap(a, b)).toBe(false);
	});

	it('auto-arrange for a view keeps the packing that shows largest once fitted', () => {
		const many = Array.from({ length: 12 }, (_, index) =>
			testRecord(`w_${index}`, { x: 16, y: 16 + index * 300, w: 320, h: 260, createdAt: index })
		);
		const packed = applied(many, arrangeForView(many, 1000, 700));
		const box = boundingBox(packed)!;
		const fitted = fitReadable(packed, 1000, 700);
		// Packed for the width at 100 % alone (two across, six rows) it would show at 40 % only.
		const narrow = applied(many, arrangePositions(many, 952));
		expect(fitReadable(narrow, 1000, 700).zoom).toBeCloseTo(0.4);
		expect(fitted.zoom).toBeGreaterThan(0.7);
		expect(box.w * fitted.zoom).toBeLessThanOrEqual(1000 - 48 + 0.01);
		expect(box.h * fitted.zoom).toBeLessThanOrEqual(700 - 48 + 0.01);
		for (const a of packed) for (const b of packed) if (a !== b) expect(overlap(a, b)).toBe(false);
	});

	it('Fit all shows everything down to the legibility floor, then shows the top to scroll from', () => {
		const grid = [
			{ x: 16, y: 16, w: 1200, h: 400 },
			{ x: 16, y: 500, w: 1200, h: 800 }
		];
		const view = fitReadable(grid, 1048, 800);
		expect(view.zoom).toBeCloseTo(752 / 1284, 5);
		expect(view.zoom).toBeLessThan(0.75);
		expect(showsAny(view, grid, 1048, 800)).toBe(true);
		const tall = [{ x: 16, y: 16, w: 900, h: 5000 }];
		expect(fitReadable(tall, 1048, 800).zoom).toBe(readableZoom);
		expect(readableZoom).toBeGreaterThanOrEqual(0.35);
		expect(readableZoom).toBeLessThanOrEqual(0.4);
	});

	it('knows when a view shows no widget at all', () => {
		const rects = [{ x: 16, y: 16, w: 300, h: 200 }];
		expect(showsAny({ zoom: 1, panX: 0, panY: 0 }, rects, 800, 600)).toBe(true);
		expect(showsAny({ zoom: 1, panX: -4000, panY: 0 }, rects, 800, 600)).toBe(false);
		expect(showsAny({ zoom: 1, panX: 0, panY: 900 }, rects, 800, 600)).toBe(false);
	});
});
