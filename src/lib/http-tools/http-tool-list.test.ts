import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '$lib/shared';
import { memoryStorage } from '$lib/shared/testing';
import { HttpToolList } from './http-tool-list.svelte';
import { secretsKey } from './secrets';
import { toolSetsKey } from './tool-sets';

function memoryKv(): KeyValueStore & { data: Map<string, unknown> } {
	const data = new Map<string, unknown>();
	return {
		data,
		get: async (key) => data.get(key) as never,
		set: async (key, value) => void data.set(key, value),
		delete: async (key) => void data.delete(key),
		close: () => undefined
	};
}

const descriptor = JSON.stringify({
	name: 'Weather API',
	base_url: 'https://weather.example.com/v1',
	tools: [
		{
			name: 'now',
			input_schema: { type: 'object', properties: { city: { type: 'string' } } },
			http: { url: '/now/{city}', headers: { Authorization: 'Bearer ${WEATHER_TOKEN}' } }
		}
	]
});

describe('the HTTP tool list', () => {
	it('adds a pasted set as an http layer, and keeps its secret apart from the saved set', async () => {
		const store = memoryKv();
		const secretStorage = memoryStorage();
		const list = new HttpToolList({ store, secretStorage });
		const id = await list.add({ text: descriptor });
		expect(list.layers).toEqual([
			{
				protocol: 'http',
				serverName: 'weather_api',
				serverUrl: 'https://weather.example.com/v1',
				tools: [expect.objectContaining({ name: 'now', annotations: { readOnlyHint: true } })]
			}
		]);
		expect(list.sets[0].missingSecrets).toEqual(['WEATHER_TOKEN']);
		list.setSecret(id, 'WEATHER_TOKEN', 'tok-123456');
		expect(list.sets[0].missingSecrets).toEqual([]);
		expect(list.secretValues).toEqual(['tok-123456']);
		await list.ready;
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(JSON.stringify(store.data.get(toolSetsKey))).not.toContain('tok-123456');
		expect(secretStorage.data.get(secretsKey)).toContain('tok-123456');
		// Restored on the next visit, secret included (on this device).
		const again = new HttpToolList({ store, secretStorage });
		await again.ready;
		expect(again.sets.map((entry) => [entry.config.name, entry.missingSecrets])).toEqual([['weather_api', []]]);
		again.remove(id);
		expect(again.layers).toEqual([]);
		expect(secretStorage.data.get(secretsKey)).not.toContain('tok-123456');
	});

	it('keeps sets from a link and their secrets for the visit only', async () => {
		const store = memoryKv();
		const secretStorage = memoryStorage();
		const list = new HttpToolList({ store, secretStorage });
		const id = await list.add({ text: descriptor }, true);
		list.setSecret(id, 'WEATHER_TOKEN', 'visit-only-secret');
		expect(list.sets[0].ephemeral).toBe(true);
		expect(secretStorage.data.get(secretsKey) ?? '').not.toContain('visit-only-secret');
		expect(store.data.has(toolSetsKey)).toBe(false);
	});

	it('names what to fix in a bad document, and refuses a server the document does not offer', async () => {
		const list = new HttpToolList({ secretStorage: memoryStorage() });
		await expect(
			list.add({ text: '{"tools": [{"name": "x", "http": {"url": "https://a.example", "method": "FETCH"}}]}' })
		).rejects.toThrow(/^tools\[0\]\.http\.method: /);
		const openapi = JSON.stringify({
			openapi: '3.0.0',
			info: { title: 'T' },
			servers: [{ url: 'https://a.example' }, { url: 'https://b.example' }],
			paths: { '/x': { get: { responses: {} } } }
		});
		await expect(list.add({ text: openapi, baseUrl: 'https://c.example' })).rejects.toThrow(
			/is not one of the document's servers/
		);
		const id = await list.add({ text: openapi, baseUrl: 'https://b.example' });
		expect(list.layers[0].serverUrl).toBe('https://b.example');
		list.setBaseUrl(id, 'https://a.example');
		expect(list.layers[0].serverUrl).toBe('https://a.example');
	});
});
