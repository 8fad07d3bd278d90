/**
 * Column widths the reader sets on a table: dragging a column's separator, or ArrowLeft /
 * ArrowRight on it (16 px a press), over each column's own width, within 48–1,200 px.
 */
import type { Column } from './table-model';

/** The reader's column widths, by column key. */
export class ColumnWidths {
	#overrides = $state<Record<string, number>>({});

	/** The width of each column: the reader's, else its own. */
	of(columns: readonly Column[]): number[] {
		return columns.map((column) => this.#overrides[column.key] ?? column.width);
	}

	#set(key: string, width: number): void {
		this.#overrides = { ...this.#overrides, [key]: Math.max(48, Math.min(1200, width)) };
	}

	/** A drag on a separator: the column follows the pointer until it is released. */
	start(event: PointerEvent, key: string, initial: number): void {
		event.preventDefault();
		const handle = event.currentTarget as HTMLElement;
		handle.setPointerCapture(event.pointerId);
		const origin = event.clientX;
		const move = (moveEvent: PointerEvent) => this.#set(key, initial + moveEvent.clientX - origin);
		const stop = () => {
			handle.removeEventListener('pointermove', move);
			handle.removeEventListener('pointerup', stop);
			handle.removeEventListener('pointercancel', stop);
		};
		handle.addEventListener('pointermove', move);
		handle.addEventListener('pointerup', stop);
		handle.addEventListener('pointercancel', stop);
	}

	/** ArrowLeft / ArrowRight on a separator: 16 px narrower or wider. */
	key(event: KeyboardEvent, key: string, current: number): void {
		if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
		event.preventDefault();
		this.#set(key, current + (event.key === 'ArrowLeft' ? -16 : 16));
	}
}
