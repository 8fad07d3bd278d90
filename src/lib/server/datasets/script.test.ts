import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tests/fixtures/net';

let child: ChildProcess | undefined;
afterAll(() => {
	child?.kill('SIGTERM');
});

describe('npm run mcp:datasets', () => {
	it('starts the standalone server on the PORT it is given and serves MCP clients', async () => {
		const port = await freePort();
		child = spawn(process.execPath, [join(process.cwd(), 'scripts', 'mcp-datasets.js')], {
			env: { ...process.env, PORT: String(port) },
			stdio: ['ignore', 'pipe', 'pipe']
		});
		const url = await new Promise<string>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error('the script did not start in 20 s')), 20_000);
			child!.stdout!.on('data', (chunk: Buffer) => {
				const found = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(chunk.toString());
				if (found) {
					clearTimeout(timer);
					resolve(found[1]);
				}
			});
			child!.once('exit', (code) => reject(new Error(`the script exited with ${code}`)));
		});
		expect(url).toBe(`http://127.0.0.1:${port}/mcp`);
		const client = new Client({ name: 'script-test', version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(new URL(url)));
		try {
			const { tools } = await client.listTools();
			expect(tools.map((tool) => tool.name)).toContain('query_sql');
			const recipes = await client.callTool({ name: 'list_recipes', arguments: {} });
			expect(JSON.stringify(recipes)).toContain('compare-groups-bar');
		} finally {
			await client.close();
		}
		const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
		child.kill('SIGTERM');
		expect(await exited).toBe(0);
	}, 40_000);
});
