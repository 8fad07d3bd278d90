import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '$lib/shared/testing';
import { SLOW_MS, createRenderGuard, fingerprint } from './render-guard';

describe('chart render guard', () => {
	const spec = { data: { sequence: { start: 0, stop: 10 } }, mark: 'point' };

	it('suspects a spec whose drawing another page load never finished', () => {
		const storage = memoryStorage();
		const first = createRenderGuard(storage, 'page-1');
		const key = fingerprint(spec);
		first.begin(key); // the tab froze here: the end is never recorded
		expect(first.suspect(key)).toBe(false); // still drawing in this page
		const next = createRenderGuard(storage, 'page-2');
		expect(next.suspect(key)).toBe(true);
		next.forgive(key);
		expect(next.suspect(key)).toBe(false);
	});

	it('forgets the drawings of a page that left normally (a reload mid-draw is no freeze)', () => {
		const storage = memoryStorage();
		const first = createRenderGuard(storage, 'page-1');
		first.begin('drawing');
		first.leave();
		expect(createRenderGuard(storage, 'page-2').suspect('drawing')).toBe(false);
	});

	it('forgets a drawing that finished in time, remembers a slow one', () => {
		vi.useFakeTimers();
		try {
			const storage = memoryStorage();
			const guard = createRenderGuard(storage, 'page-1');
			guard.begin('quick')();
			const end = guard.begin('slow');
			vi.advanceTimersByTime(SLOW_MS + 1);
			end();
			const later = createRenderGuard(storage, 'page-2');
			expect(later.suspect('quick')).toBe(false);
			expect(later.suspect('slow')).toBe(true);
		} finally {
			vi.useRealTimers();
		}
	});

	it('fingerprints by content and survives broken storage', () => {
		expect(fingerprint(spec)).toBe(fingerprint(JSON.parse(JSON.stringify(spec))));
		expect(fingerprint(spec)).not.toBe(fingerprint({ ...spec, mark: 'line' }));
		const storage = memoryStorage();
		storage.setItem('autoui.chart-drawing.v1', 'not json');
		const guard = createRenderGuard(storage, 'p');
		expect(guard.suspect('x')).toBe(false);
		expect(() => guard.begin('x')()).not.toThrow();
	});
});

describe('fingerprint', () => {
	it('tells inline data apart by content, whether the list is new or seen before', () => {
		const shapes = [{ id: 1, geometry: [[0, 1]] }];
		const base = { layer: [{ data: { values: shapes }, mark: 'geoshape' }, { data: { values: [{ a: 1 }] } }] };
		const first = fingerprint(base);
		expect(fingerprint({ layer: [base.layer[0], { data: { values: [{ a: 1 }] } }] })).toBe(first);
		expect(fingerprint({ layer: [base.layer[0], { data: { values: [{ a: 2 }] } }] })).not.toBe(first);
		expect(fingerprint(JSON.parse(JSON.stringify(base)))).toBe(first);
		expect(
			fingerprint({ ...base, layer: [{ data: { values: [{ id: 2, geometry: [[0, 1]] }] } }, base.layer[1]] })
		).not.toBe(first);
	});
});
