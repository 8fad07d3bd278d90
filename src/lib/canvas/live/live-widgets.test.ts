import { describe, expect, it } from 'vitest';
import { createWidgetValidator } from '$lib/webmcp';
import { fixtureValidators, fixtureWidgets } from '$lib/webmcp/test-fixtures';
import { CanvasStore } from '../canvas-store.svelte';
import { buildShareLink, maxShareLinkLength, readShareLink } from '../share-link';
import { leaveOutLiveRows } from './lighten';
import { createLiveWidgets, type SourceCaller } from './live-widgets';

const validator = createWidgetValidator(fixtureWidgets, fixtureValidators);

/** A data tool whose answer the test changes, recording every call. */
function fakeCaller() {
	const calls: Array<Parameters<SourceCaller>[0]> = [];
	let answer: { ok: boolean; value?: unknown; error?: string; code?: string } = { ok: true, value: { total: 1 } };
	const call: SourceCaller = async (request) => (calls.push(request), { ...answer, callId: `call_${calls.length}` });
	return { call, calls, set: (next: typeof answer) => (answer = next) };
}

describe('live widgets', () => {
	it('shows a widget from a source, refreshes it in place (undoable), and keeps the last data when a refresh fails', async () => {
		const store = new CanvasStore();
		const live = createLiveWidgets(store, validator, { now: () => 1000 });
		const caller = fakeCaller();
		live.attach(caller.call);
		const shown = await live.showFromSource({
			widget: 'kpi',
			params: { label: 'Orders', value: { $ref: 'source#/total' } },
			source: { tool: 'shop_mcp_count', args: { day: 'today' }, refreshSeconds: 30 }
		});
		expect(shown).toEqual({ id: expect.any(String) });
		const id = (shown as { id: string }).id;
		expect(store.get(id)).toMatchObject({
			params: { label: 'Orders', value: 1 },
			provenance: { dataFrom: ['call_1'] },
			source: {
				tool: 'shop_mcp_count',
				args: { day: 'today' },
				params: { label: 'Orders', value: { $ref: 'source#/total' } },
				refreshSeconds: 30,
				fetchedAt: 1000
			}
		});
		expect(caller.calls[0]).toMatchObject({ tool: 'shop_mcp_count', origin: 'manual' });

		caller.set({ ok: true, value: { total: 7 } });
		expect(await live.refresh(id)).toEqual({ ok: true });
		expect(store.get(id)?.params).toEqual({ label: 'Orders', value: 7 });
		// Refreshes ask before running a tool that is not read-only.
		expect(caller.calls[1]).toMatchObject({ origin: 'refresh', confirm: 'unless-read-only' });
		store.undo();
		expect(store.get(id)?.params).toEqual({ label: 'Orders', value: 1 });
		store.redo();

		caller.set({ ok: false, error: 'shop_mcp_count failed: the server is down' });
		expect(await live.refresh(id)).toEqual({ ok: false, error: 'shop_mcp_count failed: the server is down' });
		expect(store.get(id)?.params).toEqual({ label: 'Orders', value: 7 });
		expect(store.get(id)?.source?.error).toBe('shop_mcp_count failed: the server is down');
		caller.set({ ok: true, value: { total: 8 } });
		await live.refresh(id);
		expect(store.get(id)?.source?.error).toBeUndefined();
	});

	it('refuses what does not fit: bad refreshSeconds, results that do not bind or do not validate', async () => {
		const store = new CanvasStore();
		const live = createLiveWidgets(store, validator);
		const caller = fakeCaller();
		expect(
			await live.showFromSource({
				widget: 'kpi',
				params: { label: 'x', value: { $ref: 'source' } },
				source: { tool: 't', args: {} }
			})
		).toEqual({ error: expect.stringMatching(/still starting/) });
		live.attach(caller.call);
		expect(
			await live.showFromSource({
				widget: 'kpi',
				params: { label: 'x', value: 1 },
				source: { tool: 't', args: {}, refreshSeconds: 1 }
			})
		).toEqual({ error: 'refreshSeconds must be at least 5.' });
		expect(
			await live.showFromSource({
				widget: 'kpi',
				params: { label: 'x', value: { $ref: 'source#/missing' } },
				source: { tool: 't', args: {} }
			})
		).toEqual({
			error: expect.stringMatching(/does not fit the widget: \/value: .*has no "missing"/)
		});
		caller.set({ ok: true, value: { total: { nested: true } } });
		expect(
			await live.showFromSource({
				widget: 'kpi',
				params: { label: 'x', value: { $ref: 'source#/total' } },
				source: { tool: 't', args: {} }
			})
		).toMatchObject({ error: expect.stringMatching(/does not fit a kpi/) });
		expect(store.widgets).toHaveLength(0);
		expect(await live.refresh('w_nope')).toEqual({ ok: false, error: 'Widget w_nope has no source to refresh.' });
	});

	it('a share link over 64 KB keeps the source and leaves the rows out; opened, the widget fetches them (or says what to connect)', async () => {
		// Rows that do not compress well (pseudo-random names), so the link really exceeds 64 KB.
		const rows = Array.from({ length: 6_000 }, (_, index) => [
			((index * 2654435761) % 2 ** 32).toString(36) + ((index * 40503) % 65521).toString(36),
			Math.round(Math.sin(index) * 1e6)
		]);
		const store = new CanvasStore();
		const live = createLiveWidgets(store, validator);
		const caller = fakeCaller();
		caller.set({ ok: true, value: { rows } });
		live.attach(caller.call);
		const template = { columns: ['city', 'n'], rows: { $ref: 'source#/rows' } };
		await live.showFromSource({
			widget: 'table',
			params: template,
			source: { tool: 'geo_mcp_cities', args: { country: 'FR' } }
		});
		store.add('kpi', { label: 'Kept', value: 3 });
		await expect(buildShareLink('https://app.example/', store.widgets)).rejects.toThrow(/too/i);
		const link = await buildShareLink('https://app.example/', store.widgets, [], { lighten: leaveOutLiveRows });
		expect(link.length).toBeLessThanOrEqual(maxShareLinkLength);
		const opened = (await readShareLink(link, validator))!;
		const table = opened.records.find((record) => record.type === 'table')!;
		expect(table.params).toEqual({ columns: ['city', 'n'], rows: [] });
		expect(table.source).toEqual({
			tool: 'geo_mcp_cities',
			args: { country: 'FR' },
			params: template,
			rowsLeftOut: true
		});
		expect(opened.records.find((record) => record.type === 'kpi')?.params).toEqual({ label: 'Kept', value: 3 });
		expect(leaveOutLiveRows(opened.records)).toBeUndefined();

		// Opened where the server is missing: the frame says what to connect; once it is, the rows come back.
		let time = 100_000;
		const other = new CanvasStore();
		other.replaceAll(opened.records);
		const openedLive = createLiveWidgets(other, validator, { now: () => time });
		const recipient = fakeCaller();
		recipient.set({ ok: false, code: 'unknown_tool', error: 'Unknown tool "geo_mcp_cities".' });
		openedLive.attach(recipient.call);
		openedLive.start();
		const id = other.widgets.find((record) => record.type === 'table')!.id;
		await expect
			.poll(() => other.get(id)?.source?.error, { timeout: 3_000 })
			.toMatch(/geo_mcp_cities is not available: connect the server that provides it/);
		recipient.set({ ok: true, value: { rows } });
		time += 10_000;
		await expect.poll(() => (other.get(id)?.params.rows as unknown[]).length, { timeout: 3_000 }).toBe(6_000);
		expect(other.get(id)?.source?.rowsLeftOut).toBeUndefined();
		expect(recipient.calls.every((call) => call.tool === 'geo_mcp_cities' && call.origin === 'refresh')).toBe(true);
		openedLive.dispose();
	});
});

describe('live widgets on SQL-text tools', () => {
	it('refuse to splice a parameter into SQL text: the tool is never called', async () => {
		const store = new CanvasStore();
		const live = createLiveWidgets(store, validator, { now: () => 1000 });
		const caller = fakeCaller();
		live.attach(caller.call);
		store.params.set('origin', "' OR 1=1 --");
		const shown = await live.showFromSource({
			widget: 'kpi',
			params: { label: 'Rows', value: { $ref: 'source#/total' } },
			source: { tool: 'postgres_mcp_query', args: { sql: { $param: 'origin' } } }
		});
		expect(shown).toMatchObject({ error: expect.stringContaining('"sql" is SQL text') });
		expect(caller.calls).toEqual([]);
	});
});
