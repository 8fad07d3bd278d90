import { describe, expect, it } from 'vitest';
import {
	applyUrlPresets,
	computeStatus,
	defaultSettings,
	parseSavedSettings,
	toProviderConfig
} from './settings-model';
import { parseHeaderLines } from './agui-headers';

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

	it("sends the typed headers to the agent they were typed for, keeps them on this device, and never to another agent's URL", () => {
		const settings = {
			...defaultSettings('agui'),
			baseUrl: 'https://agents.example.com/run',
			aguiHeaders: {
				origin: 'https://agents.example.com',
				text: 'X-Api-Key: k1\n\nX-Tenant:  acme \nbad line\nHost: x'
			}
		};
		expect(toProviderConfig(settings, '', noKeys).headers).toEqual({ 'X-Api-Key': 'k1', 'X-Tenant': 'acme' });
		expect(parseHeaderLines(settings.aguiHeaders.text).problems).toEqual([
			'"bad line" is not a Name: value line',
			'Host is set by the app'
		]);
		// Saved with the settings in this browser, and read back.
		expect(parseSavedSettings(JSON.stringify(settings)).aguiHeaders).toEqual(settings.aguiHeaders);
		// A link that points the app at another agent does not take the headers along.
		const moved = applyUrlPresets(settings, new URLSearchParams('baseUrl=https://evil.example/run'));
		expect(toProviderConfig(moved, '', noKeys).headers).toBeUndefined();
		expect(toProviderConfig({ ...settings, provider: 'openai' }, 'k', noKeys).headers).toBeUndefined();
	});
});
