import { describe, expect, it } from 'vitest';
import { AguiRunAssembler, type ThreadMemory } from '$lib/agent/providers/agui';
import { boundMessages } from '$lib/widgets/a2ui/surface';
import {
	applyBoundedPatch,
	documentSize,
	measureWithin,
	patchBounds,
	PatchBoundError,
	type PatchOperation
} from './bounded-patch';

/** The 1.1 KB delta that froze the tab: each `copy` from "" doubles the state. */
function doublingDelta(count: number): PatchOperation[] {
	return Array.from({ length: count }, (_, index) => ({ op: 'copy', from: '', path: `/d${index}` }));
}

describe('bounded JSON Patch', () => {
	it('a STATE_DELTA of copies from "" froze the tab: refused at the copy that would pass the bound, state unchanged', () => {
		const state = { seed: 'x'.repeat(100), list: [1, 2, 3] };
		const delta = doublingDelta(30);
		expect(JSON.stringify(delta).length).toBeLessThan(1200);
		let thrown: unknown;
		try {
			applyBoundedPatch(state, delta);
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toBeInstanceOf(PatchBoundError);
		const message = (thrown as Error).message;
		expect(message).toMatch(/larger than 2,000,000 characters or 200,000 values/);
		// Doubling ~130 characters passes 2 MB at the 15th copy: refused there, not after 30.
		const at = Number(/operation (\d+) of 30/.exec(message)?.[1]);
		expect(at).toBeGreaterThan(10);
		expect(at).toBeLessThan(20);
		expect(message).toContain('copy from ""');
		expect(state).toEqual({ seed: 'x'.repeat(100), list: [1, 2, 3] });
	});

	it('bounds values as well as characters, and the work of one patch', () => {
		// Small values: the node count passes first.
		const many = { list: Array.from({ length: 60_000 }, () => 0) };
		expect(() =>
			applyBoundedPatch(many, [
				{ op: 'copy', from: '/list', path: '/a' },
				{ op: 'copy', from: '/list', path: '/b' },
				{ op: 'copy', from: '/list', path: '/c' },
				{ op: 'copy', from: '/list', path: '/d' }
			])
		).toThrow(/200,000 values.*operation 3 of 4/);
		// Copy and remove over and over keeps the size down but not the work.
		const churn = Array.from({ length: 40 }, (_, index) =>
			index % 2 ? { op: 'remove', path: '/copy' } : { op: 'copy', from: '/list', path: '/copy' }
		);
		expect(() => applyBoundedPatch(many, churn)).toThrow(/more than 800,000 values in one patch/);
		expect(() =>
			applyBoundedPatch(
				{},
				Array.from({ length: 10_001 }, () => ({ op: 'test', path: '' }))
			)
		).toThrow(/10,001 operations/);
	});

	it('applies ordinary patches as RFC 6902 does, all or nothing, refusing __proto__', () => {
		const document = { a: 1, list: [1] };
		expect(
			applyBoundedPatch(document, [
				{ op: 'replace', path: '/a', value: 2 },
				{ op: 'add', path: '/list/-', value: 2 },
				{ op: 'copy', from: '/list', path: '/copied' },
				{ op: 'move', from: '/a', path: '/b' },
				{ op: 'test', path: '/b', value: 2 }
			])
		).toEqual({ list: [1, 2], copied: [1, 2], b: 2 });
		expect(() => applyBoundedPatch(document, [{ op: 'add', path: '/__proto__/x', value: 1 }])).toThrow(/not allowed/);
		expect(document).toEqual({ a: 1, list: [1] });
	});

	it('never changes its input: a small delta on a large state copies its path and shares the rest', () => {
		const big = { rows: Array.from({ length: 50_000 }, (_, index) => ({ index })) };
		const state = { big, small: { count: 1 } };
		const before = JSON.stringify(state);
		const patched = applyBoundedPatch(state, [{ op: 'replace', path: '/small/count', value: 2 }]) as typeof state;
		expect(patched.small).toEqual({ count: 2 });
		expect(patched.big).toBe(big);
		expect(JSON.stringify(state)).toBe(before);
		// The next delta starts from the measure of the last one, and copies stay acyclic.
		const again = applyBoundedPatch({ a: [1] }, [
			{ op: 'add', path: '/a/-', value: 2 },
			{ op: 'copy', from: '', path: '/self' },
			{ op: 'add', path: '/self/a/-', value: 3 }
		]);
		expect(again).toEqual({ a: [1, 2], self: { a: [1, 2, 3] } });
		expect(Math.abs(documentSize(again) - JSON.stringify(again).length)).toBeLessThanOrEqual(3);
	});

	it('a measure that drifts could be walked past the bound: adding and removing cost the same', () => {
		// An array entry counted by its key ("-" on add, "12345" on removal) drifted with each pair.
		let state: unknown = { list: Array.from({ length: 20_000 }, () => 0) };
		for (let round = 0; round < 50; round++)
			state = applyBoundedPatch(state, [
				{ op: 'add', path: '/list/-', value: 0 },
				{ op: 'remove', path: '/list/12345' }
			]);
		expect(Math.abs(documentSize(state) - JSON.stringify(state).length)).toBeLessThanOrEqual(3);
	});

	it('keeps the measure it tracks close to the JSON it builds', () => {
		const patched = applyBoundedPatch({ name: 'n' }, [
			{ op: 'add', path: '/rows', value: [{ a: 'text', b: 12.5, c: null, d: true }] },
			{ op: 'copy', from: '/rows', path: '/again' }
		]);
		const measured = measureWithin(patched, patchBounds)!;
		expect(Math.abs(measured.size - JSON.stringify(patched).length)).toBeLessThanOrEqual(2);
	});
});

describe('the bound at its call sites', () => {
	it('an AG-UI STATE_DELTA and ACTIVITY_DELTA past the bound are reported and leave state and activity as they were', () => {
		const memory: ThreadMemory = { state: {}, activities: new Map() };
		const events: string[] = [];
		const run = new AguiRunAssembler(new Set(), memory, (event) => {
			if (event.type === 'agui' && event.event.problem) events.push(`${event.event.name}: ${event.event.problem}`);
		});
		run.push({ type: 'STATE_SNAPSHOT', snapshot: { seed: 'x'.repeat(200) } });
		run.push({ type: 'STATE_DELTA', delta: doublingDelta(30) });
		expect(memory.state).toEqual({ seed: 'x'.repeat(200) });
		run.push({ type: 'ACTIVITY_SNAPSHOT', messageId: 'm', activityType: 'a2ui-surface', content: { ops: [1] } });
		run.push({ type: 'ACTIVITY_DELTA', messageId: 'm', patch: doublingDelta(30) });
		expect(memory.activities.get('m')?.content).toEqual({ ops: [1] });
		expect(events).toEqual([
			expect.stringMatching(/^STATE_DELTA: state not applied \(it stays as it was\): it would make the state larger/),
			expect.stringMatching(/^ACTIVITY_DELTA: activity m not applied: it would make the state larger/)
		]);
	});

	it("an A2UI surface's data model stops at the bound", () => {
		const chunk = 'y'.repeat(400_000);
		const messages = [
			{ createSurface: { surfaceId: 's', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } },
			...Array.from({ length: 8 }, (_, index) => ({
				updateDataModel: { surfaceId: 's', path: `/k${index}`, value: chunk }
			}))
		];
		const bounded = boundMessages(messages);
		const written = bounded.messages.flatMap((message) =>
			message.updateDataModel ? [(message.updateDataModel as { path: string }).path] : []
		);
		expect(written).toEqual(['/k0', '/k1', '/k2', '/k3']);
		expect(bounded.problems.join(' ')).toMatch(/surface s: a data model update would pass/);
	});
});
