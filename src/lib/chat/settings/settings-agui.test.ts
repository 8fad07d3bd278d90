import { describe, expect, it } from 'vitest';
import {
	applyUrlPresets,
	computeStatus,
	defaultSettings,
	parseSavedSettings,
	toProviderConfig
} from './settings-model';

const noKeys = { anthropic: true, openai: true };

describe('settings for an AG-UI agent', () => {
	it('takes provider=agui and the agent URL from a link, needs no key and never uses the server key', () => {
		const settings = applyUrlPresets(
			defaultSettings(),
			new URLSearchParams('provider=agui&baseUrl=http://localhost:8000/agent')
		);
		expect(settings).toMatchObject({ provider: 'agui', baseUrl: 'http://localhost:8000/agent', model: 'agent' });
		const config = toProviderConfig(settings, '', noKeys);
		expect(config).toEqual({ provider: 'agui', model: 'agent', baseUrl: 'http://localhost:8000/agent' });
		expect(computeStatus(config, null)).toEqual({ state: 'ready', detail: 'agent · localhost:8000' });
		expect(parseSavedSettings(JSON.stringify(settings)).provider).toBe('agui');
	});

	it('sends a typed token to the agent', () => {
		const settings = { ...defaultSettings('agui'), baseUrl: 'https://agents.example.com/run' };
		expect(toProviderConfig(settings, 'tok', noKeys)).toMatchObject({ apiKey: 'tok' });
	});
});
