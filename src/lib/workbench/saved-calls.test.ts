import { describe, expect, it } from 'vitest';
import { exportSavedCalls, loadSavedCalls, newSavedCall, parseSavedCalls, storeSavedCalls } from './saved-calls';
import type { KeyValueStore } from '$lib/shared';

function memoryKv(): KeyValueStore & { data: Map<string, unknown> } {
	const data = new Map<string, unknown>();
	return {
		data,
		get: async (key) => structuredClone(data.get(key)) as never,
		set: async (key, value) => void data.set(key, structuredClone(value)),
		delete: async (key) => void data.delete(key),
		close: () => undefined
	};
}

describe('saved calls', () => {
	it('round-trip through the store and an export file', async () => {
		const kv = memoryKv();
		const call = newSavedCall({
			server: 'everything',
			name: 'sum',
			tool: 'get-sum',
			args: { a: 1, b: 2 },
			collection: 'Maths'
		});
		await storeSavedCalls(kv, [call]);
		expect(await loadSavedCalls(kv)).toEqual([call]);

		const imported = parseSavedCalls(exportSavedCalls([call]), 'other');
		expect(imported).toHaveLength(1);
		expect(imported[0]).toMatchObject({
			server: 'other',
			name: 'sum',
			tool: 'get-sum',
			args: { a: 1, b: 2 },
			collection: 'Maths'
		});
		expect(imported[0].id).not.toBe(call.id);
	});

	it('ignores damaged records and explains a wrong file', async () => {
		const kv = memoryKv();
		kv.data.set('workbench.saved-calls.v1', [{ id: 'x' }, 'junk']);
		expect(await loadSavedCalls(kv)).toEqual([]);
		expect(() => parseSavedCalls('not json')).toThrow(/not JSON/);
		expect(() => parseSavedCalls('{"calls": []}')).toThrow(/saved-calls export/);
	});
});
