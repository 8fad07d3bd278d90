import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openKeyValueStore } from '$lib/shared';
import { createWidgetValidator } from '$lib/webmcp';
import { fixtureValidators, fixtureWidgets } from '$lib/webmcp/test-fixtures';
import { createCanvasDocument, parseCanvasDocument } from './canvas-document';
import { CanvasStore } from './canvas-store.svelte';
import { applyImport, offerPreviousCanvas, offerSharedCanvas, previousCanvasKey } from './incoming';

const validator = createWidgetValidator(fixtureWidgets, fixtureValidators);

function mine() {
	const store = new CanvasStore({ sizeOf: (type) => validator.definition(type)?.defaultSize });
	store.add('kpi', { label: 'Mine', value: 1 });
	store.add('kpi', { label: 'Also mine', value: 2 });
	return store;
}

function shared() {
	const other = new CanvasStore({ sizeOf: (type) => validator.definition(type)?.defaultSize });
	other.add('kpi', { label: 'Theirs', value: 9 });
	return { records: [...other.widgets], problems: [], servers: [] };
}

describe('importing a file', () => {
	it('an import with no valid widget leaves the canvas as it was and says why', () => {
		const store = mine();
		const before = store.widgets;
		const text = JSON.stringify({
			format: 'autoui-canvas',
			version: 1,
			widgets: [
				{ id: 'w_1', type: 'hologram', params: {}, x: 0, y: 0, w: 9, h: 9 },
				{ id: 'w_2', type: 'kpi', params: { label: 'x', value: 1 } }
			]
		});
		const outcome = applyImport(store, parseCanvasDocument(text, validator), 'broken.json');
		expect(outcome.imported).toBe(0);
		expect(store.widgets).toBe(before);
		const notice = store.notices.at(-1)!;
		expect(notice.kind).toBe('error');
		expect(notice.message).toMatch(/Nothing imported from broken\.json.*canvas is unchanged/);
		expect(notice.message).toMatch(/Unknown widget "hologram"/);
		expect(notice.message).toMatch(/x, y, w and h must be numbers/);
	});

	it('a partial import replaces the canvas as one undoable step', () => {
		const store = mine();
		const before = store.widgets;
		const document = createCanvasDocument(shared().records);
		document.widgets.push({ ...document.widgets[0], id: 'w_bad' as never, type: 'gone' });
		const outcome = applyImport(store, parseCanvasDocument(JSON.stringify(document), validator), 'part.json');
		expect(outcome.imported).toBe(1);
		expect(store.widgets.map((record) => record.params.label)).toEqual(['Theirs']);
		expect(store.notices.map((notice) => notice.message).join('\n')).toMatch(/Skipped 1 invalid widget/);
		store.undo();
		expect(store.widgets).toBe(before);
	});
});

describe('opening a shared canvas', () => {
	it('opens at once on an empty canvas', async () => {
		const store = new CanvasStore();
		await offerSharedCanvas(store, shared(), { kv: null });
		expect(store.widgets.map((record) => record.params.label)).toEqual(['Theirs']);
	});

	it("a share link never wipes the recipient canvas: it asks, and each choice keeps the user's widgets reachable", async () => {
		const kv = openKeyValueStore({ factory: new IDBFactory() });
		const store = mine();
		const before = store.widgets;
		await offerSharedCanvas(store, shared(), { kv });
		// Nothing changes until the user chooses.
		expect(store.widgets).toBe(before);
		const offer = store.notices.at(-1)!;
		expect(offer.message).toMatch(/shared canvas with 1 widget.*your canvas has 2/i);
		expect(offer.actions?.map((action) => action.id)).toEqual(['share-open', 'share-merge', 'share-keep']);

		// Merge: both canvases, one undo step, nothing overlaps.
		await offer.actions!.find((action) => action.id === 'share-merge')!.run();
		expect(store.widgets.map((record) => record.params.label)).toEqual(['Mine', 'Also mine', 'Theirs']);
		const theirs = store.widgets[2];
		expect(theirs.y).toBeGreaterThanOrEqual(Math.max(...before.map((record) => record.y + record.h)));
		store.undo();
		expect(store.widgets).toBe(before);

		// Open on its own: the user's canvas is kept aside (storage) and one click/undo away.
		await offerSharedCanvas(store, shared(), { kv });
		await store.notices
			.at(-1)!
			.actions!.find((action) => action.id === 'share-open')!
			.run();
		expect(store.widgets.map((record) => record.params.label)).toEqual(['Theirs']);
		expect((await kv.get(previousCanvasKey)) as { widgets: unknown[] }).toMatchObject({ widgets: before });
		const opened = store.notices.at(-1)!;
		expect(opened.message).toMatch(/your previous canvas \(2 widgets\) is kept/i);
		await opened.actions!.find((action) => action.id === 'share-restore')!.run();
		expect(store.widgets).toEqual(before);
	});

	it('keep mine drops the offer and changes nothing', async () => {
		const store = mine();
		const before = store.widgets;
		await offerSharedCanvas(store, shared(), { kv: null });
		const offer = store.notices.at(-1)!;
		await offer.actions!.find((action) => action.id === 'share-keep')!.run();
		expect(store.widgets).toBe(before);
		expect(store.notices.some((notice) => notice.id === offer.id)).toBe(false);
	});

	it('after a reload, the canvas a shared one replaced is still offered until brought back or forgotten', async () => {
		const kv = openKeyValueStore({ factory: new IDBFactory() });
		const store = mine();
		const before = store.widgets;
		await offerSharedCanvas(store, shared(), { kv });
		await store.notices
			.at(-1)!
			.actions!.find((action) => action.id === 'share-open')!
			.run();

		// A new page: only the shared canvas was saved; the old one is offered.
		const reloaded = new CanvasStore();
		reloaded.replaceAll(store.widgets, { undoable: false });
		await offerPreviousCanvas(reloaded, kv, validator);
		const offer = reloaded.notices.at(-1)!;
		expect(offer.message).toMatch(/from before you opened a shared link \(2 widgets\)/);
		await offer.actions!.find((action) => action.id === 'share-previous-restore')!.run();
		expect(reloaded.widgets).toEqual(before);
		expect(await kv.get(previousCanvasKey)).toBeUndefined();
		const again = new CanvasStore();
		await offerPreviousCanvas(again, kv, validator);
		expect(again.notices).toEqual([]);
	});
});
