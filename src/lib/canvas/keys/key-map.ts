/**
 * The canvas' keyboard shortcuts as plain data: which command a key press asks for. The
 * adapter (`canvas-keys.ts`) decides where presses count (not in text fields or dialogs)
 * and runs the commands on the store.
 *
 * Anywhere on the page: Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl/Cmd+Y redo.
 * On the canvas: Escape deselects; with a selection, Delete or Backspace removes it, arrows
 * move it by one grid step, Shift+arrows resize the primary widget by one, and I opens the
 * inspector on it.
 */
import { gridSize } from '../placement';

/** What a key press asks of the canvas. */
export type CanvasCommand =
	| { kind: 'undo' }
	| { kind: 'redo' }
	| { kind: 'deselect' }
	| { kind: 'remove' }
	| { kind: 'inspect' }
	| { kind: 'move'; dx: number; dy: number }
	| { kind: 'resize'; dw: number; dh: number };

/** The parts of a key press the map reads. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

const arrows: Readonly<Record<string, readonly [number, number]>> = {
	ArrowLeft: [-1, 0],
	ArrowRight: [1, 0],
	ArrowUp: [0, -1],
	ArrowDown: [0, 1]
};

/** The page-wide shortcut a press asks for: undo or redo. */
export function pageCommand(press: KeyPress): CanvasCommand | undefined {
	const key = press.key.toLowerCase();
	if (!(press.ctrlKey || press.metaKey) || press.altKey || (key !== 'z' && key !== 'y')) return undefined;
	return key === 'z' && !press.shiftKey ? { kind: 'undo' } : { kind: 'redo' };
}

/** The shortcut a press on the canvas asks for; `selected`: whether a widget is selected. */
export function canvasCommand(press: KeyPress, selected: boolean): CanvasCommand | undefined {
	if (press.key === 'Escape') return { kind: 'deselect' };
	if (!selected) return undefined;
	if (press.key === 'Delete' || press.key === 'Backspace') return { kind: 'remove' };
	if (press.key.toLowerCase() === 'i' && !(press.ctrlKey || press.metaKey || press.altKey)) return { kind: 'inspect' };
	const arrow = arrows[press.key];
	if (!arrow) return undefined;
	const [dx, dy] = arrow.map((step) => step * gridSize);
	return press.shiftKey ? { kind: 'resize', dw: dx, dh: dy } : { kind: 'move', dx, dy };
}
