import { describe, expect, it } from 'vitest';
import { isCrossOrigin } from './same-origin';

const request = (url: string, headers: Record<string, string>) => new Request(url, { method: 'POST', headers });

describe('isCrossOrigin', () => {
	it('accepts the page of the host the request went to, whatever scheme the server guessed', () => {
		expect(
			isCrossOrigin(
				request('https://127.0.0.1:4173/api/llm/anthropic/v1/messages', {
					origin: 'http://127.0.0.1:4173',
					host: '127.0.0.1:4173'
				})
			)
		).toBe(false);
		expect(isCrossOrigin(request('http://localhost:4173/x', { origin: 'http://localhost:4173' }))).toBe(false);
		expect(isCrossOrigin(request('http://localhost:4173/x', {}))).toBe(false);
	});

	it('refuses another host, another port and a malformed origin', () => {
		expect(
			isCrossOrigin(request('http://127.0.0.1:4173/x', { origin: 'https://evil.example', host: '127.0.0.1:4173' }))
		).toBe(true);
		expect(
			isCrossOrigin(request('http://127.0.0.1:4173/x', { origin: 'http://127.0.0.1:9999', host: '127.0.0.1:4173' }))
		).toBe(true);
		expect(isCrossOrigin(request('http://127.0.0.1:4173/x', { origin: 'null', host: '127.0.0.1:4173' }))).toBe(true);
	});
});
