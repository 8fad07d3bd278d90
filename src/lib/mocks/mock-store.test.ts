import { describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/shared/testing';
import { createMemoryToolServer } from '$lib/agent/testing/memory-server';
import { MockStore } from './mock-store.svelte';
import { parseScenario } from './mock-set';

describe('mock mode', () => {
	it('answers a mocked tool from its mock, marked, without calling the server', async () => {
		const server = createMemoryToolServer('weather', 'mcp', [
			{ name: 'now', inputSchema: { type: 'object' }, handler: () => ({ temperature: 30 }) },
			{ name: 'other', inputSchema: { type: 'object' } }
		]);
		const store = new MockStore(memoryStorage());
		store.set({ server: 'weather', protocol: 'mcp', tool: 'now', template: '{"city": "{{city}}", "temperature": -2}' });
		const [wrapped] = store.wrap([server]);
		expect(await wrapped.callTool('now', { city: 'Oslo' })).toEqual({
			content: [{ type: 'text', text: '{"city":"Oslo","temperature":-2}' }],
			structuredContent: { city: 'Oslo', temperature: -2 },
			mocked: true
		});
		await wrapped.callTool('other', {});
		expect(server.calls.map((call) => call.name)).toEqual(['other']);
		store.set({ server: 'weather', protocol: 'mcp', tool: 'now', result: 'Service down', isError: true });
		expect(await wrapped.callTool('now', {})).toMatchObject({
			isError: true,
			mocked: true,
			content: [{ type: 'text', text: 'Service down' }]
		});
		store.remove({ server: 'weather', protocol: 'mcp', tool: 'now' });
		expect((await wrapped.callTool('now', {})).mocked).toBeUndefined();
	});

	it('saves, exports and loads scenarios, kept on this device', () => {
		const storage = memoryStorage();
		const store = new MockStore(storage);
		store.set({ server: 'petstore', protocol: 'http', tool: 'listPets', result: [{ name: 'Rex' }] });
		store.saveScenario('Happy path');
		const exported = store.exportScenario('Happy path');
		store.clear();
		expect(store.mocks).toEqual([]);
		const again = new MockStore(storage);
		expect(again.scenarios.map((scenario) => scenario.name)).toEqual(['Happy path']);
		again.loadScenario(exported);
		expect(again.mocks).toEqual([
			{ server: 'petstore', protocol: 'http', tool: 'listPets', result: [{ name: 'Rex' }] }
		]);
	});

	it('names the field of a bad scenario', () => {
		expect(() => parseScenario('{"format": "other"}')).toThrow(/^format: /);
		expect(() => parseScenario({ format: 'autoui-mock-scenario', version: 2, mocks: [] })).toThrow(
			/^version: must be 1/
		);
		expect(() =>
			parseScenario({
				format: 'autoui-mock-scenario',
				version: 1,
				mocks: [{ server: 's', protocol: 'ftp', tool: 't', result: 1 }]
			})
		).toThrow(/^mocks\[0\]\.protocol: /);
		expect(() =>
			parseScenario({
				format: 'autoui-mock-scenario',
				version: 1,
				mocks: [{ server: 's', protocol: 'mcp', tool: 't' }]
			})
		).toThrow(/^mocks\[0\]\.result: a mock needs/);
	});
});
