import { describe, expect, it } from 'vitest';
import { ViewGrants } from './view-grants.svelte';

function memoryStorage() {
	const values = new Map<string, string>();
	return {
		getItem: (key: string) => values.get(key) ?? null,
		setItem: (key: string, value: string) => void values.set(key, value)
	};
}

describe('what a server’s Views were allowed', () => {
	it('is remembered by server URL across pages, once each, and revoked', () => {
		const storage = memoryStorage();
		const grants = new ViewGrants(storage);
		const server = 'http://127.0.0.1:3001/mcp';
		grants.grant(server, { directive: 'script-src', source: "'unsafe-eval'" });
		grants.grant(server, { directive: 'script-src', source: "'unsafe-eval'" });
		grants.grant(server, { directive: 'connect-src', source: 'https://tiles.example' });
		expect(grants.of(server)).toHaveLength(2);
		expect(grants.of('http://127.0.0.1:3002/mcp')).toEqual([]);
		const later = new ViewGrants(storage);
		expect(later.of(server)).toEqual(grants.of(server));
		later.revoke(server, { directive: 'script-src', source: "'unsafe-eval'" });
		expect(new ViewGrants(storage).of(server)).toEqual([{ directive: 'connect-src', source: 'https://tiles.example' }]);
	});

	it('survives a broken stored value', () => {
		const storage = memoryStorage();
		storage.setItem('autoui.view-grants.v1', '{"a": [1, {"directive": "x"}], "b": 3');
		expect(new ViewGrants(storage).of('a')).toEqual([]);
	});
});
