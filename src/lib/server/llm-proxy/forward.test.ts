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
import { hostPolicyFromEnv } from '../host-guard';
import { serveWeb } from '../node-http';

let llm: FakeLlm;
let app: Server;
let appOrigin: string;
let config: LlmProxyConfig;

beforeAll(async () => {
	llm = await startFakeLlm({ apiKey: 'server-secret' });
	config = readLlmProxyConfig({
		ANTHROPIC_API_KEY: 'server-secret',
		ANTHROPIC_BASE_URL: llm.url,
		OPENAI_API_KEY: 'server-secret',
		OPENAI_BASE_URL: `${llm.url}/v1/`
	});
	({ origin: appOrigin, server: app } = await serveWeb((request) => {
		// The SDKs run in Node here; a browser adds Sec-Fetch-Site to every request of the page.
		request.headers.set('sec-fetch-site', 'same-origin');
		const [provider, ...rest] = new URL(request.url).pathname.replace(/^\/api\/llm\//, '').split('/');
		return forwardLlmRequest(request, provider, rest.join('/'), config);
	}));
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
		const turn = await model.streamTurn({
			system: 's',
			messages: [{ role: 'user', content: [{ type: 'text', text: 'q' }] }],
			tools: []
		});
		expect(turn.message.content).toEqual([{ type: 'text', text: 'Proxied answer.' }]);
		expect(llm.requests.at(-1)).toMatchObject({ status: 200, authenticated: true });
	});

	it('lists models through the proxy, query string included', async () => {
		const models = await listModels({ provider, model: '', useServerKey: true, appOrigin });
		expect(models.map((model) => model.id)).toContain('fake-model');
	});
});

describe('forwardLlmRequest guards', () => {
	const request = (path: string, init: RequestInit = {}) =>
		new Request(`http://127.0.0.1:4173/api/llm/${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
			body: '{}',
			...init
		});

	it('refuses other origins, other paths and other methods', async () => {
		expect(
			(
				await forwardLlmRequest(
					request('anthropic/v1/messages', {
						headers: { origin: 'https://evil.test', 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }
					}),
					'anthropic',
					'v1/messages',
					config
				)
			).status
		).toBe(403);
		expect((await forwardLlmRequest(request('openai/files'), 'openai', 'files', config)).status).toBe(404);
		expect((await forwardLlmRequest(request('openai/models'), 'openai', 'models', config)).status).toBe(405);
		expect((await forwardLlmRequest(request('x/y'), 'x', 'y', config)).status).toBe(404);
		expect(
			(
				await forwardLlmRequest(
					request('openai/chat/completions', {
						headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' }
					}),
					'openai',
					'chat/completions',
					config
				)
			).status
		).toBe(415);
	});

	it('says which variable to set when the server has no key', async () => {
		const response = await forwardLlmRequest(request('anthropic/v1/messages'), 'anthropic', 'v1/messages', {});
		expect(response.status).toBe(401);
		expect(await response.json()).toMatchObject({
			error: { type: 'authentication_error', message: expect.stringContaining('ANTHROPIC_API_KEY') }
		});
	});

	it('answers 502 in the provider shape when the upstream is unreachable', async () => {
		const response = await forwardLlmRequest(request('openai/chat/completions'), 'openai', 'chat/completions', {
			openai: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9' }
		});
		expect(response.status).toBe(502);
		expect((await response.json()).error.message).toMatch(/could not reach http:\/\/127.0.0.1:9/);
	});
});

describe('forwardLlmRequest attack suite: path tricks and redirects', () => {
	/** A fake upstream that records every URL it is asked for, with the key it received. */
	function recordingUpstream(
		answer: () => Response = () => new Response('{"data":[]}', { headers: { 'content-type': 'application/json' } })
	) {
		const calls: Array<{ url: string; key: string | null; redirect?: RequestRedirect }> = [];
		const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
			const headers = new Headers(init?.headers);
			calls.push({
				url: String(input),
				key: headers.get('authorization') ?? headers.get('x-api-key'),
				redirect: init?.redirect
			});
			return answer();
		}) as typeof fetch;
		return { calls, fetchImpl };
	}
	const upstreams: LlmProxyConfig = {
		openai: { apiKey: 'sk-server', baseUrl: 'https://api.openai.test/v1' },
		anthropic: { apiKey: 'sk-ant-server', baseUrl: 'https://api.anthropic.test' }
	};
	/** What SvelteKit hands the route: the raw URL, and the decoded rest parameter. */
	const forward = (provider: string, rawPath: string, fetchImpl: typeof fetch, method = 'GET') => {
		const headers = {
			'sec-fetch-site': 'same-origin',
			...(method === 'POST' ? { 'content-type': 'application/json' } : {})
		};
		const request = new Request(`http://127.0.0.1:4173/api/llm/${provider}/${rawPath}`, {
			method,
			headers,
			...(method === 'POST' ? { body: '{}' } : {})
		});
		return forwardLlmRequest(request, provider, decodeURIComponent(rawPath), upstreams, { fetch: fetchImpl });
	};

	it.each([
		['openai', 'models/..%2Ffiles'],
		['openai', 'models/x%2F..%2F..%2Forganization%2Fadmin_api_keys'],
		['openai', 'models/%2E%2E/files'],
		['openai', 'models/..'],
		['openai', 'models/.'],
		['openai', 'models/a/../../files'],
		['openai', 'models/a%5C..%5Cfiles'],
		['openai', 'models//files'],
		['anthropic', 'v1/models/..%2F..%2Fv1%2Forganizations'],
		['anthropic', 'v1/models/%2e%2e'],
		['anthropic', 'v1/models/a%2Fb']
	])('%s %s is refused and never reaches the provider', async (provider, rawPath) => {
		const upstream = recordingUpstream();
		const response = await forward(provider, rawPath, upstream.fetchImpl);
		expect(response.status).toBe(404);
		expect(upstream.calls).toEqual([]);
	});

	it('still forwards the exact allowed paths, model ids with slashes included', async () => {
		const upstream = recordingUpstream();
		for (const [provider, path, method] of [
			['openai', 'models', 'GET'],
			['openai', 'models/gpt-4.1-mini', 'GET'],
			['openai', 'models/meta-llama/Llama-3.3-70B', 'GET'],
			['openai', 'chat/completions', 'POST'],
			['anthropic', 'v1/models', 'GET'],
			['anthropic', 'v1/models/claude-haiku-4-5', 'GET'],
			['anthropic', 'v1/messages', 'POST']
		]) {
			expect((await forward(provider, path, upstream.fetchImpl, method)).status, path).toBe(200);
		}
		expect(upstream.calls.map((call) => call.url)).toEqual([
			'https://api.openai.test/v1/models',
			'https://api.openai.test/v1/models/gpt-4.1-mini',
			'https://api.openai.test/v1/models/meta-llama/Llama-3.3-70B',
			'https://api.openai.test/v1/chat/completions',
			'https://api.anthropic.test/v1/models',
			'https://api.anthropic.test/v1/models/claude-haiku-4-5',
			'https://api.anthropic.test/v1/messages'
		]);
	});

	it('never follows an upstream redirect: the key stays with the provider and the redirect is an error', async () => {
		const upstream = recordingUpstream(
			() => new Response(null, { status: 307, headers: { location: 'https://collector.evil.test/steal' } })
		);
		const response = await forward('anthropic', 'v1/messages', upstream.fetchImpl, 'POST');
		expect(upstream.calls).toHaveLength(1);
		expect(upstream.calls[0].redirect).toBe('manual');
		expect(response.status).toBe(502);
		expect((await response.json()).error.message).toMatch(
			/redirected.*collector\.evil\.test.*does not follow redirects/
		);
	});
});

describe('the key proxy against a real redirecting upstream', () => {
	it('does not deliver the key to the origin a 307 points to', async () => {
		const seen: Array<string | undefined> = [];
		const collector = createServer((incoming, outgoing) => {
			seen.push(incoming.headers['x-api-key'] as string | undefined);
			outgoing.end('{}');
		});
		await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
		const collectorUrl = `http://127.0.0.1:${(collector.address() as { port: number }).port}`;
		const redirecting = createServer((_incoming, outgoing) => {
			outgoing.writeHead(307, { location: `${collectorUrl}/v1/models` });
			outgoing.end();
		});
		await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
		const redirectingUrl = `http://127.0.0.1:${(redirecting.address() as { port: number }).port}`;
		try {
			const request = new Request('http://127.0.0.1:4173/api/llm/anthropic/v1/models', {
				headers: { 'sec-fetch-site': 'same-origin' }
			});
			const response = await forwardLlmRequest(request, 'anthropic', 'v1/models', {
				anthropic: { apiKey: 'sk-ant-secret', baseUrl: redirectingUrl }
			});
			expect(response.status).toBe(502);
			expect(seen).toEqual([]);
		} finally {
			await new Promise((resolve) => collector.close(resolve));
			await new Promise((resolve) => redirecting.close(resolve));
		}
	});
});

describe('the key proxy against DNS rebinding and requests from outside the page', () => {
	const upstreams: LlmProxyConfig = { openai: { apiKey: 'sk-server', baseUrl: 'https://api.openai.test/v1' } };
	const calls: string[] = [];
	const fetchImpl = (async (input: RequestInfo | URL) => {
		calls.push(String(input));
		return new Response('{"data":[]}', { headers: { 'content-type': 'application/json' } });
	}) as typeof fetch;
	const models = (url: string, headers: Record<string, string>, hosts = hostPolicyFromEnv({})) =>
		forwardLlmRequest(new Request(url, { headers }), 'openai', 'models', upstreams, { fetch: fetchImpl, hosts });

	it("refuses a rebinding page (its own origin, but not one of the app's names) and requests without same-origin evidence", async () => {
		const rebinding = await models('http://evil.example:4173/api/llm/openai/models', {
			host: 'evil.example:4173',
			origin: 'http://evil.example:4173',
			'sec-fetch-site': 'same-origin'
		});
		expect(rebinding.status).toBe(403);
		expect((await rebinding.json()).error.message).toMatch(/own host names.*ORIGIN or ALLOWED_HOSTS/);
		expect((await models('http://127.0.0.1:4173/api/llm/openai/models', { host: '127.0.0.1:4173' })).status).toBe(403);
		expect(
			(
				await models('http://127.0.0.1:4173/api/llm/openai/models', {
					host: '127.0.0.1:4173',
					'sec-fetch-site': 'cross-site'
				})
			).status
		).toBe(403);
		expect(calls).toEqual([]);
	});

	it("serves the app's own pages under loopback names and the configured ones", async () => {
		expect(
			(
				await models('http://localhost:4173/api/llm/openai/models', {
					host: 'localhost:4173',
					'sec-fetch-site': 'same-origin'
				})
			).status
		).toBe(200);
		const deployed = hostPolicyFromEnv({ ORIGIN: 'https://autoui.example.com' });
		expect(
			(
				await models(
					'https://autoui.example.com/api/llm/openai/models',
					{ host: 'autoui.example.com', 'sec-fetch-site': 'same-origin' },
					deployed
				)
			).status
		).toBe(200);
		expect(calls).toHaveLength(2);
	});
});
