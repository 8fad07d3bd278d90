import { beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/shared/testing';
import { ImageHostApprovals } from './image-hosts.svelte';
import { safeImageUrl } from './url';

describe('image host approvals (click-to-load)', () => {
	beforeEach(() => {
		Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
	});

	it('approves nothing by default: even well-known hosts wait for the user', () => {
		const approvals = new ImageHostApprovals();
		expect(safeImageUrl('https://upload.wikimedia.org/a.png', approvals.hosts)).toBeUndefined();
	});

	it("loads from connected servers' hosts, hosts approved for the visit, and those always allowed", () => {
		const approvals = new ImageHostApprovals();
		approvals.setServerHosts(['mcp.example.com']);
		expect(safeImageUrl('https://mcp.example.com/chart.png', approvals.hosts)).toBe(
			'https://mcp.example.com/chart.png'
		);
		approvals.approve('Images.Example.org');
		expect(safeImageUrl('https://images.example.org/x.png', approvals.hosts)).toBe('https://images.example.org/x.png');
		expect(localStorage.getItem('autoui.images.approvedHosts')).toBeNull();
		approvals.approve('cdn.example.net', { remember: true });
		expect(new ImageHostApprovals().remembered).toEqual(['cdn.example.net']);
		// Still only https, and never a look-alike host.
		expect(safeImageUrl('http://images.example.org/x.png', approvals.hosts)).toBeUndefined();
		expect(safeImageUrl('https://images.example.org.evil.example/x.png', approvals.hosts)).toBeUndefined();
		approvals.forget();
		expect(new ImageHostApprovals().remembered).toEqual([]);
	});
});
