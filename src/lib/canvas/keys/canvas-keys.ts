/**
 * The key map's DOM side: the page's and the canvas' keydown handlers, and the commands run
 * on the store. Text fields keep their own keys (and their own undo); undo and redo work
 * wherever else focus is (the chat's buttons, a console entry, nothing after an undo removed
 * the focused widget), but not inside an open dialog.
 */
import type { CanvasStore } from '../canvas-store.svelte';
import { canvasCommand, pageCommand, type CanvasCommand } from './key-map';

/** True for targets that type text (inputs, text areas, selects, editable content). */
export function isEditable(target: EventTarget | null): boolean {
	return (
		target instanceof HTMLElement &&
		(target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
	);
}

/** What running a command needs besides the store. */
export interface CommandContext {
	/** Runs a change, turning an error into a notice. */
	report: (action: () => void) => void;
	/** Gives the focus back to the canvas (after Delete removed the focused frame). */
	focusCanvas: () => void;
	/** Opens the inspector on a widget (I or Enter on a selection). */
	inspect?: (id: string) => void;
}

/** Runs a key map command on the store. */
export function runCommand(
	store: CanvasStore,
	command: CanvasCommand,
	{ report, focusCanvas, inspect }: CommandContext
): void {
	const selected = store.selected;
	const ids = store.selectedIds;
	switch (command.kind) {
		case 'undo':
			return store.undo();
		case 'redo':
			return store.redo();
		case 'deselect':
			return store.select(null);
		case 'remove':
			report(() => store.removeMany(ids));
			return focusCanvas();
		case 'inspect':
			if (selected) inspect?.(selected.id);
			return;
		case 'resize':
			if (selected) report(() => store.resize(selected.id, selected.w + command.dw, selected.h + command.dh));
			return;
		case 'move':
			if (ids.length > 1) report(() => store.moveMany(ids, command.dx, command.dy));
			else if (selected) report(() => store.move(selected.id, selected.x + command.dx, selected.y + command.dy));
	}
}

/** The keydown handlers of one canvas view. */
export interface CanvasKeys {
	/** For the window: undo and redo. */
	onPageKeydown(event: KeyboardEvent): void;
	/** For the canvas surface: deselect, remove, move and resize the selection. */
	onCanvasKeydown(event: KeyboardEvent): void;
}

/** The keydown handlers of one canvas view; `store` is read at each press (the view may be handed another). */
export function createCanvasKeys(store: () => CanvasStore, context: CommandContext): CanvasKeys {
	return {
		onPageKeydown(event) {
			if (event.defaultPrevented || isEditable(event.target)) return;
			if (event.target instanceof Element && event.target.closest('dialog[open]')) return;
			const command = pageCommand(event);
			if (!command) return;
			event.preventDefault();
			runCommand(store(), command, context);
		},
		onCanvasKeydown(event) {
			if (isEditable(event.target)) return;
			const command = canvasCommand(event, store().selected !== undefined);
			if (!command) return;
			if (command.kind !== 'deselect') event.preventDefault();
			runCommand(store(), command, context);
		}
	};
}
