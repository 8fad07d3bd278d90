import { describe, expect, it } from 'vitest';
import { createWidgetValidator } from '$lib/webmcp';
import { fixtureValidators, fixtureWidgets } from '$lib/webmcp/test-fixtures';
import { CanvasStore } from '../canvas-store.svelte';
import { lazyLiveWidgets } from './lazy-live-widgets';
import type { SourceCaller } from './live-widgets';

const validator = createWidgetValidator(fixtureWidgets, fixtureValidators);

describe('lazy live widgets', () => {
	it('applies a caller given before its code loaded, so the first display from a source runs', async () => {
		const store = new CanvasStore();
		const live = lazyLiveWidgets(store, validator);
		const calls: string[] = [];
		const call: SourceCaller = async (request) => (
			calls.push(request.tool),
			{ ok: true, value: { total: 3 }, callId: 'call_1' }
		);
		// Both happen synchronously, before the dynamic import settles.
		live.attach(call);
		live.start();
		const shown = await live.showFromSource({
			widget: 'kpi',
			params: { label: 'Orders', value: { $ref: 'source#/total' } },
			source: { tool: 'shop_mcp_count', args: {} }
		});
		expect(shown).toEqual({ id: expect.any(String) });
		expect(store.get((shown as { id: string }).id)?.params).toEqual({ label: 'Orders', value: 3 });
		expect(calls).toEqual(['shop_mcp_count']);
		expect(await live.refresh((shown as { id: string }).id)).toEqual({ ok: true });
		expect(calls).toHaveLength(2);
		live.dispose();
	});

	it('says the canvas is still starting when no caller was ever attached', async () => {
		const live = lazyLiveWidgets(new CanvasStore(), validator);
		expect(
			await live.showFromSource({ widget: 'kpi', params: { label: 'x', value: 1 }, source: { tool: 't', args: {} } })
		).toEqual({ error: expect.stringMatching(/still starting/) });
		live.dispose();
	});
});
