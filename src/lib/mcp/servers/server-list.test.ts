import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServerList } from './server-list.svelte';
import { memoryStore } from '../oauth/oauth';
import { storageKey } from './server-config';
import { startEverything, startFixtureServer, type RunningServer } from '../../../../tests/fixtures/mcp/launchers';

const origin = 'http://127.0.0.1:1';

describe('McpServerList', () => {
	let server: RunningServer & { sseUrl: string };
	beforeAll(async () => {
		server = await startFixtureServer();
	});
	afterAll(async () => server?.stop());

	it('adds a server, connects it, counts its tools and exposes its layer', async () => {
		const list = new McpServerList({ storage: memoryStore(), origin, includeDatasets: false });
		const id = list.add({ url: server.url, headers: { 'X-Team': 'blue' } });
		expect(list.servers[0].runtime.status).toBe('connecting');
		await expect.poll(() => list.servers[0].runtime.status, { timeout: 10_000 }).toBe('connected');
		expect(list.servers[0].config.name).toBe('fixture');
		expect(list.servers[0].runtime.tools).toHaveLength(27);
		expect(list.connections.map((connection) => connection.name)).toEqual([list.servers[0].config.name]);
		expect(list.layers[0].tools).toHaveLength(27);
		expect(list.summary).toEqual({ status: 'connected', detail: '1/1 connected · 27 tools' });
		list.disable(id);
		expect(list.servers[0].runtime.status).toBe('disabled');
		expect(list.connections).toEqual([]);
		list.enable(id);
		await expect.poll(() => list.servers[0].runtime.status, { timeout: 10_000 }).toBe('connected');
		list.destroy();
	});

	it('persists the list with headers on this device, and exports it without them', async () => {
		const storage = memoryStore();
		const list = new McpServerList({ storage, origin, autoConnect: false });
		list.add({
			url: server.url,
			name: 'Fixture Server',
			headers: { Authorization: 'Bearer secret-token' },
			transport: 'streamable-http'
		});
		list.destroy();
		const saved = storage.getItem(storageKey)!;
		expect(saved).toContain('secret-token');
		const reloaded = new McpServerList({ storage, origin, autoConnect: false });
		expect(reloaded.servers.map((entry) => entry.config.name)).toEqual(['datasets', 'fixture_server']);
		expect(reloaded.servers[1].config.headers).toEqual({ Authorization: 'Bearer secret-token' });
		const exported = JSON.stringify(reloaded.exportConfig());
		expect(exported).not.toContain('secret-token');
		expect(exported).not.toContain('Authorization');
		expect(exported).toContain('fixture_server');
	});

	it('includes the built-in datasets server, which can be disabled but not removed', () => {
		const storage = memoryStore();
		const list = new McpServerList({ storage, origin, autoConnect: false });
		const datasets = list.servers[0];
		expect(datasets.config).toMatchObject({
			name: 'datasets',
			url: `${origin}/mcp/datasets`,
			builtin: true,
			enabled: true
		});
		expect(() => list.remove(datasets.config.id)).toThrow(/cannot be removed/);
		list.disable(datasets.config.id);
		const reloaded = new McpServerList({ storage, origin, autoConnect: false });
		expect(reloaded.servers[0].config.enabled).toBe(false);
		expect(reloaded.servers[0].runtime.status).toBe('disabled');
	});

	it('connects the mcp URL parameter for this visit only', async () => {
		const storage = memoryStore();
		const list = new McpServerList({ storage, origin, includeDatasets: false });
		const errors = list.fromUrlParam(`${server.url}, not a url ,${server.url}`);
		expect(errors).toHaveLength(1);
		expect(list.servers).toHaveLength(1);
		expect(list.servers[0].ephemeral).toBe(true);
		await expect.poll(() => list.servers[0].runtime.status, { timeout: 10_000 }).toBe('connected');
		expect(storage.getItem(storageKey)).toBeNull();
		list.destroy();
	});

	it('rejects bad input with actionable errors and keeps names unique', () => {
		const list = new McpServerList({ storage: memoryStore(), origin, autoConnect: false, includeDatasets: false });
		expect(() => list.add({ url: 'ftp://example.com' })).toThrow(/http/);
		expect(() => list.add({ url: 'https://example.com/mcp', headers: { 'Bad Header': 'x' } })).toThrow(
			/not a valid HTTP header name/
		);
		list.add({ url: 'https://mcp.example.com/mcp' });
		list.add({ url: 'https://example.com/other' });
		expect(list.servers.map((entry) => entry.config.name)).toEqual(['example', 'example_2']);
	});

	it('shows the doctor diagnosis when a server cannot be reached', async () => {
		const list = new McpServerList({ storage: memoryStore(), origin, includeDatasets: false });
		list.add({ url: server.url.replace('/mcp', '/wrong') });
		await expect.poll(() => list.servers[0].runtime.diagnosis?.code, { timeout: 10_000 }).toBe('not_found');
		expect(list.servers[0].runtime.status).toBe('error');
		expect(list.servers[0].runtime.diagnosis?.suggestedUrl).toBe(server.url);
		expect(list.summary.status).toBe('error');
		list.destroy();
	});

	it('reports partial health when only some servers fail', async () => {
		const list = new McpServerList({ storage: memoryStore(), origin, includeDatasets: false });
		list.add({ url: server.url });
		list.add({ url: server.url.replace('/mcp', '/wrong') });
		await expect
			.poll(
				() =>
					list.servers
						.map((entry) => entry.runtime.status)
						.sort()
						.join(),
				{ timeout: 10_000 }
			)
			.toBe('connected,error');
		expect(list.summary).toMatchObject({
			status: 'partial',
			detail: expect.stringMatching(/^1 failing · 1\/2 connected/)
		});
		list.destroy();
	});

	it('names a server from its serverInfo, not its port, when the user gave no name: unique and stable across reloads', async () => {
		const everything = await startEverything({ mode: 'streamableHttp' });
		const second = await startFixtureServer();
		const storage = memoryStore();
		try {
			const visit = new McpServerList({ storage, origin, includeDatasets: false });
			visit.fromUrlParam(everything.url);
			await expect.poll(() => visit.servers[0].runtime.status, { timeout: 15_000 }).toBe('connected');
			expect(visit.servers[0].config.name).toBe('everything');
			expect(visit.servers[0].runtime.serverName).toBe('Everything Reference Server');
			expect(visit.layers[0].serverName).toBe('everything');
			visit.destroy();

			const list = new McpServerList({ storage, origin, includeDatasets: false });
			list.add({ url: server.url });
			list.add({ url: second.url });
			list.add({ url: `${server.url}?profile=x`, name: 'Mine' });
			await expect
				.poll(() => list.servers.map((entry) => entry.runtime.status).join(), { timeout: 15_000 })
				.toBe('connected,connected,connected');
			expect(list.servers.map((entry) => entry.config.name).sort()).toEqual(['fixture', 'fixture_2', 'mine']);
			const names = list.servers.map((entry) => entry.config.name);
			list.destroy();
			const reloaded = new McpServerList({ storage, origin, includeDatasets: false, autoConnect: false });
			expect(reloaded.servers.map((entry) => entry.config.name)).toEqual(names);
		} finally {
			await everything.stop();
			await second.stop();
		}
	});

	it('adding a URL that is already in the list says so', () => {
		const list = new McpServerList({ storage: memoryStore(), origin, autoConnect: false });
		list.add({ url: 'https://mcp.example.com/mcp', name: 'Example' });
		expect(() => list.add({ url: 'https://mcp.example.com/mcp#x' })).toThrow(/already in the list as "example"/);
		expect(() => list.add({ url: `${origin}/mcp/datasets` })).toThrow(/already in the list as "datasets"/);
		expect(list.servers).toHaveLength(2);
	});
});
