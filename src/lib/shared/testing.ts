/**
 * Test helpers shared by unit tests across modules (never imported by app code): an
 * in-memory `Storage` for stores that persist to localStorage, and a way to await an
 * expected AutoUiError.
 */
import { expect } from 'vitest';
import { AutoUiError } from './errors';
import type { ToolDefinition } from './tool-server';

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

const schema = { type: 'object' as const };

/**
 * One tool of each MCP Apps kind: `shown` has a View (`_meta.ui.resourceUri`), `appOnly`
 * and `modelOnly` limit their visibility, `plain` has no `_meta.ui`.
 */
export const uiTools: Record<'shown' | 'appOnly' | 'modelOnly' | 'plain', ToolDefinition> = {
	shown: {
		name: 'get-time',
		inputSchema: schema,
		_meta: { ui: { resourceUri: 'ui://get-time/app.html' } }
	},
	appOnly: { name: 'poll', inputSchema: schema, _meta: { ui: { visibility: ['app'] } } },
	modelOnly: { name: 'delete-all', inputSchema: schema, _meta: { ui: { visibility: ['model'] } } },
	plain: { name: 'plain', inputSchema: schema }
};
