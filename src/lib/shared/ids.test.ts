import { describe, expect, it } from 'vitest';
import { randomId, stableHash, widgetId } from './ids';

describe('ids', () => {
	it('makes widget ids of the documented shape, unique across many draws', () => {
		const ids = new Set(Array.from({ length: 5000 }, () => widgetId()));
		expect(ids.size).toBe(5000);
		for (const id of ids) expect(id).toMatch(/^w_[0-9a-z]{6}$/);
		expect(randomId('x', 3)).toMatch(/^x[0-9a-z]{3}$/);
	});

	it('hashes stably', () => {
		expect(stableHash('tricoteuses_mcp_query_sql')).toBe(stableHash('tricoteuses_mcp_query_sql'));
		expect(stableHash('a')).not.toBe(stableHash('b'));
	});
});
