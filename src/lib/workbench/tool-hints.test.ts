import { describe, expect, it } from 'vitest';
import { toolHintBadges } from './tool-hints';

describe('tool hint badges', () => {
	it('shows the hints a server set to true, in a fixed order', () => {
		const hints = toolHintBadges({
			openWorldHint: true,
			idempotentHint: true,
			destructiveHint: true,
			readOnlyHint: false
		});
		expect(hints.map((badge) => badge.hint)).toEqual(['destructive', 'idempotent', 'open-world']);
		expect(hints[0].warn).toBe(true);
	});

	it('shows nothing for absent or false hints, and no destructive badge on a read-only tool', () => {
		expect(toolHintBadges(undefined)).toEqual([]);
		expect(toolHintBadges({ title: 'x', openWorldHint: false })).toEqual([]);
		expect(toolHintBadges({ readOnlyHint: true, destructiveHint: true }).map((badge) => badge.hint)).toEqual([
			'read-only'
		]);
	});
});
