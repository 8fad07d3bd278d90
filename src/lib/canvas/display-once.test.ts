/**
 * A widget_display's params are checked once on their way to the canvas: the server checks
 * them, the canvas recognises what that check returned. Invalid params fail with the same
 * errors as before, and params from elsewhere are still checked by the canvas.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { applyUiResult } from '$lib/agent';
import { createWebMcpServer, type CompiledValidator } from '$lib/webmcp';
import { fixtureValidators, fixtureWidgets } from '$lib/webmcp/test-fixtures';
import { createCanvasCallbacks, loadTitles } from './callbacks';
import { CanvasStore } from './canvas-store.svelte';

beforeAll(() => loadTitles());

/** The fixture validators, counting how often each widget's schema check runs. */
function countingValidators() {
	const runs = new Map<string, number>();
	const validators: Record<string, CompiledValidator> = {};
	for (const [name, validate] of Object.entries(fixtureValidators)) {
		const counted: CompiledValidator = (params) => {
			runs.set(name, (runs.get(name) ?? 0) + 1);
			const valid = validate(params);
			counted.errors = validate.errors;
			return valid;
		};
		validators[name] = counted;
	}
	return { validators, runs };
}

function setup() {
	const { validators, runs } = countingValidators();
	const server = createWebMcpServer('demo', { description: 'Demo widgets', widgets: fixtureWidgets, validators });
	const store = new CanvasStore({ sizeOf: (type) => server.validator!.definition(type)?.defaultSize });
	return { server, store, runs, callbacks: createCanvasCallbacks(store, server.validator!) };
}

const meta = { callId: 'toolu_1', dataFrom: [] };

describe('widget_display on its way to the canvas', () => {
	it('checks the params once', async () => {
		const { server, store, runs, callbacks } = setup();
		const result = await server.callTool('widget_display', { name: 'kpi', params: { label: 'Users', value: 3 } });
		const applied = applyUiResult('widget', result, callbacks, meta);
		expect(applied.widgetId).toMatch(/^w_/);
		expect(store.get(applied.widgetId!)?.params).toEqual({ label: 'Users', value: 3 });
		expect(runs.get('kpi')).toBe(1);
	});

	it("refuses invalid params with the server's errors, and the canvas still checks what others pass", async () => {
		const { server, store, runs, callbacks } = setup();
		const result = await server.callTool('widget_display', { name: 'kpi', params: { label: 'Users' } });
		expect(result.isError).toBe(true);
		expect(result.structuredContent).toMatchObject({
			error: 'Validation failed',
			details: [{ path: '/value', message: 'required' }],
			expected_schema: fixtureWidgets[0].schema
		});
		expect(applyUiResult('widget', result, callbacks, meta).result).toBe(result);
		expect(store.widgets).toHaveLength(0);
		expect(callbacks.onWidget!('kpi', { label: 'x' }, meta)).toEqual({ error: expect.stringContaining('/value') });
		const added = callbacks.onWidget!('kpi', { label: 'x', value: 1 }, meta) as { id: string };
		expect(callbacks.onUpdate!(added.id, { value: 2 })).toEqual({ ok: true });
		expect(runs.get('kpi')).toBe(4);
	});
});
