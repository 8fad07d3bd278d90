import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openKeyValueStore } from '$lib/shared';
import { createWebMcpServer } from '$lib/webmcp/server';
import { fixtureValidators, fixtureWidgets } from '$lib/webmcp/test-fixtures';
import { createCanvasSession } from './canvas-session';

const server = createWebMcpServer('demo', {
	description: 'Demo widgets',
	widgets: fixtureWidgets,
	validators: fixtureValidators
});
const type = fixtureWidgets[0].name;
const params = fixtureWidgets[0].example as Record<string, unknown>;

describe('canvas session: one canvas per conversation', () => {
	it('switches between canvases saved under their own keys, also after a reload', async () => {
		const factory = new IDBFactory();
		const first = createCanvasSession({ server, kv: openKeyValueStore({ factory }), modelContext: null });
		await first.start('https://app.example/');
		first.store.add(type, params);
		await first.switchTo('canvas.v1:b');
		expect(first.store.widgets).toHaveLength(0);
		first.store.add(type, params);
		first.store.add(type, params);
		await first.flush();
		await first.switchTo('canvas.v1');
		expect(first.store.widgets).toHaveLength(1);
		// Undo belongs to the conversation: its step survives the switch and back.
		expect(first.store.canUndo).toBe(true);
		first.store.undo();
		expect(first.store.widgets).toHaveLength(0);
		await first.switchTo('canvas.v1:b');
		expect(first.store.widgets).toHaveLength(2);
		expect(first.store.canRedo).toBe(false);
		first.store.undo();
		expect(first.store.widgets).toHaveLength(1);
		first.store.redo();
		await first.flush();
		first.dispose();

		const reloaded = createCanvasSession({ server, kv: openKeyValueStore({ factory }), modelContext: null });
		await reloaded.switchTo('canvas.v1:b');
		await reloaded.start('https://app.example/');
		expect(reloaded.store.widgets).toHaveLength(2);
		reloaded.dispose();
	});
});
