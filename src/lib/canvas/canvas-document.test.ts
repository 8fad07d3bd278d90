import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openKeyValueStore } from '$lib/shared';
import { createWidgetValidator } from '$lib/webmcp';
import { fixtureValidators, fixtureWidgets } from '$lib/webmcp/test-fixtures';
import { createCanvasDocument, parseCanvasDocument, readCanvasDocument, shareableServerUrl } from './canvas-document';
import { CanvasStore } from './canvas-store.svelte';
import { createCanvasPersistence } from './persistence';
import {
	buildShareLink,
	decodeShareValue,
	encodeShareValue,
	hasShareValue,
	maxShareLinkLength,
	readShareLink,
	withoutShareValue
} from './share-link';

const validator = createWidgetValidator(fixtureWidgets, fixtureValidators);

function sampleCanvas() {
	const store = new CanvasStore({ sizeOf: (type) => validator.definition(type)?.defaultSize });
	store.add(
		'kpi',
		{ label: 'Users', value: 3 },
		{ title: 'Users', provenance: { displayedBy: 'toolu_1', dataFrom: ['toolu_0'], source: 'agent' } }
	);
	const table = store.add('table', {
		columns: ['city', 'n'],
		rows: Array.from({ length: 200 }, (_, index) => [`City ${index}`, index])
	});
	store.style(table.id, { 'background-color': '#fef3c7' });
	store.collapse(table.id, true);
	return store;
}

describe('export and import', () => {
	it('round-trips every widget exactly', () => {
		const store = sampleCanvas();
		const text = JSON.stringify(createCanvasDocument(store.widgets));
		const reading = parseCanvasDocument(text, validator);
		expect(reading.problems).toEqual([]);
		expect(reading.records).toEqual(store.widgets);
	});

	it('keeps valid widgets and reports each invalid one', () => {
		const store = sampleCanvas();
		const document = createCanvasDocument(store.widgets);
		const good = document.widgets[0];
		document.widgets.push(
			{ ...good, id: good.id, params: { label: 'dup id', value: 1 } },
			{ ...good, id: 'w_bad1' as never, params: { label: 'missing value' } },
			{ ...good, id: 'w_bad2' as never, type: 'hologram' },
			{ ...good, id: 'w_bad3' as never, style: { background: 'url(https://evil.example)' } },
			{ ...good, id: 'w_bad4' as never, x: Number.NaN },
			'junk' as never
		);
		const reading = readCanvasDocument(JSON.parse(JSON.stringify(document)), validator);
		expect(reading.records).toHaveLength(3);
		expect(reading.records[2].id).not.toBe(good.id);
		expect(reading.problems).toEqual([
			expect.stringMatching(/w_bad1.*\/value required/),
			expect.stringMatching(/w_bad2.*Unknown widget "hologram"/),
			expect.stringMatching(/w_bad3.*url\(\)/),
			expect.stringMatching(/w_bad4.*must be numbers/),
			expect.stringMatching(/widget 8: not an object/)
		]);
	});

	it('refuses files that are not canvas documents, with a clear error', () => {
		expect(() => parseCanvasDocument('{nope', validator)).toThrow(
			expect.objectContaining({ code: 'storage_corrupt', message: expect.stringMatching(/not valid JSON/) })
		);
		expect(() => readCanvasDocument({ widgets: [] }, validator)).toThrow(/not an AutoUI canvas file/);
		expect(() => readCanvasDocument({ format: 'autoui-canvas', version: 99, widgets: [] }, validator)).toThrow(
			/version 99 is not supported/
		);
	});

	it('sanitises hostile params and keeps server URLs free of secrets', () => {
		const document = createCanvasDocument(
			[],
			['https://user:pw@mcp.example/mcp?api_key=abc&profile=x&token=t#frag', 'javascript:alert(1)', 'not a url']
		);
		expect(document.servers).toEqual(['https://mcp.example/mcp?profile=x']);
		expect(shareableServerUrl('https://mcp.example/mcp?Authorization=Bearer%20x')).toBe('https://mcp.example/mcp');
		const reading = readCanvasDocument(
			{
				format: 'autoui-canvas',
				version: 1,
				widgets: [
					{
						id: 'w_1',
						type: 'image-card',
						params: { src: 'javascript:alert(1)' },
						x: 0,
						y: 0,
						w: 100,
						h: 100,
						z: 1,
						style: {},
						provenance: {},
						createdAt: 1
					}
				]
			},
			validator
		);
		expect(reading.records).toEqual([]);
		expect(reading.problems[0]).toMatch(/\/src/);
	});
});

describe('share links', () => {
	it('round-trips the canvas and the server URLs through the #hs= fragment, which the server never receives', async () => {
		const store = sampleCanvas();
		const link = await buildShareLink(
			'https://app.example/?provider=openai&baseUrl=http%3A%2F%2F127.0.0.1%3A11434%2Fv1&model=x&hs=old#top',
			store.widgets,
			['https://mcp.example/mcp?key=secret']
		);
		const url = new URL(link);
		// None of the sharer's own parameters (their local LLM base URL, model) travel with the link.
		expect(url.search).toBe('');
		expect(link).not.toContain('11434');
		const value = new URLSearchParams(url.hash.slice(1)).get('hs');
		expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
		expect(link).not.toContain('secret');
		expect(value!.length).toBeLessThan(JSON.stringify(store.widgets).length / 2);
		const reading = await readShareLink(link, validator);
		expect(reading).toEqual({ records: store.widgets, problems: [], servers: ['https://mcp.example/mcp'] });
		expect(await readShareLink('https://app.example/', validator)).toBeUndefined();
		expect(hasShareValue(link)).toBe(true);
		expect(withoutShareValue(link)).toBe('https://app.example/');
	});

	it('still reads old ?hs= links', async () => {
		const store = sampleCanvas();
		const value = await encodeShareValue(store.widgets);
		const old = `https://app.example/?hs=${value}`;
		expect(hasShareValue(old)).toBe(true);
		expect((await readShareLink(old, validator))?.records).toEqual(store.widgets);
		expect(withoutShareValue(old)).toBe('https://app.example/');
	});

	it('a canvas too large for a link says so and points to the file export', async () => {
		const store = new CanvasStore();
		// Random text does not compress: about 3,000 rows of it makes a link far over the limit.
		const rows = Array.from({ length: 3000 }, () => [crypto.randomUUID(), crypto.randomUUID()]);
		store.add('table', { columns: ['a', 'b'], rows });
		const error = await buildShareLink('https://app.example/', store.widgets).catch((caught: unknown) => caught);
		expect(error).toMatchObject({
			code: 'limit_exceeded',
			message: expect.stringMatching(/too large for a link.*export it as a file/i)
		});
		const small = await buildShareLink('https://app.example/', sampleCanvas().widgets);
		expect(small.length).toBeLessThanOrEqual(maxShareLinkLength);
		// A caller may lighten the records once (e.g. drop rows that can be fetched again).
		const lightened = await buildShareLink('https://app.example/', store.widgets, [], {
			lighten: (records) => records.map((record) => ({ ...record, params: { ...record.params, rows: [] } }))
		});
		expect(lightened.length).toBeLessThanOrEqual(maxShareLinkLength);
		expect((await readShareLink(lightened, validator))?.records[0].params.rows).toEqual([]);
	});

	it('reports damaged links as storage_corrupt', async () => {
		await expect(decodeShareValue('not*base64', validator)).rejects.toMatchObject({ code: 'storage_corrupt' });
		await expect(decodeShareValue('H4sIAAAAAAAAA', validator)).rejects.toMatchObject({ code: 'storage_corrupt' });
	});
});

describe('persistence', () => {
	it('saves at most 500 ms behind, restores, and reports a corrupt state without losing it', async () => {
		const kv = openKeyValueStore({ factory: new IDBFactory() });
		const persistence = createCanvasPersistence({ kv, validator, delayMs: 50 });
		expect(await persistence.restore()).toEqual({ records: [], problems: [] });
		const store = sampleCanvas();
		persistence.schedule(store.widgets);
		expect(await kv.get('canvas.v1')).toBeUndefined();
		await new Promise((resolve) => setTimeout(resolve, 120));
		await persistence.flush();
		expect((await persistence.restore()).records).toEqual(store.widgets);

		await kv.set('canvas.v1', { format: 'autoui-canvas', version: 0, widgets: 'garbage' });
		const corrupt = await persistence.restore();
		expect(corrupt.records).toEqual([]);
		expect(corrupt.notice).toMatch(/could not be read and was skipped/);
		expect(await kv.get('canvas.v1.unreadable')).toEqual({ format: 'autoui-canvas', version: 0, widgets: 'garbage' });

		await kv.set(
			'canvas.v1',
			createCanvasDocument([...store.widgets, { ...store.widgets[0], id: 'w_zz' as never, type: 'gone' }])
		);
		const partial = await persistence.restore();
		expect(partial.records).toHaveLength(2);
		expect(partial.notice).toMatch(/1 saved widget\(s\) could not be restored/);
		persistence.dispose();
	});

	it('reports an unavailable store instead of throwing', async () => {
		const failing = {
			get: () => Promise.reject(new Error('disk gone')),
			set: () => Promise.reject(new Error('disk gone')),
			delete: () => Promise.resolve(),
			close() {}
		};
		const errors: string[] = [];
		const persistence = createCanvasPersistence({ kv: failing, validator, onError: (message) => errors.push(message) });
		expect((await persistence.restore()).notice).toMatch(/disk gone/);
		persistence.schedule([]);
		await persistence.flush();
		expect(errors).toEqual(['The canvas could not be saved: disk gone']);
	});
});
