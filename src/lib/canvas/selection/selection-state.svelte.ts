/**
 * Which widgets are selected, as runes state: ids in the order they were selected, the last
 * one primary (the inspector shows it). It checks nothing against the canvas: the store
 * validates ids before it changes the selection, and prunes it when records go.
 */
import type { WidgetId } from '$lib/shared';
import type { WidgetRecord } from '../types';

/** The selection of one canvas. */
export class SelectionState {
	#ids = $state.raw<readonly WidgetId[]>([]);
	#records: () => readonly WidgetRecord[];
	#primary = $derived.by(() => this.#records().find((record) => record.id === this.#ids.at(-1)));

	/** `records`: the canvas' current records, which the primary record is looked up in. */
	constructor(records: () => readonly WidgetRecord[]) {
		this.#records = records;
	}

	/** Every selected id, the primary last. */
	get ids(): readonly WidgetId[] {
		return this.#ids;
	}

	/** The primary id, or null when nothing is selected. */
	get primaryId(): WidgetId | null {
		return this.#ids.at(-1) ?? null;
	}

	/** The primary widget's record. */
	get primary(): WidgetRecord | undefined {
		return this.#primary;
	}

	/** Selects exactly `ids` (duplicates dropped), the last one primary; `[]` clears. */
	set(ids: readonly string[]): void {
		this.#ids = [...new Set(ids)] as WidgetId[];
	}

	/** Adds `id` as the primary, or takes it out when it is selected (shift-click). */
	toggle(id: string): void {
		this.#ids = this.#ids.includes(id as WidgetId)
			? this.#ids.filter((other) => other !== id)
			: [...this.#ids, id as WidgetId];
	}

	/** Takes `ids` out of the selection (removed or hidden widgets). */
	drop(ids: Iterable<string>): void {
		const gone = new Set(ids);
		this.#ids = this.#ids.filter((id) => !gone.has(id));
	}

	/** Keeps only ids that still have a record in `records` (after an undo or redo). */
	retain(records: readonly WidgetRecord[]): void {
		const present = new Set<string>(records.map((record) => record.id));
		if (this.#ids.some((id) => !present.has(id))) this.#ids = this.#ids.filter((id) => present.has(id));
	}
}
