import { describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/shared/testing';
import { SettingsStore } from './settings-store.svelte';

const page = 'http://127.0.0.1:4173/';

describe('on-device providers in the settings', () => {
	it('?provider=local asks for a model file, never for a key, and keeps the loaded file across visits', () => {
		const storage = memoryStorage();
		const store = new SettingsStore({ storage, session: null, url: `${page}?provider=local` });
		// A link that changes the provider asks first, on-device ones included.
		expect(store.provider).toBe('anthropic');
		expect(store.acceptLink()?.host).toBe('this browser (a model file)');
		expect(store.provider).toBe('local');
		expect(store.status).toEqual({ state: 'not-configured', detail: 'choose a model file' });
		store.save({ model: 'stories260K.gguf', apiKey: 'sk-never-sent' });
		expect(store.config).toEqual({ provider: 'local', model: 'stories260K.gguf' });
		expect(store.status).toEqual({ state: 'ready', detail: 'stories260K.gguf · in this browser' });
		const reloaded = new SettingsStore({ storage, url: `${page}?provider=local` });
		expect(reloaded.config).toEqual({ provider: 'local', model: 'stories260K.gguf' });
	});

	it('the browser model needs no key either, and no server key applies to on-device providers', () => {
		const store = new SettingsStore({ storage: memoryStorage(), session: null, url: `${page}?provider=browser` });
		store.acceptLink();
		expect(store.config).toEqual({ provider: 'browser', model: 'built-in' });
		expect(store.status).toEqual({ state: 'ready', detail: 'built-in · built into the browser' });
		expect(store.useServerKey).toBe(false);
	});
});
