import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { AutoUiError } from './errors';
import { openKeyValueStore } from './idb';

describe('openKeyValueStore', () => {
	it('stores, reads and deletes structured values across connections', async () => {
		const factory = new IDBFactory();
		const kv = openKeyValueStore({ factory });
		expect(await kv.get('missing')).toBeUndefined();
		await kv.set('canvas.v1', { widgets: [{ id: 'w_1' }], n: 2 });
		kv.close();
		const again = openKeyValueStore({ factory });
		expect(await again.get('canvas.v1')).toEqual({ widgets: [{ id: 'w_1' }], n: 2 });
		await again.delete('canvas.v1');
		expect(await again.get('canvas.v1')).toBeUndefined();
	});

	it('rejects with a typed, readable error where IndexedDB is missing', async () => {
		const kv = openKeyValueStore({ factory: undefined as unknown as IDBFactory });
		const original = globalThis.indexedDB;
		// Node has no indexedDB unless a polyfill installed one.
		if (original) return;
		await expect(kv.get('x')).rejects.toBeInstanceOf(AutoUiError);
		await expect(kv.set('x', 1)).rejects.toThrow(/visit only/);
	});
});
