/**
 * Undo and redo as whole snapshots: before each change the store hands over the state it is
 * leaving, and an undo gives back the last one kept. Snapshots are plain immutable values
 * (the canvas keeps its record list), so keeping one costs a reference, not a copy.
 * `canUndo` and `canRedo` are runes state: the toolbar follows them.
 */
/**
 * Takes the last snapshot off `from` and keeps `current` on `to` (undo: past to future, redo
 * the other way). With nothing on `from`, both stay as they are and `snapshot` is undefined.
 */
function stepBack<T>(
	from: readonly T[],
	to: readonly T[],
	current: T
): { snapshot: T | undefined; from: readonly T[]; to: readonly T[] } {
	const snapshot = from.at(-1);
	if (snapshot === undefined) return { snapshot, from, to };
	return { snapshot, from: from.slice(0, -1), to: [...to, current] };
}

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
		const step = stepBack(this.#past, this.#future, current);
		[this.#past, this.#future] = [step.from, step.to];
		return step.snapshot;
	}

	/** The snapshot the last undo left, keeping `current` for undo; undefined when there is none. */
	redo(current: T): T | undefined {
		const step = stepBack(this.#future, this.#past, current);
		[this.#future, this.#past] = [step.from, step.to];
		return step.snapshot;
	}

	/** Forgets every step (a restored canvas starts a new history). */
	clear(): void {
		this.#past = [];
		this.#future = [];
	}

	#parked = new Map<string, { past: readonly T[]; future: readonly T[] }>();

	/** Keeps the steps aside under `key` (a conversation switched away from), leaving none. */
	park(key: string): void {
		this.#parked.set(key, { past: this.#past, future: this.#future });
		this.clear();
	}

	/** Takes back the steps parked under `key` (switching back); none when none were parked. */
	resume(key: string): void {
		const parked = this.#parked.get(key);
		this.#parked.delete(key);
		this.#past = parked?.past ?? [];
		this.#future = parked?.future ?? [];
	}
}
