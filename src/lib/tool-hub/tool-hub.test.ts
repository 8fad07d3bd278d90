import { afterEach, describe, expect, it, vi } from 'vitest';
import type { McpLayer, ToolLayer } from '$lib/agent/types';
import { createMemoryToolServer, type MemoryTool, type MemoryToolServer } from '$lib/agent/testing/memory-server';
import type { ToolDefinition, ToolServer } from '$lib/shared';
import { connectionListSource, serverSource } from './sources';
import { ToolHub, defaultServerWaitMs } from './tool-hub';
import type { ToolSource } from './types';

const schema = { type: 'object' } as const;
const tool = (name: string, extra: Partial<MemoryTool> = {}): MemoryTool => ({ name, inputSchema: schema, ...extra });

/** An in-page server with a fixed layer, as autoui is. */
function inPage(name: string, tools: MemoryTool[]) {
	const server = createMemoryToolServer(name, 'webmcp', tools);
	return Object.assign(server, {
		layer: (): ToolLayer => ({
			protocol: 'webmcp',
			serverName: name,
			description: name,
			tools: server.definitions.map((definition) => ({ ...definition }))
		})
	});
}

/** The layer of a memory server, as the MCP server list builds one for a connection. */
function layerOf(connection: MemoryToolServer): McpLayer {
	return {
		protocol: 'mcp',
		serverName: connection.name,
		serverUrl: `https://${connection.name}.example/mcp`,
		tools: [...connection.definitions]
	};
}

/** A connection list whose layers are rebuilt on every read, as the MCP server list's are. */
function connectionList(servers: Array<{ name: string; tools: MemoryTool[] }>) {
	const state = {
		connections: servers.map((entry) => createMemoryToolServer(entry.name, 'mcp', entry.tools)),
		get layers(): McpLayer[] {
			return state.connections.map(layerOf);
		},
		summary: { status: 'connected' as const, detail: `${servers.length} connected` }
	};
	return state;
}

/** A source that is still loading until `finish()` is called. */
function slowSource(id: string, layers: ToolLayer[] = []): ToolSource & { finish(): void } {
	let finish = () => undefined as void;
	const loaded = new Promise<void>((resolve) => (finish = resolve));
	return {
		id,
		kind: 'http',
		layers,
		servers: [],
		status: { state: 'connecting', detail: '' },
		ready: () => loaded,
		finish: () => finish()
	};
}

/** A connection list whose servers connect (or fail) when the test says, as the MCP server list's do. */
function connectingList(servers: string[]) {
	const status = new Map(servers.map((name) => [name, 'connecting' as 'connecting' | 'connected' | 'error']));
	const waiters = new Set<() => void>();
	const list = {
		connections: [] as ReturnType<typeof createMemoryToolServer>[],
		get layers(): McpLayer[] {
			return list.connections.map(layerOf);
		},
		summary: { status: 'connecting' as const, detail: '' },
		get connecting() {
			return [...status].filter(([, state]) => state === 'connecting').map(([name]) => name);
		},
		settled(signal: AbortSignal) {
			return new Promise<void>((resolve) => {
				const check = () => {
					if (list.connecting.length && !signal.aborted) return;
					waiters.delete(check);
					resolve();
				};
				waiters.add(check);
				signal.addEventListener('abort', check);
				check();
			});
		},
		set(name: string, state: 'connected' | 'error') {
			status.set(name, state);
			if (state === 'connected') list.connections.push(createMemoryToolServer(name, 'mcp', [tool('query')]));
			for (const check of [...waiters]) check();
		}
	};
	return list;
}

const names = (layers: readonly ToolLayer[]) => layers.map((layer) => `${layer.protocol}:${layer.serverName}`);

afterEach(() => {
	vi.useRealTimers();
});

describe('the tool hub', () => {
	it('lists layers and servers in registration order, a late source in the place it was registered', async () => {
		const hub = new ToolHub();
		hub.register(serverSource(inPage('autoui', [tool('widget_display')])));
		let arrive!: (source: ToolSource) => void;
		hub.register(new Promise<ToolSource>((resolve) => (arrive = resolve)));
		hub.register(
			connectionListSource({
				id: 'mcp',
				kind: 'mcp',
				list: connectionList([{ name: 'datasets', tools: [tool('query')] }])
			})
		);
		expect(names(hub.layers)).toEqual(['webmcp:autoui', 'mcp:datasets']);

		const weather: ToolLayer = {
			protocol: 'http',
			serverName: 'weather',
			tools: [{ name: 'now', inputSchema: schema }]
		};
		arrive({ id: 'http-tools', kind: 'http', layers: [weather], servers: [], status: { state: 'ready', detail: '' } });
		await hub.ready();
		expect(names(hub.layers)).toEqual(['webmcp:autoui', 'http:weather', 'mcp:datasets']);
		expect(hub.servers.map((server) => server.name)).toEqual(['autoui', 'datasets']);
		expect(hub.tools).toEqual([
			{ server: 'autoui', protocol: 'webmcp', tool: 'widget_display' },
			{ server: 'weather', protocol: 'http', tool: 'now' },
			{ server: 'datasets', protocol: 'mcp', tool: 'query' }
		]);
		expect(hub.layer('weather', 'http')?.tools[0].name).toBe('now');
		expect(hub.layer('weather', 'mcp')).toBeUndefined();
	});

	it('refuses a second source with the same id, and reports a promised one that fails', async () => {
		const errors: string[] = [];
		const hub = new ToolHub({ onError: (message) => errors.push(message) });
		hub.register(serverSource(inPage('autoui', [])));
		expect(() => hub.register(serverSource(inPage('autoui', [])))).toThrow('already registered');
		hub.register(Promise.resolve(serverSource(inPage('autoui', []))));
		hub.register(Promise.reject(new Error('chunk failed')));
		await hub.ready();
		expect(hub.sources.map((source) => source.id)).toEqual(['autoui']);
		expect(errors).toEqual([
			'A tool source "autoui" is already registered.',
			'A tool source could not load (chunk failed).'
		]);
	});

	it('removes a source with the function register returned', () => {
		const hub = new ToolHub();
		hub.register(serverSource(inPage('autoui', [tool('canvas')])));
		const remove = hub.register(serverSource(inPage('extra', [tool('x')])));
		remove();
		expect(names(hub.layers)).toEqual(['webmcp:autoui']);
	});

	it('keeps the same registry while the layers are rebuilt from the same tools, and builds it again when they change', async () => {
		const list = connectionList([{ name: 'datasets', tools: [tool('query'), tool('describe')] }]);
		const hub = new ToolHub();
		hub.register(serverSource(inPage('autoui', [tool('widget_display')])));
		hub.register(connectionListSource({ id: 'mcp', kind: 'mcp', list }));
		expect(() => hub.registry).toThrow('await it first');
		expect(hub.catalog().registry).toBeUndefined();
		await hub.ready();

		const registry = hub.registry;
		expect(list.layers[0]).not.toBe(list.layers[0]);
		expect(hub.registry).toBe(registry);
		expect(hub.catalog()).toEqual({ layers: hub.layers, servers: expect.any(Array), registry });
		expect(registry.entries.has('datasets_mcp_query')).toBe(true);

		// A server connecting adds a layer: a new registry.
		list.connections = [...list.connections, createMemoryToolServer('weather', 'mcp', [tool('now')])];
		expect(hub.registry).not.toBe(registry);
		expect(hub.registry.entries.has('weather_mcp_now')).toBe(true);

		// A tool list that changed is a change too, even with the same count.
		const before = hub.registry;
		list.connections[0].definitions.splice(1, 1, { name: 'sample', inputSchema: schema });
		expect(hub.registry).not.toBe(before);
		expect(hub.registry.entries.has('datasets_mcp_sample')).toBe(true);
		expect(hub.registry.entries.has('datasets_mcp_describe')).toBe(false);
	});

	it("adds MCP Apps' View-only tools to the app registry only", async () => {
		const viewOnly: ToolDefinition = { name: 'poll', inputSchema: schema };
		const layer: McpLayer = {
			protocol: 'mcp',
			serverName: 'clock',
			tools: [{ name: 'get-time', inputSchema: schema }],
			appTools: [viewOnly]
		};
		const hub = new ToolHub();
		hub.register({ id: 'mcp', kind: 'mcp', layers: [layer], servers: [], status: { state: 'connected', detail: '' } });
		await hub.ready();
		expect(hub.registry.entries.has('clock_mcp_poll')).toBe(false);
		expect(hub.appRegistry.entries.has('clock_mcp_poll')).toBe(true);
		expect(hub.appRegistry).toBe(hub.appRegistry);
	});

	it('puts mocks in front of the servers registered before them, and MCP Apps around connections', async () => {
		const observed: string[] = [];
		const hub = new ToolHub();
		hub.register(serverSource(inPage('autoui', [tool('canvas')])));
		const list = connectionList([{ name: 'weather', tools: [tool('now', { handler: () => ({ temperature: 20 }) })] }]);
		hub.register(
			connectionListSource({
				id: 'mcp',
				kind: 'mcp',
				list,
				observe: (connection): ToolServer => ({
					...connection,
					name: connection.name,
					callTool: (name, args, options) => (observed.push(name), connection.callTool(name, args, options))
				})
			})
		);
		const mocked = new Set(['weather/now']);
		hub.register({
			id: 'mocks',
			kind: 'mocks',
			layers: [],
			servers: [],
			status: { state: 'ready', detail: '1 mocked tool' },
			wrap: (servers) =>
				servers.map((server) => ({
					...server,
					name: server.name,
					callTool: async (name, args, options) =>
						mocked.has(`${server.name}/${name}`)
							? { content: [{ type: 'text', text: 'mocked' }], mocked: true }
							: server.callTool(name, args, options)
				}))
		});
		const weather = hub.servers.find((server) => server.name === 'weather')!;
		expect(await weather.callTool('now', {})).toEqual({ content: [{ type: 'text', text: 'mocked' }], mocked: true });
		expect(observed).toEqual([]);
		expect(list.connections[0].calls).toEqual([]);
		mocked.clear();
		expect((await weather.callTool('now', {})).content).toEqual([{ type: 'text', text: '{"temperature":20}' }]);
		expect(observed).toEqual(['now']);
		expect(list.connections[0].calls.map((call) => call.name)).toEqual(['now']);
		expect(hub.catalog().servers.map((server) => server.name)).toEqual(['autoui', 'weather']);
	});

	it('waits for sources still loading, but no longer than its bound', async () => {
		vi.useFakeTimers();
		const hub = new ToolHub({
			loadRegistry: async () => ({ registry: () => ({}) as never, appRegistry: () => ({}) as never })
		});
		const loading = slowSource('http-tools');
		hub.register(loading);
		let done = false;
		const ready = hub.ready({ timeoutMs: 1_000 }).then(() => (done = true));
		await vi.advanceTimersByTimeAsync(999);
		expect(done).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		await ready;
		expect(done).toBe(true);

		// A source that finishes in time ends the wait at once.
		done = false;
		const again = hub.ready({ timeoutMs: 60_000 }).then(() => (done = true));
		await vi.advanceTimersByTimeAsync(10);
		expect(done).toBe(false);
		loading.finish();
		await vi.advanceTimersByTimeAsync(0);
		await again;
		expect(done).toBe(true);
		expect(vi.getTimerCount()).toBe(0);
	});

	it('a turn waits for servers still connecting, then has their tools; a failed server does not hold it', async () => {
		vi.useFakeTimers();
		const hub = new ToolHub();
		const list = connectingList(['datasets', 'broken']);
		hub.register(connectionListSource({ id: 'mcp', kind: 'mcp', list }));
		expect(hub.connecting).toEqual(['datasets', 'broken']);
		let outcome: Awaited<ReturnType<ToolHub['settle']>> | undefined;
		const settling = hub.settle().then((wait) => (outcome = wait));
		await vi.advanceTimersByTimeAsync(300);
		list.set('broken', 'error');
		await vi.advanceTimersByTimeAsync(1_200);
		expect(outcome).toBeUndefined();
		list.set('datasets', 'connected');
		await settling;
		expect(outcome).toMatchObject({ waited: ['datasets', 'broken'], pending: [] });
		expect(outcome!.elapsedMs).toBe(1_500);
		expect(names(hub.catalog().layers)).toEqual(['mcp:datasets']);
		expect(vi.getTimerCount()).toBe(0);
	});

	it('the wait for servers is bounded: a server still connecting after it is left out', async () => {
		vi.useFakeTimers();
		const hub = new ToolHub();
		const list = connectingList(['slow']);
		hub.register(connectionListSource({ id: 'mcp', kind: 'mcp', list }));
		let outcome: Awaited<ReturnType<ToolHub['settle']>> | undefined;
		const settling = hub.settle().then((wait) => (outcome = wait));
		await vi.advanceTimersByTimeAsync(defaultServerWaitMs - 1);
		expect(outcome).toBeUndefined();
		await vi.advanceTimersByTimeAsync(1);
		await settling;
		expect(outcome).toMatchObject({ waited: ['slow'], pending: ['slow'], elapsedMs: defaultServerWaitMs });
		expect(vi.getTimerCount()).toBe(0);

		// A stopped turn stops waiting at once; with nothing connecting there is nothing to wait for.
		const stop = new AbortController();
		const stopped = hub.settle({ signal: stop.signal });
		stop.abort();
		expect(await stopped).toMatchObject({ pending: ['slow'] });
		list.set('slow', 'connected');
		expect(await hub.settle()).toEqual({ waited: [], pending: [], elapsedMs: 0 });
	});

	it('waits for a promised source and for its own readiness', async () => {
		const hub = new ToolHub();
		const source = slowSource('http-tools', [{ protocol: 'http', serverName: 'pets', tools: [] }]);
		let arrive!: (source: ToolSource) => void;
		hub.register(new Promise<ToolSource>((resolve) => (arrive = resolve)));
		let done = false;
		const ready = hub.ready().then(() => (done = true));
		arrive(source);
		await new Promise((resolve) => setTimeout(resolve, 10));
		expect(names(hub.layers)).toEqual(['http:pets']);
		expect(done).toBe(false);
		source.finish();
		await ready;
		expect(hub.registry.servers.map((entry) => entry.key)).toEqual(['pets_http']);
	});

	it("collects the sources' secret values for redaction", () => {
		const hub = new ToolHub();
		hub.register(serverSource(inPage('autoui', [])));
		hub.register({
			id: 'http-tools',
			kind: 'http',
			layers: [],
			servers: [],
			status: { state: 'ready', detail: '' },
			secretValues: ['tok-123456']
		});
		expect(hub.secretValues).toEqual(['tok-123456']);
	});
});
