/**
 * The task a live widget's source runs as, while it runs (MCP tasks: `working`,
 * `input_required`, with the server's status message), per widget id. The frame shows it
 * until the data arrives; it is not part of the record (no undo step, never saved).
 */
import type { ToolTaskUpdate } from '$lib/shared';

/** Running source tasks by widget id (reactive). */
export class SourceTasks {
	#tasks = $state.raw<ReadonlyMap<string, ToolTaskUpdate>>(new Map());

	/** The task widget `id`'s source runs now, if any. */
	get(id: string): ToolTaskUpdate | undefined {
		return this.#tasks.get(id);
	}

	/** Records a state change of widget `id`'s source task. */
	set(id: string, task: ToolTaskUpdate): void {
		const next = new Map(this.#tasks);
		next.set(id, task);
		this.#tasks = next;
	}

	/** The source of widget `id` finished (its data arrived, or it failed). */
	clear(id: string): void {
		if (!this.#tasks.has(id)) return;
		const next = new Map(this.#tasks);
		next.delete(id);
		this.#tasks = next;
	}
}
