import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpConnection } from '$lib/mcp';
import { createRelay, type Relay } from './relay';
import { parseRelayConfig } from './config';
import { serveWeb } from '../node-http';
import { startFixtureServer, type RunningServer } from '../../../../tests/fixtures/mcp/launchers';

const require = createRequire(import.meta.url);

/** Serves the relay the way the SvelteKit route does: /api/relay/<name>. */
async function serve(relay: Relay): Promise<{ base: string; server: Server }> {
	const { origin, server } = await serveWeb((request, incoming) =>
		relay.handle({
			request,
			name: new URL(request.url).pathname.replace('/api/relay/', ''),
			clientAddress: incoming.socket.remoteAddress ?? ''
		})
	);
	return { base: `${origin}/api/relay/`, server };
}

describe('MCP relay', () => {
	let fixture: RunningServer;
	let dir: string;
	let relay: Relay;
	let base: string;
	let http: Server;
	beforeAll(async () => {
		fixture = await startFixtureServer({ cors: 'none' });
		dir = mkdtempSync(join(tmpdir(), 'autoui-relay-'));
		const config = join(dir, '.relay.json');
		writeFileSync(
			config,
			JSON.stringify({
				servers: {
					fixture: { url: fixture.url, headers: { 'x-relay': 'yes' } },
					memory: {
						command: process.execPath,
						args: [require.resolve('@modelcontextprotocol/server-memory/dist/index.js')],
						env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') }
					},
					everything: {
						command: process.execPath,
						args: [require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio']
					}
				}
			})
		);
		relay = createRelay(config);
		({ base, server: http } = await serve(relay));
	});
	afterAll(async () => {
		await relay?.close();
		http?.closeAllConnections();
		http?.close();
		await fixture?.stop();
		rmSync(dir, { recursive: true, force: true });
	});

	it('forwards Streamable HTTP to a configured upstream', async () => {
		const connection = new McpConnection({ name: 'fixture', url: base + 'fixture' });
		await connection.connect();
		expect(connection.tools.length).toBe(27);
		const result = await connection.callTool('echo', { text: 'through the relay' });
		expect(result.content[0]).toEqual({ type: 'text', text: 'through the relay' });
		await connection.close();
	});

	it('launches a stdio server from the config file: write then read, with progress', async () => {
		const memory = new McpConnection({ name: 'memory', url: base + 'memory', transport: 'streamable-http' });
		await memory.connect();
		await memory.callTool('create_entities', {
			entities: [{ name: 'Relay', entityType: 'feature', observations: ['runs stdio servers'] }]
		});
		const graph = await memory.callTool('read_graph', {});
		expect(JSON.stringify(graph.content)).toContain('runs stdio servers');
		await memory.close();

		const everything = new McpConnection({
			name: 'everything',
			url: base + 'everything',
			transport: 'streamable-http'
		});
		await everything.connect();
		const progress: number[] = [];
		await everything.callTool(
			'trigger-long-running-operation',
			{ duration: 0.2, steps: 2 },
			{ onProgress: (p) => progress.push(p.progress) }
		);
		expect(progress).toEqual([1, 2]);
		await everything.close();
	});

	it('refuses unknown names, foreign origins and non-loopback clients, and is off without a config', async () => {
		const unknown = await fetch(base + 'nope', { method: 'POST', body: '{}' });
		expect(unknown.status).toBe(404);
		const body = await unknown.text();
		expect(body).toMatch(/No relay server named/);
		// The configured names are not revealed to callers.
		expect(body).not.toMatch(/fixture|memory|everything/);
		const foreign = await fetch(base + 'fixture', {
			method: 'POST',
			body: '{}',
			headers: { origin: 'https://evil.example' }
		});
		expect(foreign.status).toBe(403);
		const crossSite = await fetch(base + 'fixture', {
			method: 'POST',
			body: '{}',
			headers: { 'sec-fetch-site': 'cross-site' }
		});
		expect(crossSite.status).toBe(403);
		const request = new Request('http://127.0.0.1/api/relay/fixture', { method: 'POST', body: '{}' });
		expect((await relay.handle({ request, name: 'fixture', clientAddress: '10.0.0.5' })).status).toBe(403);
		const off = await createRelay(undefined).handle({ request, name: 'fixture', clientAddress: '127.0.0.1' });
		expect(off.status).toBe(404);
		expect(await off.text()).toMatch(/AUTOUI_RELAY_CONFIG/);
	});

	it('validates the config file', () => {
		expect(() => parseRelayConfig('{')).toThrow(/not valid JSON/);
		expect(() => parseRelayConfig('{"servers":{"Bad Name":{"url":"http://x"}}}')).toThrow(/a-z/);
		expect(() => parseRelayConfig('{"servers":{"x":{}}}')).toThrow(/"url".*"command"/);
		expect(() => parseRelayConfig('{"servers":{"x":{"command":"node","args":[1]}}}')).toThrow(/args/);
	});
});
