/**
 * Test helpers shared by unit tests across modules (never imported by app code): an
 * in-memory `Storage` for stores that persist to localStorage, and a way to await an
 * expected AutoUiError.
 */
import { expect } from 'vitest';
import { AutoUiError } from './errors';

/**
 * A `Storage` backed by a Map, seeded with `initial`. `data` exposes the map so a test can
 * check exactly what was written (e.g. that no key was persisted).
 */
export function memoryStorage(initial: Record<string, string> = {}): Storage & { data: Map<string, string> } {
	const data = new Map(Object.entries(initial));
	return {
		data,
		get length() {
			return data.size;
		},
		clear: () => data.clear(),
		getItem: (key) => data.get(key) ?? null,
		key: (index) => [...data.keys()][index] ?? null,
		removeItem: (key) => void data.delete(key),
		setItem: (key, value) => void data.set(key, String(value))
	};
}

/** Awaits `promise`, expects it to reject with an AutoUiError, and returns that error. */
export async function rejection(promise: Promise<unknown>): Promise<AutoUiError> {
	try {
		await promise;
	} catch (error) {
		expect(error).toBeInstanceOf(AutoUiError);
		return error as AutoUiError;
	}
	throw new Error('expected a rejection');
}
