import { describe, expect, it } from 'vitest';
import { createWidgetValidator } from '$lib/webmcp';
import { fixtureValidators, fixtureWidgets } from '$lib/webmcp/test-fixtures';
import { createCanvasDocument } from '../canvas-document';
import { CanvasStore } from '../canvas-store.svelte';
import { readShareLink } from '../share-link';
import { FileActions } from './file-actions.svelte';
import { canvasFileName } from './transfers';

const validator = createWidgetValidator(fixtureWidgets, fixtureValidators);

function setUp() {
	const store = new CanvasStore({ sizeOf: (type) => validator.definition(type)?.defaultSize });
	store.add('kpi', { label: 'Mine', value: 1 });
	const files = new FileActions({
		store: () => store,
		validator: () => validator,
		servers: () => ['https://mcp.example/mcp'],
		picture: () => {
			throw new Error('no picture in unit tests');
		},
		pageUrl: () => 'https://app.example/'
	});
	return { store, files };
}

describe('FileActions', () => {
	it('names an export after its day', () => {
		expect(canvasFileName(new Date('2026-03-04T23:00:00Z'))).toBe('autoui-canvas-2026-03-04.json');
	});

	it('imports a file as one undo step, and leaves the canvas unchanged when the file is not a canvas', async () => {
		const { store, files } = setUp();
		const mine = store.widgets;
		const other = new CanvasStore();
		other.add('kpi', { label: 'Theirs', value: 9 });
		await files.importFile(new File([JSON.stringify(createCanvasDocument(other.widgets))], 'theirs.json'));
		expect(store.widgets.map((record) => record.params.label)).toEqual(['Theirs']);
		store.undo();
		expect(store.widgets).toEqual(mine);
		await files.importFile(new File(['not json'], 'broken.json'));
		expect(store.widgets).toEqual(mine);
		const notice = store.notices.at(-1);
		expect(notice).toMatchObject({
			kind: 'error',
			message: expect.stringMatching(/^Import failed \(your canvas is unchanged\)/)
		});
	});

	it('makes a share link of the canvas and its servers, shown until dismissed', async () => {
		const { store, files } = setUp();
		await files.share();
		expect(files.shareLink).toMatch(/^https:\/\/app\.example\/#hs=/);
		const reading = await readShareLink(files.shareLink, validator);
		expect(reading).toMatchObject({ records: store.widgets, servers: ['https://mcp.example/mcp'] });
		files.dismissShareLink();
		expect(files.shareLink).toBe('');
	});

	it('offers the file export when the canvas is too large for a link', async () => {
		const { store, files } = setUp();
		const rows = Array.from({ length: 3000 }, () => [crypto.randomUUID(), crypto.randomUUID()]);
		store.add('table', { columns: ['a', 'b'], rows });
		await files.share();
		expect(files.shareLink).toBe('');
		const notice = store.notices.at(-1)!;
		expect(notice).toMatchObject({ kind: 'error', message: expect.stringMatching(/^Could not build a share link/) });
		expect(notice.actions?.map((action) => action.id)).toEqual(['share-export']);
	});

	it('reports a picture that could not be made', async () => {
		const { store, files } = setUp();
		await files.exportPicture();
		const notice = store.notices.at(-1);
		expect(notice).toMatchObject({
			kind: 'error',
			message: 'The picture of the canvas failed: no picture in unit tests'
		});
	});
});
