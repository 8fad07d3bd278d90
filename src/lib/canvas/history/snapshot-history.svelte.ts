/**
 * Undo and redo as whole snapshots: before each change the store hands over the state it is
 * leaving, and an undo gives back the last one kept. Snapshots are plain immutable values
 * (the canvas keeps its record list), so keeping one costs a reference, not a copy.
 * `canUndo` and `canRedo` are runes state: the toolbar follows them.
 */
export class SnapshotHistory<T> {
	#past = $state.raw<readonly T[]>([]);
	#future = $state.raw<readonly T[]>([]);
	#limit: number;

	/** `limit`: how many undo steps are kept (the oldest go first). */
	constructor(limit = 200) {
		this.#limit = limit;
	}

	get canUndo(): boolean {
		return this.#past.length > 0;
	}

	get canRedo(): boolean {
		return this.#future.length > 0;
	}

	/** Keeps `current` as the step to go back to before a change; a new change drops what was undone. */
	push(current: T): void {
		this.#past = [...this.#past, current].slice(-this.#limit);
		this.#future = [];
	}

	/** The snapshot before the last change, keeping `current` for redo; undefined when there is none. */
	undo(current: T): T | undefined {
		const previous = this.#past.at(-1);
		if (previous === undefined) return undefined;
		this.#past = this.#past.slice(0, -1);
		this.#future = [...this.#future, current];
		return previous;
	}

	/** The snapshot the last undo left, keeping `current` for undo; undefined when there is none. */
	redo(current: T): T | undefined {
		const next = this.#future.at(-1);
		if (next === undefined) return undefined;
		this.#future = this.#future.slice(0, -1);
		this.#past = [...this.#past, current];
		return next;
	}

	/** Forgets every step (a restored canvas starts a new history). */
	clear(): void {
		this.#past = [];
		this.#future = [];
	}
}
