/**
 * A reload released held live widgets: the saved canvas was read back without `held` and
 * `paused`, so a shared canvas's sources ran with the recipient's credentials on the next
 * visit. Holds now survive persistence, export and import, and conversation switches; only
 * the user's "Allow live data" lifts them. An imported file is held the same way.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { openKeyValueStore } from '$lib/shared';
import { createWebMcpServer } from '$lib/webmcp/server';
import { createWidgetValidator } from '$lib/webmcp';
import { fixtureValidators, fixtureWidgets } from '$lib/webmcp/test-fixtures';
import { createCanvasDocument, readCanvasDocument } from '../canvas-document';
import { createCanvasSession } from '../canvas-session';
import type { CanvasStore } from '../canvas-store.svelte';
import { createDashboardDocument, stringifyDashboard } from '../dashboard/dashboard-document';
import { readCanvasFile } from '../dashboard/dashboard-file';
import { applyImport, offerSharedCanvas } from '../incoming';
import type { WidgetRecord } from '../types';
import { allowHeldSources } from './link-consent';
import { createLiveWidgets, type SourceCaller } from './live-widgets';

const server = createWebMcpServer('demo', {
	description: 'Demo',
	widgets: fixtureWidgets,
	validators: fixtureValidators
});
const validator = createWidgetValidator(fixtureWidgets, fixtureValidators);

function liveWidget(index: number, held = false): WidgetRecord {
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
			tool: `shop_mcp_count_${index % 2}`,
			args: { region: 'attacker-chosen' },
			params: { label: `Orders ${index}`, value: { $ref: 'source#/total' } },
			refreshSeconds: 5,
			fetchedAt: 0,
			...(held ? { held: true, paused: true } : {})
		}
	};
}

/** Runs the live widgets of `store` for `seconds` of fake time; returns the tool calls made. */
async function callsOver(store: CanvasStore, seconds: number): Promise<string[]> {
	await import('$lib/agent/references');
	vi.useFakeTimers();
	const calls: string[] = [];
	let time = 0;
	const live = createLiveWidgets(store, validator, { now: () => time });
	try {
		const caller: SourceCaller = async (request) => (
			calls.push(request.tool),
			{ ok: true, value: { total: 3 }, callId: `c${calls.length}` }
		);
		live.attach(caller);
		live.start();
		for (let second = 0; second < seconds; second++) {
			time += 1000;
			await vi.advanceTimersByTimeAsync(1000);
		}
	} finally {
		live.dispose();
		vi.useRealTimers();
	}
	return calls;
}

describe('held live widgets stay held', () => {
	it('a reload releases held live widgets: no more — held and paused survive a reload and a conversation switch', async () => {
		const factory = new IDBFactory();
		const first = createCanvasSession({ server, kv: openKeyValueStore({ factory }), modelContext: null });
		await first.start('https://app.example/');
		const shared = Array.from({ length: 20 }, (_, index) => liveWidget(index));
		await offerSharedCanvas(first.store, { records: shared, problems: [], servers: [] }, { kv: null });
		expect(first.store.widgets.every((record) => record.source?.held && record.source.paused)).toBe(true);
		// A conversation switch and back: still held.
		await first.switchTo('canvas.v1:other');
		await first.switchTo('canvas.v1');
		expect(first.store.widgets).toHaveLength(20);
		expect(first.store.widgets.every((record) => record.source?.held && record.source.paused)).toBe(true);
		await first.flush();
		first.dispose();

		// A later visit: held, the prompt is back, and 30 s of timers make no call.
		const later = createCanvasSession({ server, kv: openKeyValueStore({ factory }), modelContext: null });
		await later.start('https://app.example/');
		expect(later.store.widgets.every((record) => record.source?.held && record.source.paused)).toBe(true);
		expect(later.store.notices.at(-1)?.actions?.map((action) => action.id)).toEqual([
			'share-live-allow',
			'share-live-deny'
		]);
		expect(await callsOver(later.store, 30)).toEqual([]);
		// Only the user's Allow lifts the hold (timers stay paused).
		allowHeldSources(later.store);
		expect(later.store.widgets.some((record) => record.source?.held)).toBe(false);
		expect(later.store.widgets.every((record) => record.source?.paused)).toBe(true);
		later.dispose();
	});

	it('an export of the app canvas and its import keep holds and paused timers', () => {
		const records = [liveWidget(0, true), liveWidget(1, true)];
		const reading = readCanvasDocument(JSON.parse(JSON.stringify(createCanvasDocument(records))), validator);
		expect(reading.records.map((record) => record.source)).toEqual(records.map((record) => record.source));
	});

	it('an imported dashboard file ran its sources at once: now held, one prompt lists the tools, timers paused', async () => {
		const text = stringifyDashboard(createDashboardDocument([liveWidget(0), liveWidget(1), liveWidget(2)], {}));
		const { CanvasStore } = await import('../canvas-store.svelte');
		const store = new CanvasStore();
		applyImport(store, readCanvasFile(text, validator), 'team.json');
		expect(store.widgets.every((record) => record.source?.held && record.source.paused)).toBe(true);
		const prompts = store.notices.filter((notice) =>
			notice.actions?.some((action) => action.id === 'share-live-allow')
		);
		expect(prompts).toHaveLength(1);
		expect(prompts[0].message).toContain('team.json has 3 live widgets');
		expect(prompts[0].message).toContain('shop_mcp_count_0, shop_mcp_count_1');
		expect(await callsOver(store, 20)).toEqual([]);
	});

	it('an imported canvas file that drops its holds is held anyway', () => {
		const { records } = readCanvasDocument(createCanvasDocument([liveWidget(0)]), validator);
		expect(records[0].source?.held).toBeUndefined();
		return import('../canvas-store.svelte').then(({ CanvasStore }) => {
			const store = new CanvasStore();
			applyImport(store, { records, problems: [], servers: [] }, 'canvas.json');
			expect(store.widgets[0].source).toMatchObject({ held: true, paused: true });
		});
	});
});
