import { beforeAll, describe, expect, it } from 'vitest';
import { createWidgetCatalog, createWidgetValidator } from '$lib/webmcp';
import {
	fixtureSummaries,
	fixtureValidators,
	fixtureWidgets,
	recordingDefinitionsLoader
} from '$lib/webmcp/test-fixtures';
import { createCanvasCallbacks, loadTitles } from './callbacks';
import { CanvasStore } from './canvas-store.svelte';

const validator = createWidgetValidator(fixtureWidgets, fixtureValidators);

beforeAll(() => loadTitles());

function setup() {
	const store = new CanvasStore({ sizeOf: (type) => validator.definition(type)?.defaultSize });
	return { store, callbacks: createCanvasCallbacks(store, validator) };
}

describe('createCanvasCallbacks', () => {
	it('adds a widget with provenance and title, returning its id', () => {
		const { store, callbacks } = setup();
		const added = callbacks.onWidget!(
			'kpi',
			{ label: 'Users', value: 3, title: 'Active users' },
			{ callId: 'toolu_9', dataFrom: ['toolu_1'] }
		);
		expect(added).toEqual({ id: expect.stringMatching(/^w_/) });
		const record = store.get((added as { id: string }).id)!;
		expect(record).toMatchObject({
			type: 'kpi',
			title: 'Active users',
			w: 240,
			h: 140,
			provenance: { displayedBy: 'toolu_9', dataFrom: ['toolu_1'], source: 'agent' }
		});
		const untitled = callbacks.onWidget!('table', { columns: ['a'], rows: [] }, { callId: 't', dataFrom: [] }) as {
			id: string;
		};
		expect(store.get(untitled.id)?.title).toBe('Table');
		expect(callbacks.onWidget!('kpi', { label: 'x' }, { callId: 't', dataFrom: [] })).toEqual({
			error: expect.stringContaining('/value')
		});
	});

	it('names an untitled widget after what it shows and keeps the turn that displayed it', () => {
		const { store, callbacks } = setup();
		const { id } = callbacks.onWidget!(
			'kpi',
			{ label: 'Users', value: 3 },
			{ callId: 't', dataFrom: [], turnId: 'turn_1' }
		) as { id: string };
		expect(store.get(id)).toMatchObject({ title: 'Users', turn: 'turn_1' });
	});

	it('update validates the merged params and returns details with the expected schema', () => {
		const { store, callbacks } = setup();
		const { id } = callbacks.onWidget!('kpi', { label: 'Users', value: 3 }, { callId: 't', dataFrom: [] }) as {
			id: string;
		};
		expect(callbacks.onUpdate!(id, { value: 4 })).toEqual({ ok: true });
		expect(store.get(id)?.params).toEqual({ label: 'Users', value: 4 });
		const bad = callbacks.onUpdate!(id, { trend: 'sideways' });
		expect(bad.ok).toBe(false);
		const body = JSON.parse((bad as { error: string }).error);
		expect(body).toEqual({
			error: 'Validation failed',
			details: [{ path: '/trend', message: expect.stringMatching(/one of/) }],
			expected_schema: fixtureWidgets[0].schema
		});
		expect(store.get(id)?.params).toEqual({ label: 'Users', value: 4 });
	});

	it('move, resize, style, remove, clear and list act on the store; unknown ids list the existing ones', () => {
		const { store, callbacks } = setup();
		const { id } = callbacks.onWidget!('kpi', { label: 'Users', value: 3 }, { callId: 't', dataFrom: [] }) as {
			id: string;
		};
		expect(callbacks.onMove!(id, 64, 80)).toEqual({ ok: true });
		expect(callbacks.onResize!(id, 400, 200)).toEqual({ ok: true });
		expect(callbacks.onStyle!(id, { backgroundColor: '#fff' })).toEqual({ ok: true });
		expect(store.get(id)).toMatchObject({ x: 64, y: 80, w: 400, h: 200, style: { 'background-color': '#fff' } });
		expect(callbacks.onStyle!(id, { position: 'fixed' })).toEqual({
			ok: false,
			error: expect.stringMatching(/not allowed/)
		});
		expect(callbacks.onList!()).toEqual({
			ok: true,
			data: [{ id, type: 'kpi', title: 'Users', x: 64, y: 80, w: 400, h: 200 }]
		});
		for (const result of [callbacks.onMove!('w_x', 1, 1), callbacks.onUpdate!('w_x', {}), callbacks.onRemove!('w_x')]) {
			expect(result).toEqual({ ok: false, error: `Unknown widget "w_x"; ids on the canvas: ${id}` });
		}
		expect(callbacks.onRemove!(id)).toEqual({ ok: true });
		callbacks.onWidget!('kpi', { label: 'b', value: 1 }, { callId: 't', dataFrom: [] });
		expect(callbacks.onClear!()).toEqual({ ok: true });
		expect(store.widgets).toEqual([]);
		store.undo();
		expect(store.widgets).toHaveLength(1);
	});

	it('with definitions loaded on demand, takes titles and sizes from the summaries and validates once loaded', async () => {
		const loader = recordingDefinitionsLoader();
		const lazy = createWidgetValidator(createWidgetCatalog(fixtureSummaries, loader.load), fixtureValidators);
		const store = new CanvasStore({ sizeOf: (type) => lazy.summary(type)?.defaultSize });
		const callbacks = createCanvasCallbacks(store, lazy);
		expect(callbacks.onWidget!('table', { columns: ['a'], rows: [] }, { callId: 't', dataFrom: [] })).toEqual({
			error: expect.stringContaining('still loading')
		});
		expect(store.widgets).toEqual([]);
		await lazy.load();
		const { id } = callbacks.onWidget!('table', { columns: ['a'], rows: [] }, { callId: 't', dataFrom: [] }) as {
			id: string;
		};
		expect(store.get(id)).toMatchObject({ title: 'Table', w: 480, h: 320 });
		const bad = JSON.parse((callbacks.onUpdate!(id, { columns: [] }) as { error: string }).error);
		expect(bad.expected_schema).toEqual(fixtureWidgets[2].schema);
		expect(loader.calls).toBe(1);
	});
});
