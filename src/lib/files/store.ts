/**
 * Files kept on this device: their bytes in the origin private file system (OPFS), or in
 * IndexedDB where OPFS is missing (some private windows), and the list of files (name,
 * format, size, tables) in IndexedDB. Nothing is sent anywhere.
 */
import { errorMessage, type KeyValueStore } from '$lib/shared';
import type { LoadedTable } from './engine';
import type { FileFormat } from './names';

/** One added file as the list keeps it. */
export interface StoredFile {
	id: string;
	name: string;
	size: number;
	format: FileFormat;
	addedAt: number;
	tables: LoadedTable[];
}

const LIST_KEY = 'files.v1';
const BYTES_KEY = (id: string) => `files.v1:${id}`;
const FOLDER = 'autoui-files';

async function folder(): Promise<FileSystemDirectoryHandle | undefined> {
	try {
		const root = await navigator.storage?.getDirectory?.();
		return root ? await root.getDirectoryHandle(FOLDER, { create: true }) : undefined;
	} catch {
		return undefined;
	}
}

/** Where the files live: `opfs` or `indexeddb`. */
export class FileStore {
	readonly #kv: KeyValueStore;
	#where: Promise<FileSystemDirectoryHandle | undefined> | undefined;

	constructor(kv: KeyValueStore) {
		this.#kv = kv;
	}

	#folder() {
		return (this.#where ??= folder());
	}

	async kind(): Promise<'opfs' | 'indexeddb'> {
		return (await this.#folder()) ? 'opfs' : 'indexeddb';
	}

	async list(): Promise<StoredFile[]> {
		const list = await this.#kv.get<StoredFile[]>(LIST_KEY);
		return Array.isArray(list) ? list : [];
	}

	async saveList(files: readonly StoredFile[]): Promise<void> {
		await this.#kv.set(
			LIST_KEY,
			files.map((file) => ({ ...file, tables: file.tables.map((table) => ({ ...table })) }))
		);
	}

	/** Keeps a file's bytes. */
	async put(id: string, file: Blob): Promise<void> {
		const dir = await this.#folder();
		if (dir) {
			try {
				const handle = await dir.getFileHandle(id, { create: true });
				const writable = await handle.createWritable();
				await writable.write(file);
				await writable.close();
				return;
			} catch (error) {
				// A browser without writable OPFS handles keeps the bytes in IndexedDB instead.
				void errorMessage(error);
			}
		}
		await this.#kv.set(BYTES_KEY(id), file);
	}

	/** A kept file's bytes, or undefined when they are gone. */
	async get(id: string): Promise<Blob | undefined> {
		const dir = await this.#folder();
		if (dir) {
			try {
				return await (await dir.getFileHandle(id)).getFile();
			} catch {
				// not in OPFS: maybe in IndexedDB
			}
		}
		const blob = await this.#kv.get<Blob>(BYTES_KEY(id));
		return blob instanceof Blob ? blob : undefined;
	}

	async remove(id: string): Promise<void> {
		const dir = await this.#folder();
		await dir?.removeEntry(id).catch(() => undefined);
		await this.#kv.delete(BYTES_KEY(id));
	}
}
