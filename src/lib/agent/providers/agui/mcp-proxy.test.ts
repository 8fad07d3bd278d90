import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAgui, text, type FakeAgui } from '../../../../../tests/fixtures/agui';
import { startAppExample, type RunningServer } from '../../../../../tests/fixtures/mcp/launchers';
import { ProxyRunReader, proxiedMcpRequest, proxyLimits, proxyRunInput } from './mcp-proxy';

describe('the proxied MCP request run', () => {
	it('is a valid RunAgentInput carrying forwardedProps.__proxiedMCPRequest', () => {
		const input = proxyRunInput({ serverHash: 'h1', serverId: 'clock' }, 'resources/read', { uri: 'ui://a/b' });
		expect(RunAgentInputSchema.safeParse(input).success).toBe(true);
		expect(input.forwardedProps).toEqual({
			__proxiedMCPRequest: {
				serverHash: 'h1',
				serverId: 'clock',
				method: 'resources/read',
				params: { uri: 'ui://a/b' }
			}
		});
		expect(input.messages).toEqual([]);
	});

	it('reads the result from RUN_FINISHED, and refuses what is not one', () => {
		const finished = (result: unknown) => {
			const reader = new ProxyRunReader('http://agent');
			reader.push({ type: 'RUN_STARTED' });
			reader.push({ type: 'RUN_FINISHED', result });
			return reader;
		};
		expect(finished({ contents: [] }).result('resources/read')).toEqual({ contents: [] });
		expect(() => finished({ error: 'Unknown server: x' }).result('tools/call')).toThrow(
			/refused the proxied tools\/call: Unknown server: x/
		);
		expect(() => finished({ error: 'Error: MCP request failed' }).result('tools/call')).toThrow(/could not make/);
		expect(() => finished(undefined).result('tools/call')).toThrow(/without an MCP result/);
		expect(() => finished({ blob: 'x'.repeat(proxyLimits.resultChars) }).result('resources/read')).toThrow(
			/are not used/
		);
		expect(() => new ProxyRunReader('http://agent').push({ type: 'TEXT_MESSAGE_START' })).toThrow(
			/MCP Apps middleware/
		);
		const flood = new ProxyRunReader('http://agent');
		expect(() => {
			for (let index = 0; index <= proxyLimits.events; index++) flood.push({ type: 'RUN_STARTED' });
		}).toThrow(/more than/);
	});
});

describe('proxiedMcpRequest through the official MCP Apps middleware', () => {
	let server: RunningServer;
	let agent: FakeAgui;
	let plain: FakeAgui;
	beforeAll(async () => {
		server = await startAppExample('server-basic-vanillajs');
		agent = await startFakeAgui({
			middleware: new MCPAppsMiddleware({ mcpServers: [{ type: 'http', url: server.url, serverId: 'clock' }] })
		});
		plain = await startFakeAgui();
	});
	afterAll(async () => {
		await Promise.all([agent?.close(), plain?.close(), server?.stop()]);
	});
	const config = (url: string) => ({
		provider: 'agui' as const,
		model: 'agent',
		baseUrl: url,
		headers: { 'X-Team': 'a' }
	});

	it("reads the View's resource and calls its tool; the agent's script never runs", async () => {
		const read = await proxiedMcpRequest(config(agent.url), { serverHash: '', serverId: 'clock' }, 'resources/read', {
			uri: 'ui://get-time/mcp-app.html'
		});
		const content = (read.contents as Array<{ mimeType: string; text: string }>)[0];
		expect(content.mimeType).toBe('text/html;profile=mcp-app');
		expect(content.text).toContain('<html');
		const called = await proxiedMcpRequest(config(agent.url), { serverHash: '', serverId: 'clock' }, 'tools/call', {
			name: 'get-time',
			arguments: {}
		});
		expect(JSON.stringify(called.content)).toMatch(/\d{4}-\d{2}-\d{2}T/);
		expect(agent.runs.map((run) => run.headers['x-team'])).toEqual(['a', 'a']);
		expect(agent.runs.every((run) => !run.invalid)).toBe(true);
	});

	it('says when the middleware does not know the server', async () => {
		await expect(
			proxiedMcpRequest(config(agent.url), { serverHash: 'nope' }, 'resources/read', { uri: 'ui://x/y' })
		).rejects.toMatchObject({ code: 'unknown_server', message: expect.stringContaining('Unknown server: nope') });
	});

	it('says when the agent has no middleware and answers with a normal run', async () => {
		plain.setScript([() => text('Hello')]);
		await expect(
			proxiedMcpRequest(config(plain.url), { serverHash: 'h' }, 'resources/read', { uri: 'ui://x/y' })
		).rejects.toMatchObject({ code: 'mcp_protocol', message: expect.stringContaining('normal run') });
	});

	it('says when the agent cannot be reached', async () => {
		await expect(
			proxiedMcpRequest(config('http://127.0.0.1:9/agent'), { serverHash: 'h' }, 'tools/call', { name: 'x' })
		).rejects.toMatchObject({ code: 'provider_network' });
	});
});
