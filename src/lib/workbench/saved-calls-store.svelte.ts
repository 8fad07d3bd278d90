/**
 * The saved calls of every server, reactive: loads once from IndexedDB, saves after each
 * change. A failure to save is reported, and the calls stay in memory for this visit.
 */
import { errorMessage, type KeyValueStore } from '$lib/shared';
import { loadSavedCalls, newSavedCall, storeSavedCalls, type SavedCall } from './saved-calls';

/** Reactive saved calls. */
export class SavedCallsStore {
	#calls = $state.raw<SavedCall[]>([]);
	#error = $state('');
	#kv: KeyValueStore | undefined;
	#loaded: Promise<void>;

	constructor(kv: KeyValueStore | undefined) {
		this.#kv = kv;
		this.#loaded = kv
			? loadSavedCalls(kv).then(
					(calls) => {
						this.#calls = [...calls, ...this.#calls];
					},
					(error) => {
						this.#error = `Saved calls could not be loaded: ${errorMessage(error)}`;
					}
				)
			: Promise.resolve();
	}

	/** Every saved call, oldest first. */
	get calls(): SavedCall[] {
		return this.#calls;
	}
	/** The last load or save problem ('' when none). */
	get error(): string {
		return this.#error;
	}
	/** Resolves once the saved calls are loaded. */
	ready(): Promise<void> {
		return this.#loaded;
	}

	/** The calls of one server. */
	forServer(server: string): SavedCall[] {
		return this.#calls.filter((call) => call.server === server);
	}

	add(input: Parameters<typeof newSavedCall>[0]): SavedCall {
		const call = newSavedCall(input);
		this.#set([...this.#calls, call]);
		return call;
	}

	/** Adds already-made calls (an import). */
	addAll(calls: SavedCall[]): void {
		this.#set([...this.#calls, ...calls]);
	}

	update(id: string, patch: Partial<Pick<SavedCall, 'name' | 'collection' | 'args'>>): void {
		this.#set(this.#calls.map((call) => (call.id === id ? { ...call, ...patch } : call)));
	}

	duplicate(id: string): void {
		const call = this.#calls.find((entry) => entry.id === id);
		if (call)
			this.add({
				server: call.server,
				collection: call.collection,
				name: `${call.name} (copy)`,
				tool: call.tool,
				args: structuredClone(call.args)
			});
	}

	remove(id: string): void {
		this.#set(this.#calls.filter((call) => call.id !== id));
	}

	#set(calls: SavedCall[]): void {
		this.#calls = calls;
		if (!this.#kv) return;
		void this.#loaded
			.then(() => storeSavedCalls(this.#kv!, this.#calls))
			.then(
				() => (this.#error = ''),
				(error) => (this.#error = `Saved calls are kept for this visit only: ${errorMessage(error)}`)
			);
	}
}
