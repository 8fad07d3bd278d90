import { describe, expect, it } from 'vitest';
import type { ToolCallResult } from '$lib/shared';
import type { UiCallbacks } from '../types';
import { applyUiResult } from './ui-results';

const meta = { callId: 'c1', dataFrom: ['d1'] };
const structured = (value: unknown, isError = false): ToolCallResult => ({
	content: [{ type: 'text', text: JSON.stringify(value) }],
	structuredContent: value,
	...(isError ? { isError } : {})
});

describe('applyUiResult', () => {
	it('displays a widget and returns { widget, id }', () => {
		const calls: unknown[] = [];
		const applied = applyUiResult(
			'widget',
			structured({ widget: 'stat', data: { value: 1 } }),
			{ onWidget: (...args) => (calls.push(args), { id: 'w_1' }) },
			meta
		);
		expect(calls).toEqual([['stat', { value: 1 }, meta]]);
		expect(applied).toEqual({ result: structured({ widget: 'stat', id: 'w_1' }), widgetId: 'w_1' });
	});

	it('turns a refused or throwing onWidget, or a missing canvas, into an error result', () => {
		const input = structured({ widget: 'stat', data: {} });
		expect(applyUiResult('widget', input, { onWidget: () => ({ error: 'Unknown widget type' }) }, meta).result).toEqual(
			structured({ error: 'Unknown widget type' }, true)
		);
		expect(
			applyUiResult(
				'widget',
				input,
				{
					onWidget: () => {
						throw new Error('boom');
					}
				},
				meta
			).result
		).toEqual(structured({ error: 'boom' }, true));
		expect(applyUiResult('widget', input, {}, meta).result.isError).toBe(true);
	});

	it('passes validation errors through untouched', () => {
		const error = structured({ error: 'Validation failed', details: [], expected_schema: {} }, true);
		expect(applyUiResult('widget', error, { onWidget: () => ({ id: 'x' }) }, meta).result).toBe(error);
	});

	it('runs every canvas action with its parameters', () => {
		const log: unknown[] = [];
		const ok = (...args: unknown[]) => (log.push(args), { ok: true as const });
		const callbacks: UiCallbacks = {
			onClear: () => ok('clear'),
			onList: () => ({ ok: true, data: [{ id: 'w_1' }] }),
			onUpdate: (id, params) => ok('update', id, params),
			onMove: (id, x, y) => ok('move', id, x, y),
			onResize: (id, w, h) => ok('resize', id, w, h),
			onStyle: (id, style) => ok('style', id, style),
			onRemove: (id) => ok('remove', id)
		};
		applyUiResult('canvas', structured({ canvas: 'clear' }), callbacks, meta);
		applyUiResult('canvas', structured({ canvas: 'update', id: 'w_1', params: { value: 2 } }), callbacks, meta);
		applyUiResult('canvas', structured({ canvas: 'move', id: 'w_1', params: { x: 1, y: 2 } }), callbacks, meta);
		applyUiResult(
			'canvas',
			structured({ canvas: 'resize', id: 'w_1', params: { width: 300, height: 200 } }),
			callbacks,
			meta
		);
		applyUiResult(
			'canvas',
			structured({ canvas: 'style', id: 'w_1', params: { style: { background: 'var(--surface)', opacity: 0.5 } } }),
			callbacks,
			meta
		);
		applyUiResult('canvas', structured({ canvas: 'remove', id: 'w_1' }), callbacks, meta);
		expect(log).toEqual([
			['clear'],
			['update', 'w_1', { value: 2 }],
			['move', 'w_1', 1, 2],
			['resize', 'w_1', 300, 200],
			['style', 'w_1', { background: 'var(--surface)', opacity: '0.5' }],
			['remove', 'w_1']
		]);
		expect(applyUiResult('canvas', structured({ canvas: 'list' }), callbacks, meta).result.structuredContent).toEqual({
			ok: true,
			action: 'list',
			data: [{ id: 'w_1' }]
		});
	});

	it('reports missing ids, bad parameters and unknown actions as errors', () => {
		const callbacks: UiCallbacks = { onMove: () => ({ ok: true }), onRemove: () => ({ ok: true }) };
		expect(
			applyUiResult('canvas', structured({ canvas: 'remove' }), callbacks, meta).result.structuredContent
		).toMatchObject({ ok: false, error: expect.stringMatching(/needs the widget id/) });
		expect(
			applyUiResult('canvas', structured({ canvas: 'move', id: 'w', params: { x: 'left' } }), callbacks, meta).result
				.isError
		).toBe(true);
		expect(
			applyUiResult('canvas', structured({ canvas: 'explode', id: 'w' }), callbacks, meta).result.structuredContent
		).toMatchObject({ error: expect.stringMatching(/Unknown canvas action/) });
	});

	it("leaves other tools' results unchanged", () => {
		const result = structured({ rows: [] });
		expect(applyUiResult(undefined, result, {}, meta).result).toBe(result);
	});
});
