import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnection } from './connection';
import { startEverything, startFixtureServer, type RunningServer } from '../../../tests/fixtures/mcp/launchers';

describe('McpConnection against server-everything (Streamable HTTP)', () => {
	let server: RunningServer;
	beforeAll(async () => {
		server = await startEverything({ mode: 'streamableHttp' });
	});
	afterAll(async () => server?.stop());

	it('connects, lists tools and calls echo', async () => {
		const connection = new McpConnection({ name: 'everything', url: server.url });
		await connection.connect();
		expect(connection.status).toBe('connected');
		expect(connection.transportKind).toBe('streamable-http');
		expect(connection.tools.map((t) => t.name)).toContain('echo');
		const result = await connection.callTool('echo', { message: 'hi' });
		expect(JSON.stringify(result.content)).toContain('hi');
		await connection.close();
	});
});
