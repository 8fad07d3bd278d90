/**
 * The key proxy end to end: the real SDKs (no key in the browser) → a Node server running
 * forwardLlmRequest → the fake LLM, which only accepts the server's key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { startFakeLlm, type FakeLlm } from '../../../../tests/fixtures/fake-llm';
import { createProvider, listModels } from '$lib/agent/providers';
import type { ProviderId } from '$lib/agent/providers';
import { publicLlmConfig, readLlmProxyConfig, type LlmProxyConfig } from './config';
import { forwardLlmRequest } from './forward';
import { toWebRequest, writeWebResponse } from '../node-http';

let llm: FakeLlm;
let app: Server;
let appOrigin: string;
let config: LlmProxyConfig;

beforeAll(async () => {
	llm = await startFakeLlm({ apiKey: 'server-secret' });
	config = readLlmProxyConfig({ ANTHROPIC_API_KEY: 'server-secret', ANTHROPIC_BASE_URL: llm.url, OPENAI_API_KEY: 'server-secret', OPENAI_BASE_URL: `${llm.url}/v1/` });
	app = createServer(async (incoming, outgoing) => {
		const request = await toWebRequest(incoming, appOrigin);
		const [provider, ...rest] = new URL(request.url).pathname.replace(/^\/api\/llm\//, '').split('/');
		await writeWebResponse(await forwardLlmRequest(request, provider, rest.join('/'), config), outgoing);
	});
	await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
	appOrigin = `http://127.0.0.1:${(app.address() as { port: number }).port}`;
});
afterAll(async () => {
	await new Promise((resolve) => app.close(resolve));
	await llm.close();
});

describe('readLlmProxyConfig', () => {
	it('keeps only providers with a key and never shows keys to the browser', () => {
		const read = readLlmProxyConfig({ OPENAI_API_KEY: ' sk-1 ', ANTHROPIC_API_KEY: '' });
		expect(read).toEqual({ openai: { apiKey: 'sk-1', baseUrl: 'https://api.openai.com/v1' } });
		expect(publicLlmConfig(read)).toEqual({ serverKeys: { anthropic: false, openai: true } });
	});
});

describe.each<ProviderId>(['anthropic', 'openai'])('%s through the key proxy', (provider) => {
	it('streams a turn with the server key while the browser sends none', async () => {
		llm.setScenario({ steps: [{ text: 'Proxied answer.' }] });
		const model = await createProvider({ provider, model: 'fake-model', useServerKey: true, appOrigin });
		const turn = await model.streamTurn({ system: 's', messages: [{ role: 'user', content: [{ type: 'text', text: 'q' }] }], tools: [] });
		expect(turn.message.content).toEqual([{ type: 'text', text: 'Proxied answer.' }]);
		expect(llm.requests.at(-1)).toMatchObject({ status: 200, authenticated: true });
	});

	it('lists models through the proxy, query string included', async () => {
		const models = await listModels({ provider, model: '', useServerKey: true, appOrigin });
		expect(models.map((model) => model.id)).toContain('fake-model');
	});
});

describe('forwardLlmRequest guards', () => {
	const request = (path: string, init: RequestInit = {}) => new Request(`http://app.test/api/llm/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', ...init });

	it('refuses other origins, other paths and other methods', async () => {
		expect((await forwardLlmRequest(request('anthropic/v1/messages', { headers: { origin: 'https://evil.test', 'content-type': 'application/json' } }), 'anthropic', 'v1/messages', config)).status).toBe(403);
		expect((await forwardLlmRequest(request('openai/files'), 'openai', 'files', config)).status).toBe(404);
		expect((await forwardLlmRequest(request('openai/models'), 'openai', 'models', config)).status).toBe(405);
		expect((await forwardLlmRequest(request('x/y'), 'x', 'y', config)).status).toBe(404);
		expect((await forwardLlmRequest(request('openai/chat/completions', { headers: { 'content-type': 'text/plain' } }), 'openai', 'chat/completions', config)).status).toBe(415);
	});

	it('says which variable to set when the server has no key', async () => {
		const response = await forwardLlmRequest(request('anthropic/v1/messages'), 'anthropic', 'v1/messages', {});
		expect(response.status).toBe(401);
		expect(await response.json()).toMatchObject({ error: { type: 'authentication_error', message: expect.stringContaining('ANTHROPIC_API_KEY') } });
	});

	it('answers 502 in the provider shape when the upstream is unreachable', async () => {
		const response = await forwardLlmRequest(request('openai/chat/completions'), 'openai', 'chat/completions', { openai: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9' } });
		expect(response.status).toBe(502);
		expect((await response.json()).error.message).toMatch(/could not reach http:\/\/127.0.0.1:9/);
	});
});
