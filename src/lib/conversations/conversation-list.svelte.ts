/**
 * The conversations the user has, as reactive state: the list (newest first), the open one,
 * and the one just deleted (for Undo). Saved in IndexedDB under `conversations.v1`; a failed
 * save (quota, storage gone) is reported through `onError`, never silent. Deleting keeps the
 * conversation's chat and canvas in storage until the undo window has passed.
 */
import { errorMessage, type KeyValueStore } from '$lib/shared';
import {
	conversationIndexKey,
	createConversation,
	initialIndex,
	readIndex,
	removeConversation,
	renameConversation,
	restoreConversation,
	storageKeysFor,
	touchConversation,
	type ConversationIndexData,
	type ConversationSummary
} from './conversation-index';

/** How long a deleted conversation can be brought back. */
export const UNDO_DELETE_MS = 15_000;

/** Options of {@link ConversationList}. */
export interface ConversationListOptions {
	/** Where the list (and the conversations' data, for purging) lives; `null` keeps it in memory. */
	kv: KeyValueStore | null;
	/** Reports a storage failure to the user. */
	onError?(message: string): void;
	now?(): number;
}

/** The user's conversations. */
export class ConversationList {
	#index = $state.raw<ConversationIndexData>(initialIndex(0));
	#removed = $state.raw<{ item: ConversationSummary; position: number } | null>(null);
	#options: ConversationListOptions;
	#purgeTimer: ReturnType<typeof setTimeout> | undefined;

	constructor(options: ConversationListOptions) {
		this.#options = options;
		this.#index = initialIndex(this.#now());
	}

	/** Every conversation, newest activity first. */
	get items(): readonly ConversationSummary[] {
		return this.#index.items;
	}

	/** The id of the open conversation. */
	get current(): string {
		return this.#index.current;
	}

	/** The storage keys of the open conversation's chat and canvas. */
	get keys(): { chat: string; canvas: string } {
		return storageKeysFor(this.#index.current);
	}

	/** The conversation deleted last, while it can still be brought back. */
	get lastRemoved(): ConversationSummary | null {
		return this.#removed?.item ?? null;
	}

	/** Loads the saved list; with none (or an unreadable one) the existing chat becomes the first entry. */
	async load(): Promise<void> {
		if (!this.#options.kv) return;
		try {
			const saved = readIndex(await this.#options.kv.get(conversationIndexKey));
			if (saved) {
				this.#index = saved;
				return;
			}
		} catch (error) {
			this.#options.onError?.(
				`The list of conversations could not be read (${errorMessage(error)}); starting with the current one.`
			);
		}
		await this.#save();
	}

	/** Starts a new, empty conversation and makes it the open one; returns its id. */
	create(): string {
		this.#set(createConversation(this.#index, this.#now()));
		return this.#index.current;
	}

	/** Makes `id` the open conversation. */
	select(id: string): void {
		if (id === this.#index.current || !this.#index.items.some((item) => item.id === id)) return;
		this.#set({ ...this.#index, current: id });
	}

	rename(id: string, title: string): void {
		this.#set(renameConversation(this.#index, id, title));
	}

	/** Records activity in a conversation; its first question becomes its title. */
	touch(id: string, question?: string): void {
		this.#set(touchConversation(this.#index, id, this.#now(), question));
	}

	/**
	 * Removes a conversation from the list; `undoRemove` brings it back within UNDO_DELETE_MS,
	 * after which its chat and canvas are deleted from storage.
	 */
	remove(id: string): void {
		const position = this.#index.items.findIndex((item) => item.id === id);
		if (position < 0) return;
		this.#purgePending();
		this.#removed = { item: this.#index.items[position], position };
		this.#set(removeConversation(this.#index, id, this.#now()));
		this.#purgeTimer = setTimeout(() => this.#purgePending(), UNDO_DELETE_MS);
	}

	/** Brings back the conversation deleted last (it does not become the open one). */
	undoRemove(): void {
		const removed = this.#removed;
		if (!removed) return;
		clearTimeout(this.#purgeTimer);
		this.#removed = null;
		this.#set(restoreConversation(this.#index, removed.item, removed.position));
	}

	/** Stops the timers (deleted data waiting for its undo window is purged now). */
	dispose(): void {
		this.#purgePending();
	}

	#purgePending(): void {
		clearTimeout(this.#purgeTimer);
		const removed = this.#removed;
		this.#removed = null;
		if (!removed || !this.#options.kv) return;
		const keys = storageKeysFor(removed.item.id);
		for (const key of [keys.chat, keys.canvas]) {
			void this.#options.kv.delete(key).catch(() => undefined);
		}
	}

	#set(index: ConversationIndexData): void {
		if (index === this.#index) return;
		this.#index = index;
		void this.#save();
	}

	async #save(): Promise<void> {
		if (!this.#options.kv) return;
		try {
			await this.#options.kv.set(conversationIndexKey, JSON.parse(JSON.stringify(this.#index)));
		} catch (error) {
			this.#options.onError?.(
				`The list of conversations could not be saved (${errorMessage(error)}); it stays as it is in this tab.`
			);
		}
	}

	#now(): number {
		return this.#options.now?.() ?? Date.now();
	}
}
