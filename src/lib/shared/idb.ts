/**
 * A tiny promise-based key-value store over IndexedDB. Canvas and chat history persist
 * through it: one database (`autoui`), one object store (`kv`), namespaced keys such as
 * `canvas.v1` or `chat.v1`, so modules never fight over database versions.
 *
 * Where IndexedDB is missing (some private modes, Node without a polyfill) every call
 * rejects with an `AutoUiError` whose message says that changes are kept for this visit only.
 */
import { AutoUiError } from './errors';

/** Read, write and delete structured-cloneable values by key. */
export interface KeyValueStore {
	get<T = unknown>(key: string): Promise<T | undefined>;
	set(key: string, value: unknown): Promise<void>;
	delete(key: string): Promise<void>;
	/** Closes the connection (tests and teardown); later calls reopen it. */
	close(): void;
}

/** Where the values live. Defaults suit the app; tests pass a fake `indexedDB` factory. */
export interface KeyValueStoreOptions {
	dbName?: string;
	storeName?: string;
	factory?: IDBFactory;
}

function requestToPromise<T>(request: IDBRequest<T>): Promise<T> {
	return new Promise((resolve, reject) => {
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
	});
}

/** Opens (lazily, on first use) a key-value store in IndexedDB. */
export function openKeyValueStore(options: KeyValueStoreOptions = {}): KeyValueStore {
	const dbName = options.dbName ?? 'autoui';
	const storeName = options.storeName ?? 'kv';
	let connection: Promise<IDBDatabase> | undefined;

	function open(): Promise<IDBDatabase> {
		const factory = options.factory ?? globalThis.indexedDB;
		if (!factory) {
			return Promise.reject(
				new AutoUiError('internal', 'IndexedDB is not available in this browser; changes are kept for this visit only.')
			);
		}
		connection ??= new Promise<IDBDatabase>((resolve, reject) => {
			const request = factory.open(dbName, 1);
			request.onupgradeneeded = () => {
				if (!request.result.objectStoreNames.contains(storeName)) request.result.createObjectStore(storeName);
			};
			request.onsuccess = () => resolve(request.result);
			request.onerror = () =>
				reject(
					new AutoUiError(
						'internal',
						`Could not open IndexedDB "${dbName}": ${request.error?.message ?? 'unknown error'}`
					)
				);
			request.onblocked = () => reject(new AutoUiError('internal', `IndexedDB "${dbName}" is blocked by another tab.`));
		}).catch((error: unknown) => {
			connection = undefined;
			throw error;
		});
		return connection;
	}

	async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
		const db = await open();
		const transaction = db.transaction(storeName, mode);
		const result = requestToPromise(action(transaction.objectStore(storeName)));
		await new Promise<void>((resolve, reject) => {
			transaction.oncomplete = () => resolve();
			transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
			transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
		});
		return result;
	}

	return {
		async get<T>(key: string) {
			return (await run('readonly', (store) => store.get(key))) as T | undefined;
		},
		async set(key, value) {
			await run('readwrite', (store) => store.put(value, key));
		},
		async delete(key) {
			await run('readwrite', (store) => store.delete(key));
		},
		close() {
			const pending = connection;
			connection = undefined;
			void pending?.then((db) => db.close()).catch(() => undefined);
		}
	};
}
