import { describe, expect, it } from 'vitest';
import { isLocalEndpoint, needsApiKey, resolveBaseUrl } from './endpoints';

describe('isLocalEndpoint', () => {
	it('recognises loopback and private network endpoints', () => {
		for (const url of [
			'http://localhost:11434/v1',
			'http://127.0.0.1:1234/v1',
			'http://[::1]:8080',
			'http://192.168.1.20:8000/v1',
			'http://10.0.0.5/v1',
			'http://172.20.1.1:11434',
			'http://gpu-box.local:11434/v1'
		]) {
			expect(isLocalEndpoint(url), url).toBe(true);
		}
	});

	it('treats public hosts and garbage as remote', () => {
		for (const url of [
			'https://api.openai.com/v1',
			'https://openrouter.ai/api/v1',
			'http://172.32.0.1',
			'http://8.8.8.8',
			'not a url',
			'',
			undefined
		]) {
			expect(isLocalEndpoint(url), String(url)).toBe(false);
		}
	});
});

describe('resolveBaseUrl / needsApiKey', () => {
	it('uses the public API by default, the custom URL without trailing slash, or the app proxy', () => {
		expect(resolveBaseUrl({ provider: 'anthropic', model: 'm' })).toBe('https://api.anthropic.com');
		expect(resolveBaseUrl({ provider: 'openai', model: 'm', baseUrl: 'http://localhost:11434/v1/' })).toBe(
			'http://localhost:11434/v1'
		);
		expect(
			resolveBaseUrl({
				provider: 'openai',
				model: 'm',
				baseUrl: 'http://x',
				useServerKey: true,
				appOrigin: 'http://127.0.0.1:4173'
			})
		).toBe('http://127.0.0.1:4173/api/llm/openai');
	});

	it('needs a key only for remote endpoints without the server key', () => {
		expect(needsApiKey({ baseUrl: 'http://localhost:11434/v1' })).toBe(false);
		expect(needsApiKey({ baseUrl: 'https://api.groq.com/openai/v1' })).toBe(true);
		expect(needsApiKey({ useServerKey: true })).toBe(false);
	});
});
