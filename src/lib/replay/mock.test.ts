import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createMockAnswers, renderTemplate, startMockServer } from './mock-runtime.js';
import { buildMockModule, mockFileName } from './mock-file.js';
import { readSession, type Session } from './session.js';

const session: Session = {
	kind: 'session',
	name: 'weather v1',
	servers: {
		weather: {
			url: 'http://127.0.0.1:1/mcp',
			tools: [
				{
					name: 'forecast',
					description: 'Forecast.',
					inputSchema: { type: 'object', properties: { city: { type: 'string' } } }
				},
				{ name: 'stations', inputSchema: { type: 'object' } }
			]
		}
	},
	calls: [
		{
			server: 'weather',
			tool: 'forecast',
			args: { city: 'Paris', requestId: 'r1' },
			origin: 'model',
			recorded: {
				ok: true,
				output: { content: [{ type: 'text', text: 'Paris: 18' }], structuredContent: { tempC: 18 } }
			},
			ms: 12
		},
		{
			server: 'weather',
			tool: 'forecast',
			args: { city: 'Oslo', requestId: 'r2' },
			origin: 'manual',
			recorded: { ok: false, output: { content: [{ type: 'text', text: 'Oslo is closed' }], isError: true } },
			ms: 3
		}
	],
	ignore: ['/arguments/requestId']
};

describe('mock answers', () => {
	const answers = createMockAnswers(session);
	it('lists the recorded tools with their schemas', () => {
		expect(answers.list().map((tool) => [tool.name, tool.inputSchema])).toEqual([
			['forecast', { type: 'object', properties: { city: { type: 'string' } } }],
			['stations', { type: 'object' }]
		]);
	});
	it('answers a recorded call, matching arguments without what the ignore rules cover', () => {
		expect(answers.call('forecast', { requestId: 'other', city: 'Paris' })).toEqual({
			content: [{ type: 'text', text: 'Paris: 18' }],
			structuredContent: { tempC: 18 }
		});
		expect(answers.call('forecast', { city: 'Oslo' })).toMatchObject({
			isError: true,
			content: [{ text: 'Oslo is closed' }]
		});
	});
	it('refuses any other call with a tool error naming the closest recorded arguments', () => {
		expect(answers.call('forecast', { city: 'Pariss', requestId: 'r1' })).toEqual({
			isError: true,
			content: [
				{
					type: 'text',
					text: expect.stringContaining('The closest recorded arguments: {"city":"Paris","requestId":"r1"}')
				}
			]
		});
		expect(answers.call('alerts', {}).content[0]).toMatchObject({
			text: expect.stringContaining('recorded tools are forecast')
		});
	});
	it('renders a scenario template over the arguments', () => {
		expect(renderTemplate('{"where": "{{city}}", "n": "{{n ?? 3}}"}', { city: 'Lima' })).toEqual({
			content: [{ type: 'text', text: '{"where":"Lima","n":3}' }],
			structuredContent: { where: 'Lima', n: 3 }
		});
		expect(renderTemplate('In {{city}}', { city: 'Lima' })).toEqual({ content: [{ type: 'text', text: 'In Lima' }] });
	});
});

const children: ChildProcess[] = [];
// Inside the project, so the exported file finds the SDK in its node_modules.
mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
const dir = mkdtempSync(join(process.cwd(), 'test-results', 'mock-'));
afterAll(() => {
	for (const child of children) child.kill('SIGTERM');
	rmSync(dir, { recursive: true, force: true });
});

async function client(url: string) {
	const mcp = new Client({ name: 'client-under-test', version: '1.0.0' });
	await mcp.connect(new StreamableHTTPClientTransport(new URL(url)));
	return mcp;
}

/** Starts `node file args` and resolves with the URL it prints. */
function run(file: string, args: string[]): Promise<string> {
	const child = spawn(process.execPath, [file, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
	children.push(child);
	return new Promise((resolve, reject) => {
		let out = '';
		child.stdout.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const url = /at (http:\/\/\S+)/.exec(out)?.[1];
			if (url) resolve(url);
		});
		child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
		child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
	});
}

describe('mock server (official SDK client)', () => {
	it('serves Streamable HTTP at /mcp', async () => {
		const server = await startMockServer(session);
		const mcp = await client(server.url!);
		expect((await mcp.listTools()).tools.map((tool) => tool.name)).toEqual(['forecast', 'stations']);
		expect(await mcp.callTool({ name: 'forecast', arguments: { city: 'Paris' } })).toEqual({
			content: [{ type: 'text', text: 'Paris: 18' }],
			structuredContent: { tempC: 18 }
		});
		await mcp.close();
		await server.close();
	});
	it('exports as one .mjs file that needs only the SDK', async () => {
		const text = buildMockModule(session, {
			runtime: readFileSync(new URL('./mock-runtime.js', import.meta.url), 'utf8'),
			pointer: readFileSync(new URL('./pointer.js', import.meta.url), 'utf8')
		});
		expect(text).not.toContain("from './");
		expect(mockFileName(session.name)).toBe('autoui-mock-weather-v1.mjs');
		const file = join(dir, mockFileName(session.name));
		writeFileSync(file, text);
		const mcp = await client(await run(file, ['--port', '0']));
		expect((await mcp.listTools()).tools.map((tool) => tool.name)).toEqual(['forecast', 'stations']);
		const refused = await mcp.callTool({ name: 'forecast', arguments: { city: 'Rome' } });
		expect(refused.isError).toBe(true);
		expect(await mcp.callTool({ name: 'forecast', arguments: { city: 'Paris', requestId: 'x' } })).toMatchObject({
			structuredContent: { tempC: 18 }
		});
		await mcp.close();
	});
	it('npm run mock-server serves a Mock mode scenario on stdio', async () => {
		const file = join(dir, 'scenario.json');
		writeFileSync(
			file,
			JSON.stringify({
				format: 'autoui-mock-scenario',
				version: 1,
				name: 'Rainy',
				mocks: [
					{ server: 'weather', protocol: 'mcp', tool: 'forecast', template: '{"city": "{{city}}", "rain": true}' }
				]
			})
		);
		expect(readSession(readFileSync(file, 'utf8')).calls).toHaveLength(1);
		const mcp = new Client({ name: 'client-under-test', version: '1.0.0' });
		await mcp.connect(
			new StdioClientTransport({
				command: process.execPath,
				args: ['scripts/mock-server.js', file, '--stdio'],
				stderr: 'ignore'
			})
		);
		expect(await mcp.callTool({ name: 'forecast', arguments: { city: 'Lima' } })).toMatchObject({
			structuredContent: { city: 'Lima', rain: true }
		});
		await mcp.close();
	});
});
