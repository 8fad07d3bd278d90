/**
 * Clearing the canvas says so, with an Undo (`canvas-clear-undo`) that brings every widget
 * back for 20 s: the undo step when nothing happened since, else the cleared widgets merged in.
 */
import type { CanvasStore } from './canvas-store.svelte';

export function clearWithUndo(store: CanvasStore, keepMs = 20_000): void {
	const cleared = store.widgets;
	if (!cleared.length) return;
	store.clear();
	const undo = () => {
		store.dismissNotice(notice);
		if (store.widgets.length === 0 && store.canUndo) store.undo();
		else store.merge(cleared);
	};
	const count = cleared.length === 1 ? 'one widget' : `${cleared.length} widgets`;
	const notice = store.notify('info', `Cleared ${count}.`, [{ id: 'canvas-clear-undo', label: 'Undo', run: undo }]);
	setTimeout(() => store.dismissNotice(notice), keepMs);
}
