import { describe, expect, it } from 'vitest';
import { callTraceparent, spanIdFor, traceIdFor, traceparent } from './trace-context';

describe('trace context ids', () => {
	it('are W3C-shaped, stable for the same id and distinct across ids and subjects', () => {
		expect(traceIdFor('turn-1')).toMatch(/^[0-9a-f]{32}$/);
		expect(spanIdFor({ call: 'c1' })).toMatch(/^[0-9a-f]{16}$/);
		expect(traceIdFor('turn-1')).toBe(traceIdFor('turn-1'));
		const traces = new Set(Array.from({ length: 2000 }, (_, i) => traceIdFor(`t${i}`)));
		expect(traces.size).toBe(2000);
		const spans = new Set([
			spanIdFor({ turn: 'x' }),
			spanIdFor({ call: 'x' }),
			spanIdFor({ request: 'x', iteration: 1 }),
			spanIdFor({ request: 'x', iteration: 2 })
		]);
		expect(spans.size).toBe(4);
	});

	it('builds the traceparent of a call from its turn and call ids', () => {
		expect(callTraceparent('turn-1', 'c1')).toBe(traceparent(traceIdFor('turn-1'), spanIdFor({ call: 'c1' })));
		expect(callTraceparent('turn-1', 'c1')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
	});
});
