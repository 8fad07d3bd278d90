/**
 * Model files kept on this device, so a reload does not ask for the file again: in the
 * origin-private file system (OPFS) where the browser has it, else in IndexedDB. Runs in the
 * local-model worker. A file is written in pieces with progress; its entry in the index is
 * written last, so a half-written file (the tab closed while caching) is never listed.
 */

/** A model file on this device. */
export interface CachedModel {
	name: string;
	size: number;
	/** When it was saved (ms since the epoch). */
	savedAt: number;
	/** Where it came from: a file the user chose, or a URL. */
	source: 'file' | 'url';
	url?: string;
}

/** The store of model files. */
export interface ModelCache {
	readonly kind: 'opfs' | 'indexeddb';
	list(): Promise<CachedModel[]>;
	get(name: string): Promise<Blob | null>;
	put(entry: CachedModel, blob: Blob, onProgress?: (written: number) => void): Promise<void>;
	remove(name: string): Promise<void>;
}

const folderName = 'autoui-models';
const indexName = 'models.json';
const chunkBytes = 8 * 1024 * 1024;

function fileName(name: string): string {
	return `model-${encodeURIComponent(name)}`;
}

type WritableHandle = FileSystemFileHandle & {
	createWritable?: () => Promise<FileSystemWritableFileStream>;
	createSyncAccessHandle?: () => Promise<{
		write(data: BufferSource, options?: { at?: number }): number;
		truncate(size: number): void;
		flush(): void;
		close(): void;
	}>;
};

async function writeBlob(handle: WritableHandle, blob: Blob, onProgress?: (written: number) => void): Promise<void> {
	if (handle.createWritable) {
		const stream = await handle.createWritable();
		try {
			for (let at = 0; at < blob.size; at += chunkBytes) {
				await stream.write(await blob.slice(at, at + chunkBytes).arrayBuffer());
				onProgress?.(Math.min(blob.size, at + chunkBytes));
			}
			await stream.close();
		} catch (error) {
			await stream.abort().catch(() => {});
			throw error;
		}
		return;
	}
	if (!handle.createSyncAccessHandle) throw new Error('this browser cannot write files here');
	const access = await handle.createSyncAccessHandle();
	try {
		access.truncate(0);
		for (let at = 0; at < blob.size; at += chunkBytes) {
			access.write(new Uint8Array(await blob.slice(at, at + chunkBytes).arrayBuffer()), { at });
			onProgress?.(Math.min(blob.size, at + chunkBytes));
		}
		access.flush();
	} finally {
		access.close();
	}
}

class OpfsCache implements ModelCache {
	readonly kind = 'opfs' as const;
	#folder: FileSystemDirectoryHandle;

	constructor(folder: FileSystemDirectoryHandle) {
		this.#folder = folder;
	}

	async list(): Promise<CachedModel[]> {
		try {
			const file = await (await this.#folder.getFileHandle(indexName)).getFile();
			const parsed = JSON.parse(await file.text()) as unknown;
			return Array.isArray(parsed)
				? parsed.filter(
						(entry): entry is CachedModel => typeof entry?.name === 'string' && typeof entry?.size === 'number'
					)
				: [];
		} catch {
			return [];
		}
	}

	async get(name: string): Promise<Blob | null> {
		if (!(await this.list()).some((entry) => entry.name === name)) return null;
		try {
			return await (await this.#folder.getFileHandle(fileName(name))).getFile();
		} catch {
			return null;
		}
	}

	async put(entry: CachedModel, blob: Blob, onProgress?: (written: number) => void): Promise<void> {
		const handle = (await this.#folder.getFileHandle(fileName(entry.name), { create: true })) as WritableHandle;
		await writeBlob(handle, blob, onProgress);
		await this.#writeIndex([...(await this.list()).filter((other) => other.name !== entry.name), entry]);
	}

	async remove(name: string): Promise<void> {
		await this.#writeIndex((await this.list()).filter((entry) => entry.name !== name));
		await this.#folder.removeEntry(fileName(name)).catch(() => {});
	}

	async #writeIndex(entries: CachedModel[]): Promise<void> {
		const handle = (await this.#folder.getFileHandle(indexName, { create: true })) as WritableHandle;
		await writeBlob(handle, new Blob([JSON.stringify(entries)], { type: 'application/json' }));
	}
}

function request<T>(req: IDBRequest<T>): Promise<T> {
	return new Promise((resolve, reject) => {
		req.onsuccess = () => resolve(req.result);
		req.onerror = () => reject(req.error);
	});
}

class IndexedDbCache implements ModelCache {
	readonly kind = 'indexeddb' as const;
	#db: IDBDatabase;

	constructor(db: IDBDatabase) {
		this.#db = db;
	}

	#store(mode: IDBTransactionMode): IDBObjectStore {
		return this.#db.transaction('models', mode).objectStore('models');
	}

	async list(): Promise<CachedModel[]> {
		const records = (await request(this.#store('readonly').getAll())) as Array<{ entry: CachedModel }>;
		return records.map((record) => record.entry);
	}

	async get(name: string): Promise<Blob | null> {
		const record = (await request(this.#store('readonly').get(name))) as { blob?: Blob } | undefined;
		return record?.blob ?? null;
	}

	async put(entry: CachedModel, blob: Blob, onProgress?: (written: number) => void): Promise<void> {
		await request(this.#store('readwrite').put({ entry, blob }, entry.name));
		onProgress?.(blob.size);
	}

	async remove(name: string): Promise<void> {
		await request(this.#store('readwrite').delete(name));
	}
}

/** Opens the cache: OPFS where it works, else IndexedDB, else null (nothing is kept). */
export async function openModelCache(): Promise<ModelCache | null> {
	try {
		const root = await navigator.storage.getDirectory();
		return new OpfsCache(await root.getDirectoryHandle(folderName, { create: true }));
	} catch {
		// No OPFS (older browsers, some private modes): IndexedDB below.
	}
	try {
		const open = indexedDB.open(folderName, 1);
		open.onupgradeneeded = () => open.result.createObjectStore('models');
		return new IndexedDbCache(await request(open));
	} catch {
		return null;
	}
}
