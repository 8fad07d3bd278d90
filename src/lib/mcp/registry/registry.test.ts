import { describe, expect, it } from 'vitest';
import { memoryStore } from '../oauth/oauth';
import {
	defaultRegistryBase,
	headerTemplate,
	isBareDomain,
	parseRegistryPage,
	searchRegistry,
	wellKnownServer
} from './registry';
import { registryBaseFor, registryStorageKey, saveRegistryBase } from './registry-settings';

/** One entry in the official `/v0/servers` shape (server.json wrapped with registry metadata). */
const entry = {
	server: {
		$schema: 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json',
		name: 'io.example/weather',
		title: 'Weather',
		description: 'Forecasts by city',
		version: '1.2.0',
		packages: [{ registryType: 'npm', identifier: '@example/weather', version: '1.2.0', transport: { type: 'stdio' } }],
		remotes: [
			{ type: 'sse', url: 'https://weather.example/sse' },
			{
				type: 'streamable-http',
				url: 'https://weather.example/mcp',
				headers: [{ name: 'X-Api-Key', description: 'Your key', isRequired: true, isSecret: true }]
			}
		]
	},
	_meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } }
};

function fakeFetch(routes: Record<string, unknown>, seen: string[] = []): typeof fetch {
	return (async (input: string | URL) => {
		const url = String(input);
		seen.push(url);
		const key = Object.keys(routes).find((route) => url === route);
		if (!key) return new Response('not found', { status: 404 });
		return Response.json(routes[key]);
	}) as typeof fetch;
}

describe('registry', () => {
	it('prefers the streamable HTTP remote and keeps header names, never values', () => {
		const page = parseRegistryPage({ servers: [entry], metadata: { nextCursor: 'abc', count: 1 } });
		expect(page.nextCursor).toBe('abc');
		expect(page.servers[0]).toMatchObject({
			name: 'io.example/weather',
			version: '1.2.0',
			description: 'Forecasts by city'
		});
		expect(page.servers[0].remote).toEqual({
			transport: 'streamable-http',
			url: 'https://weather.example/mcp',
			headers: [{ name: 'X-Api-Key', description: 'Your key', required: true, secret: true }]
		});
	});

	it('starts the header lines with the required headers only, without values', () => {
		const remote = {
			transport: 'streamable-http' as const,
			url: 'https://x.example/mcp',
			headers: [
				{ name: 'X-Api-Key', required: true, secret: true },
				{ name: 'X-Region', required: false, secret: false }
			]
		};
		expect(headerTemplate(remote)).toBe('X-Api-Key: ');
	});

	it('falls back to SSE and leaves package-only entries without a remote', () => {
		const sseOnly = {
			server: { ...entry.server, name: 'a/sse', remotes: [{ type: 'sse', url: 'https://x.example/sse' }] }
		};
		const packageOnly = { server: { ...entry.server, name: 'a/pkg', remotes: undefined } };
		const { servers } = parseRegistryPage({ servers: [sseOnly, packageOnly], metadata: {} });
		expect(servers[0].remote?.transport).toBe('sse');
		expect(servers[1].remote).toBeUndefined();
	});

	it('rejects an answer that is not a registry page', () => {
		expect(() => parseRegistryPage({ items: [] })).toThrow(/registry URL/);
	});

	it('searches GET <base>/v0.1/servers with search and cursor', async () => {
		const seen: string[] = [];
		const fetcher = fakeFetch(
			{ 'http://127.0.0.1:9/reg/v0.1/servers?search=weather&cursor=c1': { servers: [entry], metadata: {} } },
			seen
		);
		const page = await searchRegistry('http://127.0.0.1:9/reg', ' weather ', 'c1', { fetch: fetcher });
		expect(page.servers.map((server) => server.name)).toEqual(['io.example/weather']);
		expect(seen).toEqual(['http://127.0.0.1:9/reg/v0.1/servers?search=weather&cursor=c1']);
	});

	it('asks /v0/servers only when the registry has no /v0.1, and names both when neither is there', async () => {
		const seen: string[] = [];
		const fetcher = fakeFetch(
			{ 'http://127.0.0.1:9/old/v0/servers?search=x': { servers: [entry], metadata: {} } },
			seen
		);
		const page = await searchRegistry('http://127.0.0.1:9/old/', 'x', undefined, { fetch: fetcher });
		expect(page.servers).toHaveLength(1);
		expect(seen).toEqual([
			'http://127.0.0.1:9/old/v0.1/servers?search=x',
			'http://127.0.0.1:9/old/v0/servers?search=x'
		]);
		await expect(searchRegistry('http://127.0.0.1:9/other', 'x', undefined, { fetch: fetcher })).rejects.toThrow(
			/answered 404 for \/other\/v0\/servers \(and has no \/v0\/servers either/
		);
	});

	it('does not fall back to /v0 when /v0.1 fails for another reason', async () => {
		const seen: string[] = [];
		const fetcher: typeof fetch = async (input) => {
			seen.push(String(input));
			return new Response('{}', { status: 500 });
		};
		await expect(searchRegistry('http://127.0.0.1:9/reg', 'x', undefined, { fetch: fetcher })).rejects.toThrow(
			/answered 500 for \/reg\/v0.1\/servers/
		);
		expect(seen).toEqual(['http://127.0.0.1:9/reg/v0.1/servers?search=x']);
	});

	it("reads a bare domain's /.well-known/mcp/server.json", async () => {
		expect(isBareDomain('weather.example')).toBe(true);
		expect(isBareDomain('https://weather.example/mcp')).toBe(false);
		expect(isBareDomain('localhost')).toBe(false);
		const fetcher = fakeFetch({ 'https://weather.example/.well-known/mcp/server.json': entry.server });
		expect((await wellKnownServer('weather.example', { fetch: fetcher }))?.remote?.url).toBe(
			'https://weather.example/mcp'
		);
		expect(await wellKnownServer('nothing.example', { fetch: fetcher })).toBeUndefined();
	});

	it('takes the registry from ?registry= for one visit, else from this device, else the official one', () => {
		const storage = memoryStore();
		expect(registryBaseFor(storage, 'https://app.example/')).toBe(defaultRegistryBase);
		expect(saveRegistryBase(storage, 'https://mirror.example/registry/')).toBe('https://mirror.example/registry');
		expect(registryBaseFor(storage, 'https://app.example/')).toBe('https://mirror.example/registry');
		expect(registryBaseFor(storage, 'https://app.example/?registry=http%3A%2F%2F127.0.0.1%3A5000')).toBe(
			'http://127.0.0.1:5000'
		);
		expect(registryBaseFor(storage, 'https://app.example/?registry=javascript:alert(1)')).toBe(
			'https://mirror.example/registry'
		);
		saveRegistryBase(storage, defaultRegistryBase);
		expect(storage.getItem(registryStorageKey)).toBeNull();
	});
});
