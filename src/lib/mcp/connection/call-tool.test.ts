import { createServer, type Server as HttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AutoUiError } from '$lib/shared';
import { McpConnection } from './connection';
import { toolResultIssues } from './call-tool';

const forecastSchema = {
	type: 'object',
	properties: { temperature: { type: 'number' }, city: { type: 'string' } },
	required: ['temperature']
};

/** What each tool of the test server answers (results a real server could send, good or bad). */
const answers: Record<string, () => Record<string, unknown>> = {
	forecast_ok: () => ({
		content: [{ type: 'text', text: '21 degrees' }],
		structuredContent: { temperature: 21, city: 'Lyon' }
	}),
	forecast_wrong: () => ({ content: [{ type: 'text', text: 'warm' }], structuredContent: { temperature: 'warm' } }),
	forecast_missing: () => ({ content: [{ type: 'text', text: 'no structure' }] }),
	forecast_failed: () => ({ isError: true, content: [{ type: 'text', text: 'station down' }] }),
	mixed: () => ({
		content: [
			{ type: 'text', text: 'see the picture' },
			{ type: 'image', data: 'aGk=', mimeType: 'image/png' },
			{ type: 'resource', resource: { uri: 'memo://1', text: 'memo' } },
			{ type: 'resource_link', uri: 'memo://2', name: 'second memo' }
		]
	})
};

/** Answered on the wire by hand: the SDK's server refuses to send such a result. */
const brokenBlock = { content: [{ type: 'text' }] };

/**
 * A stateless Streamable HTTP MCP server (the official SDK) on a free loopback port; a call of
 * `broken_block` gets a hand-written answer that no SDK server would send.
 */
async function startServer(): Promise<{ url: string; http: HttpServer }> {
	const http = createServer(async (req, res) => {
		let raw = '';
		for await (const chunk of req) raw += chunk;
		const body = raw ? JSON.parse(raw) : undefined;
		if (body?.method === 'tools/call' && body.params?.name === 'broken_block') {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: brokenBlock }));
			return;
		}
		const server = new Server({ name: 'results', version: '1.0.0' }, { capabilities: { tools: {} } });
		server.setRequestHandler(ListToolsRequestSchema, async () => ({
			tools: [...Object.keys(answers), 'broken_block'].map((name) => ({
				name,
				inputSchema: { type: 'object' },
				...(name.startsWith('forecast') ? { outputSchema: forecastSchema } : {})
			}))
		}));
		server.setRequestHandler(CallToolRequestSchema, async (request) => answers[request.params.name]() as never);
		const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
		res.on('close', () => void transport.close());
		await server.connect(transport);
		await transport.handleRequest(req, res, body);
	});
	await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
	const address = http.address();
	const port = typeof address === 'object' && address ? address.port : 0;
	return { url: `http://127.0.0.1:${port}/mcp`, http };
}

describe('tool results on the call path', () => {
	let running: { url: string; http: HttpServer };
	let connection: McpConnection;
	beforeAll(async () => {
		running = await startServer();
		connection = new McpConnection({ name: 'results', url: running.url, transport: 'streamable-http' });
		await connection.connect();
	});
	afterAll(async () => {
		await connection?.close();
		await new Promise((resolve) => {
			running?.http.closeAllConnections();
			running?.http.close(resolve);
		});
	});

	it('returns a result that matches its output schema, with its structured content', async () => {
		const result = await connection.callTool('forecast_ok', {});
		expect(result).toEqual({
			content: [{ type: 'text', text: '21 degrees' }],
			structuredContent: { temperature: 21, city: 'Lyon' }
		});
	});

	it('answers structured content that breaks the output schema with an error result naming the mismatch', async () => {
		const result = await connection.callTool('forecast_wrong', {});
		expect(result.isError).toBe(true);
		expect(result.structuredContent).toMatchObject({ code: -32602 });
		expect(result.content[0]).toMatchObject({
			text: expect.stringContaining("Structured content does not match the tool's output schema")
		});
		expect((result.content[0] as { text: string }).text).toContain('temperature');
	});

	it('answers a missing structured content with an error result, and leaves error results alone', async () => {
		const missing = await connection.callTool('forecast_missing', {});
		expect(missing.isError).toBe(true);
		expect((missing.content[0] as { text: string }).text).toContain('did not return structured content');
		expect(await connection.callTool('forecast_failed', {})).toEqual({
			isError: true,
			content: [{ type: 'text', text: 'station down' }]
		});
	});

	it('refuses a content block without its fields, saying where', async () => {
		const error = await connection.callTool('broken_block', {}).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(AutoUiError);
		expect((error as Error).message).toMatch(/content.*0.*text/);
	});

	it('passes every kind of content block through as it came', async () => {
		expect((await connection.callTool('mixed', {})).content).toEqual(answers.mixed().content);
	});
});

describe('toolResultIssues', () => {
	it('accepts results of every shape the protocol allows, unknown block types included', () => {
		expect(toolResultIssues({ content: [] })).toEqual([]);
		expect(toolResultIssues({ toolResult: { legacy: true } })).toEqual([]);
		expect(toolResultIssues({ content: [{ type: 'future_kind', whatever: 1 }], isError: false })).toEqual([]);
	});

	it('names each problem with its path', () => {
		expect(toolResultIssues('text')).toEqual([{ message: 'the result is not an object' }]);
		expect(toolResultIssues({ content: 'text' })).toEqual([{ message: 'must be an array', path: ['content'] }]);
		expect(
			toolResultIssues({
				isError: 'yes',
				content: [null, { type: 'image', data: 'x' }, { type: 'resource', resource: {} }]
			})
		).toEqual([
			{ message: 'must be a boolean', path: ['isError'] },
			{ message: 'must be an object with a string "type"', path: ['content', 0] },
			{ message: 'must be a string', path: ['content', 1, 'mimeType'] },
			{ message: 'must be an object with a string "uri"', path: ['content', 2, 'resource'] }
		]);
	});
});
