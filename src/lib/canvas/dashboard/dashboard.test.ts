import { describe, expect, it } from 'vitest';
import { createWidgetValidator } from '$lib/webmcp';
import { fixtureValidators, fixtureWidgets } from '$lib/webmcp/test-fixtures';
import { CanvasStore } from '../canvas-store.svelte';
import { createDashboardDocument, stringifyDashboard } from './dashboard-document';
import { readCanvasFile } from './dashboard-file';
import { dashboardUrlOf, maxDashboardBytes, offerDashboardLink, withoutDashboard } from './dashboard-link';

const validator = createWidgetValidator(fixtureWidgets, fixtureValidators);
const sql = 'SELECT Name, Origin FROM cars WHERE ($origin IS NULL OR Origin = $origin)';

/** A canvas with a plain widget and a live table bound to `origin`, filtered to Japan. */
function dashboardCanvas(now = 1000) {
	const store = new CanvasStore({ now: () => now });
	store.add(
		'kpi',
		{ label: 'Cars', value: 406 },
		{ title: 'Cars', provenance: { displayedBy: `toolu_${now}`, dataFrom: [`toolu_${now}_data`], source: 'agent' } }
	);
	store.add(
		'table',
		{ columns: ['Name', 'Origin'], rows: [['datsun 1200', 'Japan']] },
		{
			provenance: { displayedBy: `toolu_${now}b`, dataFrom: [], source: 'agent' },
			source: {
				tool: 'datasets_mcp_query_sql',
				args: { sql, params: { origin: { $param: 'origin' } } },
				params: { columns: ['Name', 'Origin'], rows: { $ref: 'source#/rows' } },
				fetchedAt: now,
				paramValues: { origin: 'Japan' }
			},
			turn: `turn_${now}`
		}
	);
	store.params.set('origin', 'Japan');
	return store;
}

describe('dashboard files', () => {
	it('writes sorted keys, sources and parameters, and nothing volatile or fetched', () => {
		const store = dashboardCanvas();
		const text = stringifyDashboard(
			createDashboardDocument(store.widgets, store.params.values, [
				'https://user:secret@data.example/mcp?token=abc&view=1'
			])
		);
		const document = JSON.parse(text);
		expect(Object.keys(document)).toEqual(['format', 'parameters', 'servers', 'version', 'widgets']);
		expect(document).toMatchObject({
			format: 'autoui-dashboard',
			version: 1,
			parameters: { origin: 'Japan' },
			servers: ['https://data.example/mcp?view=1']
		});
		expect(document.widgets[1]).toEqual({
			h: expect.any(Number),
			id: store.widgets[1].id,
			params: { columns: ['Name', 'Origin'], rows: [] },
			source: {
				args: { params: { origin: { $param: 'origin' } }, sql },
				params: { columns: ['Name', 'Origin'], rows: { $ref: 'source#/rows' } },
				tool: 'datasets_mcp_query_sql'
			},
			type: 'table',
			w: expect.any(Number),
			x: expect.any(Number),
			y: expect.any(Number)
		});
		for (const volatile of [
			'savedAt',
			'createdAt',
			'provenance',
			'fetchedAt',
			'toolu_',
			'turn_',
			'paramValues',
			'secret',
			'token'
		])
			expect(text).not.toContain(volatile);
		expect(text.endsWith('}\n')).toBe(true);
	});

	it('gives the same bytes for the same canvas, whenever it is saved', () => {
		const first = dashboardCanvas(1000);
		const later = dashboardCanvas(99_999);
		const ids = later.widgets.map((record) => record.id);
		const renamed = first.widgets.map((record, index) => ({ ...record, id: ids[index] }));
		expect(stringifyDashboard(createDashboardDocument(renamed, first.params.values))).toBe(
			stringifyDashboard(createDashboardDocument(later.widgets, later.params.values))
		);
	});

	it('reads back into the same dashboard: widgets, sources and parameters; live widgets fetch when opened', () => {
		const store = dashboardCanvas();
		const text = stringifyDashboard(createDashboardDocument(store.widgets, store.params.values));
		const reading = readCanvasFile(text, validator);
		expect(reading.problems).toEqual([]);
		expect(reading.parameters).toEqual({ origin: 'Japan' });
		expect(reading.records.map((record) => [record.id, record.type, record.title])).toEqual(
			store.widgets.map((record) => [record.id, record.type, record.title])
		);
		expect(reading.records[1].source).toMatchObject({
			tool: 'datasets_mcp_query_sql',
			args: { sql },
			rowsLeftOut: true
		});
		expect(reading.records[0].provenance).toEqual({ dataFrom: [], source: 'import' });
		// A canvas export still reads through the same door.
		expect(
			readCanvasFile(JSON.stringify({ format: 'autoui-canvas', version: 1, widgets: [] }), validator).records
		).toEqual([]);
		expect(() =>
			readCanvasFile(JSON.stringify({ format: 'autoui-dashboard', version: 7, widgets: [] }), validator)
		).toThrow(/version 7/);
		expect(() => readCanvasFile('{', validator)).toThrow(/not valid JSON/);
	});
});

describe('?dashboard= links', () => {
	const page = 'https://app.example/?dashboard=https%3A%2F%2Ffiles.example%2Fcars.json&provider=openai';

	function serving(body: string, init: ResponseInit = {}) {
		const requests: Array<{ url: string; init?: RequestInit }> = [];
		const fetcher = (async (url: URL, requestInit?: RequestInit) => {
			requests.push({ url: String(url), init: requestInit });
			return new Response(body, init);
		}) as unknown as typeof fetch;
		return { fetcher, requests };
	}

	it('reads only http(s) addresses and drops the parameter from the address', () => {
		expect(dashboardUrlOf(page)?.href).toBe('https://files.example/cars.json');
		expect(dashboardUrlOf('https://app.example/?dashboard=javascript:alert(1)')).toBeUndefined();
		expect(dashboardUrlOf('https://app.example/?dashboard=/dashboards/a.json')?.href).toBe(
			'https://app.example/dashboards/a.json'
		);
		expect(withoutDashboard(page)).toBe('https://app.example/?provider=openai');
	});

	it('asks first and fetches nothing until the user agrees; loading replaces the canvas as one undo step', async () => {
		const text = stringifyDashboard(createDashboardDocument(dashboardCanvas().widgets, { origin: 'Japan' }));
		const { fetcher, requests } = serving(text);
		const store = new CanvasStore();
		store.add('kpi', { label: 'Mine', value: 1 });
		const mine = store.widgets;
		const replaced: string[] = [];
		offerDashboardLink(store, page, validator, { fetch: fetcher, replaceUrl: (url) => replaced.push(url) });
		expect(requests).toEqual([]);
		const offer = store.notices.at(-1)!;
		expect(offer.message).toContain('files.example');
		expect(offer.actions?.map((action) => action.id)).toEqual(['dashboard-load', 'dashboard-keep']);
		await offer.actions![0].run();
		expect(requests[0]).toMatchObject({ url: 'https://files.example/cars.json', init: { credentials: 'omit' } });
		expect(replaced).toEqual(['https://app.example/?provider=openai']);
		expect(store.widgets.map((record) => record.type)).toEqual(['kpi', 'table']);
		expect(store.params.values).toEqual({ origin: 'Japan' });
		// Its live widgets wait for consent before they call the user's tools.
		expect(store.widgets.find((record) => record.source)?.source?.held).toBe(true);
		expect(store.notices.at(-1)?.actions?.map((action) => action.id)).toEqual(['share-live-allow', 'share-live-deny']);
		const loaded = store.notices.find((notice) => notice.actions?.some((action) => action.id === 'dashboard-restore'))!;
		await loaded.actions![0].run();
		expect(store.widgets).toEqual(mine);
		expect(store.params.values).toEqual({});
		store.undo();
		expect(store.widgets.map((record) => record.type)).toEqual(['kpi', 'table']);
	});

	it('leaves the canvas unchanged for a file with no valid widget, a failed fetch, or a file too large', async () => {
		for (const [body, init, message] of [
			[
				'{"format":"autoui-dashboard","version":1,"widgets":[{"type":"hologram","params":{},"x":0,"y":0,"w":90,"h":90}]}',
				{},
				/Nothing loaded.*unchanged.*hologram/
			],
			['not found', { status: 404 }, /404/],
			['x', { headers: { 'content-length': String(maxDashboardBytes + 1) } }, /at most 5 MB/],
			[' '.repeat(maxDashboardBytes + 1), {}, /larger than 5 MB/]
		] as const) {
			const store = new CanvasStore();
			store.add('kpi', { label: 'Mine', value: 1 });
			const mine = store.widgets;
			offerDashboardLink(store, page, validator, { fetch: serving(body, init).fetcher });
			await store.notices.at(-1)!.actions![0].run();
			expect(store.widgets).toBe(mine);
			expect(store.notices.at(-1)).toMatchObject({ kind: 'error', message: expect.stringMatching(message) });
		}
	});
});
