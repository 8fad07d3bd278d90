import { describe, expect, it } from 'vitest';
import { CanvasStore } from '../canvas-store.svelte';
import { runCommand } from './canvas-keys';
import { canvasCommand, pageCommand, type KeyPress } from './key-map';

function press(key: string, modifiers: Partial<KeyPress> = {}): KeyPress {
	return { key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers };
}

describe('the key map', () => {
	it('undoes with Ctrl/Cmd+Z and redoes with Shift+Ctrl/Cmd+Z or Ctrl+Y, whatever the case', () => {
		expect(pageCommand(press('z', { ctrlKey: true }))).toEqual({ kind: 'undo' });
		expect(pageCommand(press('z', { metaKey: true }))).toEqual({ kind: 'undo' });
		expect(pageCommand(press('Z', { ctrlKey: true, shiftKey: true }))).toEqual({ kind: 'redo' });
		expect(pageCommand(press('y', { ctrlKey: true }))).toEqual({ kind: 'redo' });
		expect(pageCommand(press('z'))).toBeUndefined();
		expect(pageCommand(press('z', { ctrlKey: true, altKey: true }))).toBeUndefined();
		expect(pageCommand(press('x', { ctrlKey: true }))).toBeUndefined();
	});

	it('deselects with Escape, and acts on a selection only when there is one', () => {
		expect(canvasCommand(press('Escape'), false)).toEqual({ kind: 'deselect' });
		expect(canvasCommand(press('Delete'), false)).toBeUndefined();
		expect(canvasCommand(press('Delete'), true)).toEqual({ kind: 'remove' });
		expect(canvasCommand(press('i'), true)).toEqual({ kind: 'inspect' });
		expect(canvasCommand(press('i'), false)).toBeUndefined();
		expect(canvasCommand(press('Backspace'), true)).toEqual({ kind: 'remove' });
		expect(canvasCommand(press('a'), true)).toBeUndefined();
	});

	it('moves by one grid step with arrows and resizes with Shift+arrows', () => {
		expect(canvasCommand(press('ArrowLeft'), true)).toEqual({ kind: 'move', dx: -8, dy: 0 });
		expect(canvasCommand(press('ArrowDown'), true)).toEqual({ kind: 'move', dx: 0, dy: 8 });
		expect(canvasCommand(press('ArrowRight', { shiftKey: true }), true)).toEqual({ kind: 'resize', dw: 8, dh: 0 });
		expect(canvasCommand(press('ArrowUp', { shiftKey: true }), true)).toEqual({ kind: 'resize', dw: 0, dh: -8 });
	});
});

describe('running key commands', () => {
	function setUp() {
		const store = new CanvasStore({ sizeOf: () => ({ w: 200, h: 100 }), placementWidth: 1000 });
		const a = store.add('kpi', {}, { x: 16, y: 16 });
		const b = store.add('kpi', {}, { x: 400, y: 16 });
		let focused = 0;
		const context = { report: (action: () => void) => action(), focusCanvas: () => void focused++ };
		return { store, a, b, context, focused: () => focused };
	}

	it('moves the one selected widget, or the whole selection in one undo step', () => {
		const { store, a, b, context } = setUp();
		store.select(a.id);
		runCommand(store, { kind: 'move', dx: 8, dy: 0 }, context);
		expect(store.get(a.id)).toMatchObject({ x: 24, y: 16 });
		store.selectMany([a.id, b.id]);
		runCommand(store, { kind: 'move', dx: 0, dy: 8 }, context);
		expect([store.get(a.id)!.y, store.get(b.id)!.y]).toEqual([24, 24]);
		runCommand(store, { kind: 'undo' }, context);
		expect([store.get(a.id)!.y, store.get(b.id)!.y]).toEqual([16, 16]);
		runCommand(store, { kind: 'redo' }, context);
		expect(store.get(b.id)!.y).toBe(24);
	});

	it('resizes the primary widget only, removes the selection and gives the focus back', () => {
		const { store, a, b, context, focused } = setUp();
		store.selectMany([a.id, b.id]);
		runCommand(store, { kind: 'resize', dw: 8, dh: -8 }, context);
		expect([store.get(a.id)!.w, store.get(b.id)]).toMatchObject([200, { w: 208, h: 92 }]);
		runCommand(store, { kind: 'remove' }, context);
		expect(store.widgets).toEqual([]);
		expect(focused()).toBe(1);
		runCommand(store, { kind: 'undo' }, context);
		runCommand(store, { kind: 'deselect' }, context);
		expect(store.selectedIds).toEqual([]);
	});
});
