import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutoUiError } from '$lib/shared';
import { rejection } from '$lib/shared/testing';
import { McpConnection } from './connection';
import {
	startEverything,
	startFixtureServer,
	startMemoryServer,
	type RunningServer
} from '../../../../tests/fixtures/mcp/launchers';
import { startGarbageServer } from '../../../../tests/fixtures/mcp/http-fakes';
import { clientVersion } from './version';

function text(result: { content: Array<{ type: string; text?: string }> }): string {
	return result.content.map((part) => part.text ?? '').join('');
}

for (const mode of ['streamableHttp', 'sse'] as const) {
	describe(`server-everything over ${mode}`, () => {
		let server: RunningServer;
		let connection: McpConnection;
		beforeAll(async () => {
			server = await startEverything({ mode });
			connection = new McpConnection({ name: 'everything', url: server.url });
			await connection.connect();
		});
		afterAll(async () => {
			await connection?.close();
			await server?.stop();
		});

		it('connects on the expected transport and keeps the instructions', () => {
			expect(connection.status).toBe('connected');
			expect(connection.transportKind).toBe(mode === 'sse' ? 'sse' : 'streamable-http');
			expect(connection.serverInfo?.name).toBe('mcp-servers/everything');
			expect(connection.instructions?.length).toBeGreaterThan(20);
			expect(connection.layer().description).toBe(connection.instructions?.trim());
		});

		it('lists tools with schemas and annotations, prompts and resources', async () => {
			const tools = await connection.listTools();
			const names = tools.map((tool) => tool.name);
			expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'trigger-long-running-operation']));
			const longRunning = tools.find((tool) => tool.name === 'trigger-long-running-operation')!;
			expect(longRunning.annotations?.readOnlyHint).toBe(true);
			expect(longRunning.inputSchema.type).toBe('object');
			expect(connection.prompts.length).toBeGreaterThan(0);
			expect(connection.resources.length).toBeGreaterThan(0);
			expect(connection.layer()).toMatchObject({ protocol: 'mcp', serverName: 'everything', serverUrl: server.url });
		});

		it('calls a tool and reports progress', async () => {
			expect(text(await connection.callTool('get-sum', { a: 2, b: 40 }))).toContain('42');
			const progress: number[] = [];
			const result = await connection.callTool(
				'trigger-long-running-operation',
				{ duration: 0.3, steps: 3 },
				{ onProgress: (p) => progress.push(p.progress) }
			);
			expect(text(result)).toContain('Long running operation completed');
			// Every step reports progress over Streamable HTTP; the legacy stream may deliver the
			// last notification after the result, when the call has already settled.
			expect(progress.slice(0, 2)).toEqual([1, 2]);
			expect(progress.length).toBeLessThanOrEqual(3);
		});

		it('returns tool errors as results the model can read, and throws for unknown tools', async () => {
			const bad = await connection.callTool('get-sum', { a: 'not a number' });
			expect(bad.isError).toBe(true);
			expect(text(bad).length).toBeGreaterThan(0);
			const unknown = await connection.callTool('no-such-tool', {}).catch((error: unknown) => error);
			if (unknown instanceof AutoUiError) expect(unknown.code).toBe('mcp_tool_error');
			else expect((unknown as { isError?: boolean }).isError).toBe(true);
		});

		it('cancels a call through its AbortSignal', async () => {
			const controller = new AbortController();
			const call = connection.callTool(
				'trigger-long-running-operation',
				{ duration: 5, steps: 5 },
				{ signal: controller.signal }
			);
			setTimeout(() => controller.abort(), 100);
			expect((await rejection(call)).code).toBe('aborted');
			expect(connection.status).toBe('connected');
		});
	});
}

describe('transport choice', () => {
	let everythingSse: RunningServer;
	beforeAll(async () => {
		everythingSse = await startEverything({ mode: 'sse' });
	});
	afterAll(async () => everythingSse?.stop());

	it('auto falls back to the legacy transport when the POST is answered with a 4xx', async () => {
		const connection = new McpConnection({ name: 'legacy', url: everythingSse.url, transport: 'auto' });
		await connection.connect();
		expect(connection.transportKind).toBe('sse');
		await connection.close();
	});

	it('forcing Streamable HTTP on a legacy endpoint fails with a not-found error', async () => {
		const connection = new McpConnection({ name: 'legacy', url: everythingSse.url, transport: 'streamable-http' });
		const error = await rejection(connection.connect());
		expect(error.code).toBe('mcp_not_found');
		expect(error.message).toMatch(/\/sse/);
		expect(connection.status).toBe('error');
	});
});

describe('SDK fixture server', () => {
	let server: RunningServer & { sseUrl: string };
	beforeAll(async () => {
		server = await startFixtureServer({ pageSize: 4, fillerTools: 20 });
	});
	afterAll(async () => server?.stop());

	it('reads every page of tools/list and finds the recipes', async () => {
		const connection = new McpConnection({ name: 'fixture', url: server.url });
		await connection.connect();
		expect(connection.tools).toHaveLength(27);
		expect(new Set(connection.tools.map((tool) => tool.name)).size).toBe(27);
		expect(connection.layer().recipes).toEqual([{ name: 'nap', description: 'Sleep a little, then echo.' }]);
		await connection.close();
	});

	it('JSON-RPC errors from tools/call (unknown tool, invalid params) come back as readable error results with the code', async () => {
		const connection = new McpConnection({ name: 'fixture', url: server.url });
		await connection.connect();
		const unknown = await connection.callTool('no_such_tool', {});
		expect(unknown.isError).toBe(true);
		expect(text(unknown)).toMatch(/JSON-RPC error -32602 \(invalid params\).*Unknown tool: no_such_tool/);
		expect(text(unknown)).toMatch(/check the tool name and its input schema/i);
		const invalid = await connection.callTool('echo', { text: 42 });
		expect(invalid.isError).toBe(true);
		expect(text(invalid)).toMatch(/-32602.*text must be a string/);
		expect(connection.status).toBe('connected');
		await connection.close();
	});

	it('sends our client name and version', async () => {
		const connection = new McpConnection({ name: 'fixture', url: server.url });
		await connection.connect();
		expect(JSON.parse(text(await connection.callTool('whoami', {})))).toEqual({
			name: 'autoui',
			version: clientVersion
		});
		await connection.close();
	});

	it('refreshes the layer on notifications/tools/list_changed', async () => {
		const changes: number[] = [];
		const connection = new McpConnection({
			name: 'fixture',
			url: server.url,
			onChange: (c) => changes.push(c.tools.length)
		});
		await connection.connect();
		const before = connection.tools.length;
		await connection.callTool('add_tool', { name: 'late_tool' });
		await expect
			.poll(() => connection.layer().tools.some((tool) => tool.name === 'late_tool'), { timeout: 5000 })
			.toBe(true);
		expect(connection.tools.length).toBe(before + 1);
		expect(changes.at(-1)).toBe(before + 1);
		await connection.close();
	});

	it('times out a slow call with a timeout error instead of hanging', async () => {
		const connection = new McpConnection({ name: 'fixture', url: server.url });
		await connection.connect();
		const started = Date.now();
		const error = await rejection(connection.callTool('sleep', { ms: 3000 }, { timeoutMs: 300 }));
		expect(error.code).toBe('timeout');
		expect(error.message).toMatch(/sleep.*300 ms/);
		expect(Date.now() - started).toBeLessThan(2000);
		expect(text(await connection.callTool('echo', { text: 'still here' }))).toBe('still here');
		await connection.close();
	});

	it('re-initialises when the server forgets the session (404) and retries the call once', async () => {
		const connection = new McpConnection({ name: 'fixture', url: server.url });
		await connection.connect();
		const before = connection.sessionId;
		expect(before).toBeTruthy();
		await connection.callTool('forget_sessions', {});
		expect(text(await connection.callTool('echo', { text: 'new session' }))).toBe('new session');
		expect(connection.sessionId).not.toBe(before);
		expect(connection.status).toBe('connected');
		await connection.close();
	});
});

describe('faults', () => {
	it('a server killed during a call fails that call; other servers go on; a restart reconnects', async () => {
		const doomed = await startFixtureServer();
		const healthy = await startFixtureServer();
		const statuses: string[] = [];
		const a = new McpConnection({
			name: 'doomed',
			url: doomed.url,
			backoff: { initialDelayMs: 100, attempts: 20, maxDelayMs: 300 },
			onChange: (c) => statuses.push(c.status)
		});
		const b = new McpConnection({ name: 'healthy', url: healthy.url });
		try {
			await Promise.all([a.connect(), b.connect()]);
			const call = rejection(a.callTool('sleep', { ms: 5000 }));
			await new Promise((resolve) => setTimeout(resolve, 200));
			const started = Date.now();
			await doomed.kill();
			const error = await call;
			expect(['mcp_disconnected', 'mcp_unreachable']).toContain(error.code);
			expect(Date.now() - started).toBeLessThan(4000);
			expect(text(await b.callTool('echo', { text: 'fine' }))).toBe('fine');
			await expect.poll(() => a.status, { timeout: 3000 }).toBe('reconnecting');
			await doomed.restart();
			await expect.poll(() => a.status, { timeout: 8000 }).toBe('connected');
			expect(text(await a.callTool('echo', { text: 'back' }))).toBe('back');
			expect(statuses).toContain('reconnecting');
		} finally {
			await a.close();
			await b.close();
			await doomed.stop();
			await healthy.stop();
		}
	});

	it('a server that stays down ends in status error and its calls fail fast', async () => {
		const server = await startFixtureServer();
		const connection = new McpConnection({
			name: 'gone',
			url: server.url,
			backoff: { initialDelayMs: 50, maxDelayMs: 100, attempts: 3, slowRetryMs: 0 }
		});
		try {
			await connection.connect();
			await server.kill();
			const first = await rejection(connection.callTool('echo', { text: 'x' }));
			expect(['mcp_unreachable', 'mcp_disconnected']).toContain(first.code);
			await expect.poll(() => connection.status, { timeout: 5000 }).toBe('error');
			const started = Date.now();
			const fast = await rejection(connection.callTool('echo', { text: 'x' }));
			expect(fast.code).toBe('mcp_disconnected');
			expect(fast.message).toMatch(/gone.*not reachable/);
			expect(Date.now() - started).toBeLessThan(100);
		} finally {
			await connection.close();
			await server.stop();
		}
	});

	it('a dropped server that refuses connections is reported at once and retried in the background', async () => {
		const server = await startFixtureServer();
		const changes: Array<{ at: number; status: string }> = [];
		const connection = new McpConnection({
			name: 'flaky',
			url: server.url,
			// The default timing: before, five quick attempts (about 8 s) ran before "error".
			onChange: (c) => changes.push({ at: Date.now(), status: c.status })
		});
		try {
			await connection.connect();
			await server.kill();
			const dropped = Date.now();
			await rejection(connection.callTool('echo', { text: 'x' }));
			await expect.poll(() => connection.status, { timeout: 2_000, interval: 20 }).toBe('error');
			const reported = changes.find((change) => change.at >= dropped && change.status === 'error')!;
			expect(reported.at - dropped).toBeLessThan(1_500);
			expect(connection.error?.code).toBe('mcp_unreachable');
			// The attempts go on behind the error: the server is back without a click (a quick attempt
			// normally; the 30 s background retry when a busy machine restarts the server late).
			await server.restart();
			await expect.poll(() => connection.status, { timeout: 40_000 }).toBe('connected');
			expect(text(await connection.callTool('echo', { text: 'back' }))).toBe('back');
		} finally {
			await connection.close();
			await server.stop();
		}
	}, 60_000);

	it('a server that answers garbage gives a clear protocol error', async () => {
		for (const kind of ['html', 'json'] as const) {
			const garbage = await startGarbageServer(kind);
			const connection = new McpConnection({ name: 'garbage', url: garbage.url, connectTimeoutMs: 3000 });
			try {
				const error = await rejection(connection.connect());
				expect(['mcp_protocol', 'mcp_not_found']).toContain(error.code);
				expect(error.message).toMatch(/garbage/);
				expect(garbage.requests[0].method).toBe('POST');
			} finally {
				await connection.close();
				await garbage.stop();
			}
		}
	});

	it('an unreachable host is reported as such', async () => {
		const connection = new McpConnection({ name: 'nowhere', url: 'http://127.0.0.1:9/mcp' });
		const error = await rejection(connection.connect());
		expect(error.code).toBe('mcp_unreachable');
	});
});

describe('server-memory behind supergateway', () => {
	it('writes an entity and reads it back', async () => {
		const server = await startMemoryServer();
		const connection = new McpConnection({ name: 'memory', url: server.url });
		try {
			await connection.connect();
			expect(connection.tools.map((tool) => tool.name)).toEqual(
				expect.arrayContaining(['create_entities', 'read_graph'])
			);
			const created = await connection.callTool('create_entities', {
				entities: [{ name: 'AutoUI', entityType: 'project', observations: ['renders widgets'] }]
			});
			expect(created.isError).not.toBe(true);
			const graph = await connection.callTool('read_graph', {});
			expect(text(graph)).toContain('renders widgets');
		} finally {
			await connection.close();
			await server.stop();
		}
	});
});

describe('trace context', () => {
	it('sends the call’s traceparent in the tools/call request’s _meta, and reports the agreed protocol revision', async () => {
		const server = await startEverything({ mode: 'streamableHttp' });
		const sent: unknown[] = [];
		const connection = new McpConnection({
			name: 'everything',
			url: server.url,
			onWireMessage: (wire) => wire.direction === 'out' && sent.push(wire.message)
		});
		try {
			await connection.connect();
			expect(connection.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
			const result = await connection.callTool('echo', { message: 'hi' }, { traceparent });
			expect(text(result)).toContain('hi');
			const call = sent.find((message) => (message as { method?: string }).method === 'tools/call') as {
				params: { _meta?: Record<string, unknown> };
			};
			expect(call.params._meta).toMatchObject({ traceparent });
			await connection.callTool('echo', { message: 'plain' });
			const plain = sent.filter((message) => (message as { method?: string }).method === 'tools/call').at(-1) as {
				params: { _meta?: Record<string, unknown> };
			};
			expect(plain.params._meta?.traceparent).toBeUndefined();
		} finally {
			await connection.close();
			await server.stop();
		}
	});
});
