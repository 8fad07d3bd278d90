/**
 * A link silently handed the conversation and the tools to another agent: `?provider=agui&
 * baseUrl=…` switched the chat's model with no prompt. Now it is an offer the user accepts or
 * declines; until then the current provider stays.
 */
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/shared/testing';
import { SettingsStore } from './settings-store.svelte';
import { agentLinkOffer } from './link-agent';
import { defaultSettings } from './settings-model';

const page = 'https://autoui.example/';
const mine = { provider: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5' } as const;

function withMine(session: Storage | null = memoryStorage()) {
	const storage = memoryStorage();
	new SettingsStore({ storage, session: null, url: page }).save(mine);
	return { storage, session };
}

describe('a link that changes the agent', () => {
	it('a provider link switched the agent silently: now the current provider stays until the user accepts, naming the host', () => {
		const { storage, session } = withMine();
		const url = `${page}?provider=agui&baseUrl=${encodeURIComponent('https://agent.attacker.example/run')}`;
		const store = new SettingsStore({ storage, session, url });
		expect(store.config).toMatchObject(mine);
		expect(store.linkOffer).toMatchObject({
			host: 'agent.attacker.example',
			newEndpoint: true,
			details: ['AG-UI agent', 'https://agent.attacker.example/run', 'model agent']
		});
		// Declined: nothing changes, now or after a reload of the plain page.
		store.dismissLink();
		expect(store.linkOffer).toBeNull();
		expect(store.config).toMatchObject(mine);
		expect(new SettingsStore({ storage, session, url: page }).config).toMatchObject(mine);
		// The same link again asks again; accepted, it applies for the visit (an unknown host is not remembered).
		const again = new SettingsStore({ storage, session, url });
		expect(again.linkOffer?.host).toBe('agent.attacker.example');
		expect(again.acceptLink()?.newEndpoint).toBe(true);
		expect(again.config).toMatchObject({ provider: 'agui', baseUrl: 'https://agent.attacker.example/run' });
		expect(new SettingsStore({ storage, session, url: page }).config).toMatchObject(mine);
		// A reload of the accepted link in the same tab does not ask again.
		const reloaded = new SettingsStore({ storage, session, url });
		expect(reloaded.linkOffer).toBeNull();
		expect(reloaded.provider).toBe('agui');
		// Another tab (another sessionStorage) asks.
		expect(new SettingsStore({ storage, session: memoryStorage(), url }).linkOffer).not.toBeNull();
	});

	it('asks for openai and anthropic base URLs and for a model change alone; a link naming the current settings does not', () => {
		const { storage } = withMine();
		const openai = new SettingsStore({
			storage,
			session: null,
			url: `${page}?provider=openai&baseUrl=${encodeURIComponent('https://llm.other.example/v1')}&model=m`
		});
		expect(openai.linkOffer).toMatchObject({ host: 'llm.other.example', newEndpoint: true });
		const anthropic = new SettingsStore({ storage, session: null, url: `${page}?provider=anthropic` });
		expect(anthropic.linkOffer).toMatchObject({ host: 'api.anthropic.com', newEndpoint: true });
		const model = new SettingsStore({ storage, session: null, url: `${page}?model=other-model` });
		expect(model.linkOffer).toMatchObject({ host: 'localhost:11434', newEndpoint: false });
		expect(model.model).toBe('qwen2.5');
		const same = new SettingsStore({
			storage,
			session: null,
			url: `${page}?provider=openai&baseUrl=${encodeURIComponent(mine.baseUrl)}&model=qwen2.5`
		});
		expect(same.linkOffer).toBeNull();
	});

	it('names where an on-device model runs', () => {
		expect(agentLinkOffer(defaultSettings(), { ...defaultSettings('local'), model: 'm.gguf' })?.host).toBe(
			'this browser (a model file)'
		);
	});
});
