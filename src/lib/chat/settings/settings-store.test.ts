import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/shared/testing';
import { startFakeLlm, type FakeLlm } from '../../../../tests/fixtures/fake-llm';
import { SettingsStore } from './settings-store.svelte';
import { storageKeys } from './settings-model';

const page = 'http://127.0.0.1:4173/';

/** A store opened on `url` whose link offer (if any) the user accepted. */
function accepted(options: ConstructorParameters<typeof SettingsStore>[0]): SettingsStore {
	const store = new SettingsStore({ session: null, ...options });
	store.acceptLink();
	return store;
}

describe('SettingsStore', () => {
	it('starts not configured, asking for a key for the public API', () => {
		const store = new SettingsStore({ storage: memoryStorage(), url: page });
		expect(store.provider).toBe('anthropic');
		expect(store.status).toEqual({ state: 'not-configured', detail: 'add an API key' });
		store.save({ apiKey: 'sk-ant-1' });
		expect(store.status.state).toBe('ready');
		expect(store.status.detail).toBe(`${store.model} · Anthropic`);
		expect(store.config).toEqual({ provider: 'anthropic', model: store.model, apiKey: 'sk-ant-1' });
	});

	it('takes provider, baseUrl and model from the URL, but never a key', () => {
		const store = accepted({
			storage: memoryStorage(),
			url: `${page}?provider=openai&baseUrl=${encodeURIComponent('http://localhost:11434/v1')}&model=llama3.1&apiKey=sk-leak&key=sk-leak`
		});
		expect(store.config).toEqual({ provider: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'llama3.1' });
		expect(store.apiKey).toBe('');
		expect(JSON.stringify(store.config)).not.toContain('sk-leak');
	});

	it("remembers a link's provider, base URL and model like a choice in the settings, never a key", () => {
		const storage = memoryStorage();
		const ollama = `${page}?provider=openai&baseUrl=${encodeURIComponent('http://localhost:11434/v1')}&model=qwen2.5:7b&apiKey=sk-leak&key=sk-leak`;
		accepted({ storage, url: ollama });
		const reloaded = new SettingsStore({ storage, url: page });
		expect(reloaded.config).toEqual({ provider: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5:7b' });
		expect(reloaded.status.state).toBe('ready');
		expect([...storage.data.values()].join()).not.toContain('sk-leak');
		// A well-known endpoint is remembered too; an unknown remote host only for that visit.
		accepted({
			storage,
			url: `${page}?provider=openai&baseUrl=${encodeURIComponent('https://api.groq.com/openai/v1')}&model=llama`
		});
		expect(new SettingsStore({ storage, url: page }).baseUrl).toBe('https://api.groq.com/openai/v1');
		accepted({ storage, url: `${page}?baseUrl=${encodeURIComponent('https://llm.unknown.example/v1')}` });
		expect(new SettingsStore({ storage, url: page }).baseUrl).toBe('https://api.groq.com/openai/v1');
	});

	it('ignores invalid URL presets', () => {
		const store = new SettingsStore({
			storage: memoryStorage(),
			url: `${page}?provider=gemini&baseUrl=javascript:alert(1)`
		});
		expect(store.provider).toBe('anthropic');
		expect(store.baseUrl).toBe('');
	});

	it('needs no key for a local endpoint', () => {
		const store = new SettingsStore({ storage: memoryStorage(), url: page });
		store.save({ provider: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5' });
		expect(store.status).toEqual({ state: 'ready', detail: 'qwen2.5 · localhost:11434' });
		store.save({ baseUrl: 'https://api.groq.com/openai/v1' });
		expect(store.status.state).toBe('not-configured');
	});

	it('keeps the key in memory only, unless remember is ticked; unticking forgets it', () => {
		const storage = memoryStorage();
		const store = new SettingsStore({ storage, url: page });
		store.save({ apiKey: 'sk-ant-secret' });
		expect([...storage.data.values()].join()).not.toContain('sk-ant-secret');
		expect(new SettingsStore({ storage, url: page }).apiKey).toBe('');

		store.save({ rememberKey: true });
		expect(storage.getItem(storageKeys.keys)).toContain('sk-ant-secret');
		expect(new SettingsStore({ storage, url: page }).apiKey).toBe('sk-ant-secret');

		store.save({ rememberKey: false });
		expect(storage.getItem(storageKeys.keys)).toBeNull();
		expect(new SettingsStore({ storage, url: page }).apiKey).toBe('');
		expect(store.apiKey).toBe('sk-ant-secret');
		store.forgetKeys();
		expect(store.apiKey).toBe('');
	});

	it('never sends a remembered key to another origin preset by a link', () => {
		const storage = memoryStorage();
		const store = new SettingsStore({ storage, url: page });
		store.save({ provider: 'openai', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-openai', rememberKey: true });
		const lured = accepted({
			storage,
			url: `${page}?baseUrl=${encodeURIComponent('https://evil.example/v1')}`
		});
		expect(lured.baseUrl).toBe('https://evil.example/v1');
		expect(lured.apiKey).toBe('');
		expect(lured.config.apiKey).toBeUndefined();
		expect(new SettingsStore({ storage, url: page }).apiKey).toBe('sk-openai');
	});

	it('uses the server key automatically when the server has one and no key was typed', async () => {
		const fetch = (async () =>
			new Response(
				JSON.stringify({ serverKeys: { anthropic: true, openai: false } })
			)) as unknown as typeof globalThis.fetch;
		const store = new SettingsStore({ storage: memoryStorage(), url: page, fetch });
		await store.loadServerConfig();
		expect(store.useServerKey).toBe(true);
		expect(store.config).toEqual({ provider: 'anthropic', model: store.model, useServerKey: true });
		expect(store.status).toEqual({ state: 'ready', detail: `${store.model} · Anthropic via server key` });
		store.save({ apiKey: 'sk-mine' });
		expect(store.useServerKey).toBe(false);
		store.save({ useServerKey: true });
		expect(store.config.apiKey).toBeUndefined();
	});

	it('survives a missing /api/llm/config and corrupt storage', async () => {
		const fetch = (async () => {
			throw new TypeError('offline');
		}) as unknown as typeof globalThis.fetch;
		const store = new SettingsStore({
			storage: memoryStorage({ [storageKeys.settings]: '{not json', [storageKeys.keys]: '[1,2]' }),
			url: page,
			fetch
		});
		await store.loadServerConfig();
		expect(store.serverKeys).toEqual({ anthropic: false, openai: false });
		expect(store.provider).toBe('anthropic');
	});

	it('opens and closes the dialog', () => {
		const store = new SettingsStore({ storage: memoryStorage(), url: page });
		store.openDialog();
		expect(store.dialogOpen).toBe(true);
		store.closeDialog();
		expect(store.dialogOpen).toBe(false);
	});
});

describe('SettingsStore.testConnection', () => {
	let llm: FakeLlm;
	beforeAll(async () => {
		llm = await startFakeLlm({ apiKey: 'sk-good', models: ['llama3.1:latest'] });
	});
	afterAll(() => llm.close());

	it('shows a failed test of the current settings in the status, and clears it on success', async () => {
		const store = new SettingsStore({ storage: memoryStorage(), url: page });
		store.save({ provider: 'openai', baseUrl: `${llm.url}/v1`, model: 'llama3.1', apiKey: 'sk-bad' });
		const failed = await store.testConnection();
		expect(failed.ok).toBe(false);
		expect(store.status.state).toBe('error');
		expect(store.status.detail).toMatch(/API key was rejected/);
		store.save({ apiKey: 'sk-good' });
		expect(store.status.state).toBe('ready');
		llm.setScenario({ steps: [{ text: 'OK' }] });
		const passed = await store.testConnection();
		expect(passed).toMatchObject({ ok: true, message: expect.stringContaining('llama3.1 is available') });
	});

	it('reports errors from chat turns until the settings change', () => {
		const store = new SettingsStore({ storage: memoryStorage(), url: page });
		store.save({ apiKey: 'x' });
		store.reportError('the API key was rejected by Anthropic — check Settings');
		expect(store.status).toEqual({
			state: 'error',
			detail: `${store.settings.model} · the API key was rejected by Anthropic — check Settings`
		});
		store.save({ model: 'claude-haiku-4-5' });
		expect(store.status.state).toBe('ready');
	});
});
