import { describe, expect, it } from 'vitest';
import { createWidgetValidator } from '$lib/webmcp';
import { checkCanvasArgs } from '$lib/webmcp/canvas-args';
import { fixtureValidators, fixtureWidgets } from '$lib/webmcp/test-fixtures';
import { createCanvasCallbacks } from '../callbacks';
import { CanvasStore } from '../canvas-store.svelte';
import { withParameterCallbacks } from './param-callbacks';

const validator = createWidgetValidator(fixtureWidgets, fixtureValidators);
const args = {
	sql: 'SELECT count(*) AS n FROM cars WHERE ($origin IS NULL OR Origin = $origin)',
	params: { origin: { $param: 'origin' } }
};

function canvas() {
	const store = new CanvasStore();
	const callbacks = withParameterCallbacks(createCanvasCallbacks(store, validator), store);
	const shown = callbacks.onWidget!(
		'kpi',
		{ label: 'Cars', value: 406 },
		{
			callId: 'toolu_1',
			dataFrom: [],
			source: { tool: 'datasets_mcp_query_sql', args, params: { label: 'Cars', value: { $ref: 'source#/n' } } }
		}
	);
	return { store, callbacks, id: (shown as { id: string }).id };
}

describe('the model and the canvas parameters', () => {
	it('binds a display source with the current values and records them on the widget', () => {
		const { store, callbacks, id } = canvas();
		expect(store.get(id)?.source).toMatchObject({ args, paramValues: { origin: null } });
		store.params.set('origin', 'Japan');
		expect(callbacks.bindSourceArgs!(args)).toEqual({ ok: true, args: { sql: args.sql, params: { origin: 'Japan' } } });
		expect(callbacks.bindSourceArgs!({ params: { x: { $param: 'not ok' } } })).toMatchObject({
			ok: false,
			error: expect.stringContaining('not a parameter name')
		});
	});

	it('lists the parameters with their values and the widgets that bind them; list names them per widget', () => {
		const { store, callbacks, id } = canvas();
		store.params.set('origin', 'Japan');
		expect(callbacks.onParams!('list_params', {})).toEqual({
			ok: true,
			data: { parameters: [{ name: 'origin', value: 'Japan', boundBy: [id], setBy: [] }], note: expect.any(String) }
		});
		expect(callbacks.onList!()).toMatchObject({ ok: true, data: [{ id, type: 'kpi', binds: { origin: 'Japan' } }] });
	});

	it('sets a parameter in one call and says which widgets update; refuses bad values clearly', () => {
		const { store, callbacks, id } = canvas();
		expect(callbacks.onParams!('set_param', { values: { origin: 'Japan' } })).toEqual({
			ok: true,
			data: { set: { origin: 'Japan' }, updating: [id], note: expect.stringContaining('update by themselves') }
		});
		expect(store.params.get('origin')).toBe('Japan');
		expect(callbacks.onParams!('set_param', { name: 'nobody', value: 3 })).toMatchObject({
			ok: true,
			data: { updating: [], note: expect.stringContaining('No widget binds nobody') }
		});
		expect(callbacks.onParams!('set_param', { values: { origin: { $ref: 'x' } } })).toMatchObject({
			ok: false,
			error: expect.stringContaining('origin')
		});
		expect(store.params.get('origin')).toBe('Japan');
	});

	it('checks set_param arguments before the canvas sees them', () => {
		expect(checkCanvasArgs({ action: 'set_param', params: { name: 'origin', value: 'Japan' } })).toEqual({
			ok: true,
			command: { canvas: 'set_param', params: { values: { origin: 'Japan' } } }
		});
		expect(checkCanvasArgs({ action: 'set_param', params: { name: 'origin' } })).toEqual({
			ok: true,
			command: { canvas: 'set_param', params: { values: { origin: null } } }
		});
		expect(checkCanvasArgs({ action: 'set_param', params: {} })).toMatchObject({
			ok: false,
			error: expect.stringContaining('set_param needs')
		});
		expect(checkCanvasArgs({ action: 'set_param', params: { values: { 'a;b': 1 } } })).toMatchObject({
			ok: false,
			error: expect.stringContaining('not a parameter name')
		});
		expect(checkCanvasArgs({ action: 'set_param', params: { name: 'x', value: 'y'.repeat(20_000) } })).toMatchObject({
			ok: false,
			error: expect.stringContaining('characters')
		});
		expect(checkCanvasArgs({ action: 'list_params' })).toEqual({ ok: true, command: { canvas: 'list_params' } });
	});
});
