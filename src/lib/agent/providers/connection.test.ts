import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../tests/fixtures/fake-llm';
import { listModels, listsModel, testConnection } from '.';
import type { AutoUiError } from '$lib/shared';
import type { ProviderConfig, ProviderId } from './types';

let llm: FakeLlm;
beforeAll(async () => {
	llm = await startFakeLlm({
		apiKey: 'sk-good',
		models: ['llama3.1:latest', 'qwen2.5:7b', 'claude-sonnet-4-5-20250929']
	});
});
afterAll(() => llm.close());

describe.each<ProviderId>(['anthropic', 'openai'])('%s connection test', (provider) => {
	const config = (extra: Partial<ProviderConfig> = {}): ProviderConfig => ({
		provider,
		baseUrl: provider === 'openai' ? `${llm.url}/v1` : llm.url,
		model: 'qwen2.5:7b',
		apiKey: 'sk-good',
		retry: { baseDelayMs: 1 },
		...extra
	});

	it('lists the endpoint models, sorted', async () => {
		const models = await listModels(config());
		expect(models.map((model) => model.id)).toEqual(['claude-sonnet-4-5-20250929', 'llama3.1:latest', 'qwen2.5:7b']);
		expect(llm.requests.at(-1)!.format).toBe(provider);
	});

	it('succeeds with a clear message when the model is listed, after a real one-token request of the wire format', async () => {
		llm.setScenario({ steps: [{ text: 'OK' }] });
		const before = llm.chatRequests().length;
		const result = await testConnection(config());
		expect(llm.chatRequests().length - before).toBe(1);
		expect(llm.chatRequests().at(-1)!.format).toBe(provider);
		expect(result).toMatchObject({ ok: true, message: expect.stringContaining('Model qwen2.5:7b is available') });
	});

	it('warns when the model is not in the list', async () => {
		llm.setScenario({ steps: [{ text: 'OK' }] });
		const result = await testConnection(config({ model: 'mistral' }));
		expect(result).toMatchObject({ ok: true, warning: expect.stringContaining('mistral is not in this endpoint') });
	});

	it('fails clearly with a bad key', async () => {
		const result = await testConnection(config({ apiKey: 'sk-bad' }));
		expect(result).toMatchObject({
			ok: false,
			code: 'provider_auth',
			message: expect.stringMatching(/API key was rejected.*check Settings/)
		});
	});

	it('fails clearly without a key for a remote endpoint, before any request', async () => {
		const result = await testConnection({ provider, model: 'm' });
		expect(result).toMatchObject({
			ok: false,
			code: 'provider_auth',
			message: expect.stringContaining('needs an API key')
		});
	});
});

describe('listsModel', () => {
	it('matches aliases of listed ids', () => {
		const models = [{ id: 'llama3.1:latest' }, { id: 'claude-sonnet-4-5-20250929' }, { id: 'models/gemini-2.5-flash' }];
		expect(listsModel(models, 'llama3.1')).toBe(true);
		expect(listsModel(models, 'claude-sonnet-4-5')).toBe(true);
		expect(listsModel(models, 'gemini-2.5-flash')).toBe(true);
		expect(listsModel(models, 'llama3')).toBe(false);
	});
});

describe('testConnection without a model list', () => {
	it('falls back to a one-token request when the endpoint has no /models', async () => {
		llm.setScenario({ steps: [{ text: 'OK' }] });
		const before = llm.chatRequests().length;
		const result = await testConnection({
			provider: 'openai',
			baseUrl: `${llm.url}/v2`,
			model: 'tiny',
			apiKey: 'sk-good',
			retry: { baseDelayMs: 1 }
		});
		expect(result).toMatchObject({ ok: true, message: expect.stringContaining('tiny answered') });
		expect(llm.chatRequests().length - before).toBe(1);
		expect(llm.chatRequests().at(-1)!.body).toMatchObject({ max_tokens: 1 });
	});
});

describe('an endpoint that is not an LLM API', () => {
	let site: { url: string; close: () => Promise<void>; hits: () => number };
	beforeAll(async () => {
		const { createServer } = await import('node:http');
		let hits = 0;
		const server = createServer((request, response) => {
			hits++;
			const json = request.url?.includes('/json');
			if (request.url?.startsWith('/missing')) {
				response.writeHead(404, { 'content-type': 'text/html', 'access-control-allow-origin': '*' });
				response.end(
					'<!doctype html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>'
				);
				return;
			}
			response.writeHead(200, {
				'content-type': json ? 'application/json' : 'text/html; charset=utf-8',
				'access-control-allow-origin': '*'
			});
			response.end(
				json
					? JSON.stringify({ status: 'ok', service: 'inventory' })
					: '<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>'
			);
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as { port: number };
		site = {
			url: `http://127.0.0.1:${port}`,
			close: () => new Promise((resolve) => server.close(() => resolve())),
			hits: () => hits
		};
	});
	afterAll(() => site.close());

	it.each<ProviderId>(['anthropic', 'openai'])(
		'"Test connection" to an HTML page says it is not a %s-compatible endpoint, at once',
		async (provider) => {
			const before = site.hits();
			const result = await testConnection({ provider, baseUrl: site.url, model: 'm', retry: { baseDelayMs: 200 } });
			expect(result).toMatchObject({
				ok: false,
				code: 'provider_wrong_endpoint',
				message: expect.stringMatching(
					/^http:\/\/127\.0\.0\.1:\d+ answered 200 to (GET|POST) \/\S* with an HTML page \(text\/html\): not an? (Anthropic|OpenAI-compatible) API\. Check the base URL\./
				)
			});
			// No retries of what cannot succeed: at most the model list and one request.
			expect(site.hits() - before).toBeLessThanOrEqual(2);
		}
	);

	it.each<ProviderId>(['anthropic', 'openai'])(
		'unexpected JSON from a %s base URL is diagnosed, not reported as connected',
		async (provider) => {
			const result = await testConnection({
				provider,
				baseUrl: `${site.url}/json`,
				model: 'm',
				retry: { baseDelayMs: 200 }
			});
			expect(result).toMatchObject({
				ok: false,
				code: 'provider_wrong_endpoint',
				message: expect.stringMatching(/unexpected JSON.*"status":"ok"/)
			});
		}
	);

	it.each<ProviderId>(['anthropic', 'openai'])(
		'a %s base URL answering an HTML 404 page gets a one-line summary, the page only in details',
		async (provider) => {
			const { createProvider } = await import('.');
			const before = site.hits();
			const error = (await (
				await createProvider({ provider, baseUrl: `${site.url}/missing`, model: 'm', retry: { baseDelayMs: 200 } })
			)
				.streamTurn(
					{ system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [] },
					{}
				)
				.catch((caught: unknown) => caught)) as AutoUiError;
			const path = provider === 'anthropic' ? '/missing/v1/messages' : '/missing/chat/completions';
			const api = provider === 'anthropic' ? 'an Anthropic' : 'an OpenAI-compatible';
			expect(error).toMatchObject({ code: 'provider_wrong_endpoint' });
			expect(error.message).toMatch(
				new RegExp(
					`^${site.url.replace(/\./g, '\\.')} answered 404 to POST ${path}: not ${api} API\\. Check the base URL\\.`
				)
			);
			expect(error.message).not.toMatch(/[<>]/);
			expect(error.message).not.toContain(provider === 'anthropic' ? 'usually end in /v1' : 'has no /v1');
			expect(((error as AutoUiError).details as { body?: string }).body).toContain('<h1>Not Found</h1>');
			expect(site.hits() - before).toBe(1);
		}
	);

	it('a chat turn against an HTML page fails at once with the same diagnosis, without retries', async () => {
		const { createProvider } = await import('.');
		const provider = await createProvider({
			provider: 'openai',
			baseUrl: site.url,
			model: 'm',
			retry: { baseDelayMs: 200 }
		});
		const before = site.hits();
		const error = await provider
			.streamTurn({ system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [] }, {})
			.catch((caught: unknown) => caught);
		expect(error).toMatchObject({ code: 'provider_wrong_endpoint' });
		expect(site.hits() - before).toBe(1);
	});
});

describe('a base URL on a port browsers refuse', () => {
	it.each<ProviderId>(['anthropic', 'openai'])(
		'%s: port 9 fails at once with ERR_UNSAFE_PORT, no request and no retries',
		async (provider) => {
			const result = await testConnection({
				provider,
				baseUrl: 'http://127.0.0.1:9/v1',
				model: 'm',
				retry: { baseDelayMs: 2_000 }
			});
			expect(result).toMatchObject({
				ok: false,
				code: 'provider_network',
				message: expect.stringMatching(/refuse port 9.*ERR_UNSAFE_PORT/)
			});
			expect(result.latencyMs).toBeLessThan(1_000);
		}
	);
});
