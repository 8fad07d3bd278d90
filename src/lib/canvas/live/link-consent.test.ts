import { describe, expect, it, vi } from 'vitest';
import { createWidgetValidator } from '$lib/webmcp';
import { fixtureValidators, fixtureWidgets } from '$lib/webmcp/test-fixtures';
import { CanvasStore } from '../canvas-store.svelte';
import { offerSharedCanvas } from '../incoming';
import type { WidgetRecord } from '../types';
import { allowHeldSources, heldTools } from './link-consent';
import { createLiveWidgets, type SourceCaller } from './live-widgets';

const validator = createWidgetValidator(fixtureWidgets, fixtureValidators);

/** A shared widget whose source refreshes every 5 s (and whose rows were left out of the link). */
function sharedWidget(index: number): WidgetRecord {
	return {
		id: `w_${index}` as WidgetRecord['id'],
		type: 'kpi',
		params: { label: `Orders ${index}`, value: 0 },
		x: 0,
		y: index * 100,
		w: 200,
		h: 100,
		z: index,
		style: {},
		provenance: { dataFrom: [], source: 'import' },
		createdAt: 1,
		source: {
			tool: `shop_mcp_count_${index % 3}`,
			args: {},
			params: { label: `Orders ${index}`, value: { $ref: 'source#/total' } },
			refreshSeconds: 5,
			rowsLeftOut: true
		}
	};
}

describe('live widgets from a shared canvas', () => {
	it('run nothing until the user allows them, then fetch once, with timed refreshes paused until resumed', async () => {
		vi.useFakeTimers();
		try {
			let time = 0;
			const store = new CanvasStore();
			const live = createLiveWidgets(store, validator, { now: () => time });
			const calls: string[] = [];
			const caller: SourceCaller = async (request) => (
				calls.push(request.tool),
				{ ok: true, value: { total: 3 }, callId: `c${calls.length}` }
			);
			live.attach(caller);
			live.start();
			const records = Array.from({ length: 20 }, (_, index) => sharedWidget(index));
			await offerSharedCanvas(store, { records, problems: [], servers: ['shop'] } as never, { kv: null });
			expect(store.widgets).toHaveLength(20);
			expect(store.widgets.every((record) => record.source?.held && record.source.paused)).toBe(true);
			expect(heldTools(store.widgets)).toEqual(['shop_mcp_count_0', 'shop_mcp_count_1', 'shop_mcp_count_2']);
			const notice = store.notices.at(-1)!;
			expect(notice.message).toContain('shop_mcp_count_0, shop_mcp_count_1, shop_mcp_count_2');
			expect(notice.actions?.map((action) => action.id)).toEqual(['share-live-allow', 'share-live-deny']);

			// 30 s of timer: no call, and a refresh asked for is refused with the reason.
			for (let second = 0; second < 30; second++) {
				time += 1000;
				await vi.advanceTimersByTimeAsync(1000);
			}
			expect(calls).toEqual([]);
			expect(await live.refresh('w_0')).toMatchObject({ ok: false, error: expect.stringContaining('allow') });

			// Allowed: each widget fetches its left-out rows once; the 5 s timers stay paused.
			expect(allowHeldSources(store)).toBe(20);
			for (let second = 0; second < 30; second++) {
				time += 1000;
				await vi.advanceTimersByTimeAsync(1000);
			}
			expect(calls).toHaveLength(20);
			expect(store.widgets.every((record) => record.source?.paused && !record.source.rowsLeftOut)).toBe(true);

			// The user's Refresh on one widget resumes its timer only.
			await live.refresh('w_1');
			expect(store.get('w_1')?.source?.paused).toBeUndefined();
			const before = calls.length;
			for (let second = 0; second < 11; second++) {
				time += 1000;
				await vi.advanceTimersByTimeAsync(1000);
			}
			expect(calls.slice(before).every((tool) => tool === 'shop_mcp_count_1')).toBe(true);
			expect(calls.length - before).toBeGreaterThanOrEqual(2);
		} finally {
			vi.useRealTimers();
		}
	});
});
