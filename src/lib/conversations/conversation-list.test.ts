import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openKeyValueStore, type KeyValueStore } from '$lib/shared';
import { ConversationList, UNDO_DELETE_MS } from './conversation-list.svelte';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('ConversationList', () => {
	afterEach(() => vi.useRealTimers());

	it('keeps the list in IndexedDB across reloads, with the existing chat as the first entry', async () => {
		const factory = new IDBFactory();
		const list = new ConversationList({ kv: openKeyValueStore({ factory }) });
		await list.load();
		expect(list.items.map((item) => item.id)).toEqual(['default']);
		list.touch('default', 'Average horsepower by origin');
		const second = list.create();
		list.touch(second, 'Flights by month');
		await settle();

		const reloaded = new ConversationList({ kv: openKeyValueStore({ factory }) });
		await reloaded.load();
		expect(reloaded.items.map((item) => item.title)).toEqual(['Flights by month', 'Average horsepower by origin']);
		expect(reloaded.current).toBe(second);
		expect(reloaded.keys).toEqual({ chat: `chat.v1:${second}`, canvas: `canvas.v1:${second}` });
	});

	it('deletes with undo, and purges the chat and canvas only after the undo window', async () => {
		vi.useFakeTimers();
		const kv = openKeyValueStore({ factory: new IDBFactory() });
		const removed: string[] = [];
		const recording: KeyValueStore = {
			...kv,
			get: kv.get,
			set: kv.set,
			close: kv.close,
			delete: async (key) => void removed.push(key)
		};
		const list = new ConversationList({ kv: recording });
		const id = list.create();
		list.remove(id);
		expect(list.items.map((item) => item.id)).toEqual(['default']);
		expect(list.lastRemoved?.id).toBe(id);
		list.undoRemove();
		expect(list.items.map((item) => item.id)).toEqual([id, 'default']);
		vi.advanceTimersByTime(UNDO_DELETE_MS + 1);
		expect(removed).toEqual([]);

		list.remove(id);
		vi.advanceTimersByTime(UNDO_DELETE_MS + 1);
		expect(removed).toEqual([`chat.v1:${id}`, `canvas.v1:${id}`]);
		expect(list.lastRemoved).toBeNull();
	});

	it('reports a storage failure (quota) instead of failing silently', async () => {
		const errors: string[] = [];
		const full: KeyValueStore = {
			get: async () => undefined,
			set: async () => {
				throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
			},
			delete: async () => undefined,
			close: () => undefined
		};
		const list = new ConversationList({ kv: full, onError: (message) => errors.push(message) });
		await list.load();
		list.rename('default', 'Kept in this tab');
		await settle();
		expect(list.items[0].title).toBe('Kept in this tab');
		expect(errors[0]).toMatch(/could not be saved \(The quota has been exceeded\.\)/);
	});
});
