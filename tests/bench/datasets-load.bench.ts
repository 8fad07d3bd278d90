/**
 * The datasets server as a team service, under load (`npm run bench -- datasets-load`): the
 * standalone server as docs/DEPLOY.md runs it (`scripts/mcp-datasets.js`, default limits,
 * `UV_THREADPOOL_SIZE=16`) on loopback, 50 MCP clients at once over Streamable HTTP, each with
 * its own session, each running a mix of light queries (small data sets) and heavy ones
 * (group-bys over the 3-million-row flights table), while a probe client sends `SELECT 1`
 * every 50 ms. Figures: p50/p95 per kind, errors (tool errors and failed requests), the
 * probe's p50/p95/max under load against the same probe on the idle server, the throughput.
 * Latencies include the machine's other load: compare runs on one machine.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../fixtures/net';

type Emit = (figure: Record<string, unknown>) => void;

const CLIENTS = 50;
const QUERIES_PER_CLIENT = 4;
const LIGHT = [
	'SELECT state, count(*) AS airports FROM airports GROUP BY state ORDER BY airports DESC LIMIT 10',
	'SELECT Origin, avg(Horsepower) AS hp FROM cars GROUP BY Origin',
	'SELECT weather, count(*) AS days FROM seattle_weather GROUP BY weather'
];
const HEAVY = [
	'SELECT origin, count(*) AS flights, avg(delay) AS avg_delay FROM flights_3m GROUP BY origin ORDER BY flights DESC LIMIT 20',
	'SELECT destination, max(delay) AS worst FROM flights_3m GROUP BY destination ORDER BY worst DESC LIMIT 20'
];

function percentile(sorted: number[], p: number): number {
	if (!sorted.length) return 0;
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function connect(url: string, name: string): Promise<Client> {
	const client = new Client({ name, version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url)));
	return client;
}

/** Calls query_sql and returns its latency; a tool error or failed request counts as an error. */
async function timedQuery(client: Client, sql: string, errors: string[]): Promise<number> {
	const started = performance.now();
	try {
		const result = (await client.callTool({ name: 'query_sql', arguments: { sql } })) as CallToolResult;
		if (result.isError)
			errors.push(
				result.content
					.map((part) => (part.type === 'text' ? part.text : ''))
					.join(' ')
					.slice(0, 160)
			);
	} catch (error) {
		errors.push((error as Error).message.slice(0, 160));
	}
	return performance.now() - started;
}

/** Starts `npm run mcp:datasets`'s script on a free port; resolves with its URL and a stop function. */
async function startService(): Promise<{ url: string; stop: () => void }> {
	const port = await freePort();
	const child = spawn(process.execPath, [join(process.cwd(), 'scripts', 'mcp-datasets.js')], {
		env: { ...process.env, PORT: String(port), UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '16' },
		stdio: ['ignore', 'pipe', 'inherit']
	});
	const url = await new Promise<string>((resolve, reject) => {
		child.stdout!.on('data', (chunk: Buffer) => {
			const found = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(chunk.toString());
			if (found) resolve(found[1]);
		});
		child.once('exit', (code) => reject(new Error(`mcp:datasets exited with ${code}`)));
	});
	return { url, stop: () => void child.kill('SIGTERM') };
}

export default async function run(emit: Emit): Promise<void> {
	const server = await startService();
	try {
		// Warm the data sets once, as a running service has them (a first load is not load).
		const warm = await connect(server.url, 'warm');
		for (const sql of [...LIGHT, ...HEAVY]) await timedQuery(warm, sql, []);
		await warm.close();

		const probe = await connect(server.url, 'probe');
		const idle: number[] = [];
		for (let index = 0; index < 20; index++) idle.push(await timedQuery(probe, 'SELECT 1', []));
		idle.sort((a, b) => a - b);
		const clients = await Promise.all(
			Array.from({ length: CLIENTS }, (_, index) => connect(server.url, `client-${index}`))
		);
		const errors: string[] = [];
		const light: number[] = [];
		const heavy: number[] = [];
		const probes: number[] = [];
		let loading = true;
		const probing = (async () => {
			while (loading) {
				probes.push(await timedQuery(probe, 'SELECT 1', errors));
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
		})();
		const started = performance.now();
		await Promise.all(
			clients.map(async (client, index) => {
				for (let round = 0; round < QUERIES_PER_CLIENT; round++) {
					// Every other client is a heavy user: half its queries scan the flights table.
					const isHeavy = index % 2 === 0 && round % 2 === 0;
					const sql = isHeavy ? HEAVY[(index + round) % HEAVY.length] : LIGHT[(index + round) % LIGHT.length];
					(isHeavy ? heavy : light).push(await timedQuery(client, sql, errors));
				}
			})
		);
		const elapsed = performance.now() - started;
		loading = false;
		await probing;
		await Promise.all([probe, ...clients].map((client) => client.close()));

		for (const list of [light, heavy, probes]) list.sort((a, b) => a - b);
		const all = [...light, ...heavy].sort((a, b) => a - b);
		const note = `${CLIENTS} clients × ${QUERIES_PER_CLIENT} queries (${heavy.length} heavy), default limits`;
		emit({
			name: 'datasets-load-p50',
			value: round(percentile(all, 50)),
			unit: 'ms',
			target: null,
			p95: round(percentile(all, 95)),
			runs: all.length,
			note
		});
		emit({
			name: 'datasets-load-light-p50',
			value: round(percentile(light, 50)),
			unit: 'ms',
			target: null,
			p95: round(percentile(light, 95)),
			runs: light.length
		});
		emit({
			name: 'datasets-load-heavy-p50',
			value: round(percentile(heavy, 50)),
			unit: 'ms',
			target: null,
			p95: round(percentile(heavy, 95)),
			runs: heavy.length
		});
		emit({
			name: 'datasets-load-errors',
			value: errors.length,
			unit: 'count',
			target: 0,
			...(errors.length ? { first: errors[0] } : {})
		});
		emit({
			name: 'datasets-load-select1-p95',
			value: round(percentile(probes, 95)),
			unit: 'ms',
			target: 'never behind heavy queries (its own lane)',
			p50: round(percentile(probes, 50)),
			max: round(probes.at(-1) ?? 0),
			runs: probes.length,
			idleP50: round(percentile(idle, 50))
		});
		emit({
			name: 'datasets-load-throughput',
			value: round((all.length / elapsed) * 1000),
			unit: 'queries/s',
			target: null,
			elapsedMs: Math.round(elapsed)
		});
	} finally {
		server.stop();
	}
}
