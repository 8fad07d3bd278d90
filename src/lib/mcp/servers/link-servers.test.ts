import { describe, expect, it } from 'vitest';
import { LinkServerOffer } from './link-servers.svelte';
import { memoryStore } from '../oauth/oauth';
import { McpServerList } from './server-list.svelte';

const origin = 'http://127.0.0.1:1';

describe('servers named by a link', () => {
	it('are not connected until the user agrees, and then only for this visit, without stored headers', () => {
		const list = new McpServerList({ storage: memoryStore(), origin, autoConnect: false, includeDatasets: false });
		list.add({ url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer mine' } });
		const offer = new LinkServerOffer(list);
		const errors = offer.offer('https://mcp.example.com/mcp, https://mcp.example.com/other ,not a url', 'mcp');
		expect(errors).toHaveLength(1);
		// The user's own server needs no consent; the other one waits.
		expect(offer.pending).toEqual({ urls: ['https://mcp.example.com/other'], sources: ['mcp'] });
		expect(list.servers).toHaveLength(1);

		offer.offer(['https://evil.example/mcp'], 'share');
		expect(offer.pending).toEqual({
			urls: ['https://mcp.example.com/other', 'https://evil.example/mcp'],
			sources: ['mcp', 'share']
		});
		offer.accept();
		expect(offer.pending).toBeNull();
		const added = list.servers.filter((entry) => entry.ephemeral);
		expect(added.map((entry) => entry.config.url)).toEqual([
			'https://mcp.example.com/other',
			'https://evil.example/mcp'
		]);
		// Same origin as a stored server, yet none of its headers travel.
		expect(added.map((entry) => entry.config.headers)).toEqual([{}, {}]);
		list.destroy();
	});

	it('connect nothing when the user declines', () => {
		const list = new McpServerList({ storage: memoryStore(), origin, autoConnect: false, includeDatasets: false });
		const offer = new LinkServerOffer(list);
		offer.offer('https://evil.example/mcp', 'share');
		offer.dismiss();
		expect(offer.pending).toBeNull();
		expect(list.servers).toHaveLength(0);
	});
});
