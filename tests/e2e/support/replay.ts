/**
 * What the replay journey needs beside the page: the two versions of the weather fixture
 * server, the `replay` and `mock-server` scripts run as CI would run them, and an SDK client.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort } from '../../fixtures/net';
import { waitForPort } from '../../fixtures/mcp/launchers';

const serverFile = join(process.cwd(), 'tests', 'fixtures', 'mcp', 'servers', 'weather-server.mjs');

/** A process a test started; `stop()` ends it. */
export interface Started {
	url: string;
	stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
	return () =>
		new Promise((resolve) => {
			if (child.exitCode !== null || child.signalCode !== null) return resolve();
			child.once('exit', () => resolve());
			child.kill('SIGTERM');
		});
}

/** The weather server, version 1 or 2 (`dieAfterCalls`: it exits after that many tool calls). */
export async function startWeather(version: 1 | 2, options: { dieAfterCalls?: number } = {}): Promise<Started> {
	const port = await freePort();
	const child = spawn(process.execPath, [serverFile], {
		env: {
			...process.env,
			PORT: String(port),
			VERSION: String(version),
			DIE_AFTER_CALLS: String(options.dieAfterCalls ?? 0)
		},
		stdio: 'ignore'
	});
	await waitForPort(port, 20_000, child);
	return { url: `http://127.0.0.1:${port}/mcp`, stop: stopper(child) };
}

/**
 * `npm run replay -- <args>` as CI runs it (`viaNpm`), or the script it names straight away
 * (the same program, without npm's start-up): its exit code, stdout and stderr.
 */
export function runReplay(args: string[], viaNpm = false): { code: number | null; stdout: string; stderr: string } {
	const run = viaNpm
		? spawnSync('npm', ['run', '--silent', 'replay', '--', ...args], { encoding: 'utf8', timeout: 60_000 })
		: spawnSync(process.execPath, ['scripts/replay.js', ...args], { encoding: 'utf8', timeout: 60_000 });
	return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Starts `node <file> <args>` (a mock server) and resolves once it prints its address. */
export function startMock(command: string[]): Promise<Started> {
	const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
	return new Promise((resolve, reject) => {
		let out = '';
		const read = (chunk: Buffer) => {
			out += chunk.toString();
			const url = /at (http:\/\/\S+\/mcp)/.exec(out)?.[1];
			if (url) resolve({ url, stop: stopper(child) });
		};
		child.stdout.on('data', read);
		child.stderr.on('data', read);
		child.once('exit', (code) => reject(new Error(`the mock server exited (${code}): ${out}`)));
	});
}

/** An official SDK client connected to `url`. */
export async function sdkClient(url: string): Promise<Client> {
	const client = new Client({ name: 'client-under-test', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url)));
	return client;
}
