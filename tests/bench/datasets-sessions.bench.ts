/**
 * One client flooding the datasets server with sessions (`npm run bench -- datasets-sessions`):
 * the standalone server with default limits on 127.0.0.1; 300 concurrent `initialize` requests
 * from 127.0.0.2, then nine addresses (127.0.0.2–10) with 30 each, past the 256-session cap.
 * After each flood, another client (127.0.0.1, the real SDK client) connects and lists the
 * tools. Figures: the flood's time and outcome, the newcomer's connect time.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DatasetEngine, startStandaloneDatasetsServer } from '$lib/server/datasets';
import { postFrom, statusCounts } from '$lib/server/datasets/test-initialize';

type Emit = (figure: Record<string, unknown>) => void;

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Connects a real SDK client and lists the tools; the time both took. */
async function newcomer(url: string): Promise<{ ms: number; tools: number }> {
	const started = performance.now();
	const client = new Client({ name: 'newcomer', version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url)));
	const { tools } = await client.listTools();
	const ms = performance.now() - started;
	await client.close();
	return { ms, tools: tools.length };
}

export default async function run(emit: Emit): Promise<void> {
	const engine = await DatasetEngine.create();
	try {
		for (const [label, addresses, each] of [
			['one-address', 1, 300],
			['nine-addresses', 9, 30]
		] as const) {
			const server = await startStandaloneDatasetsServer({ port: 0, engine: async () => engine });
			try {
				const started = performance.now();
				const answers = (
					await Promise.all(
						Array.from({ length: addresses }, (_, index) =>
							Promise.all(Array.from({ length: each }, () => postFrom(server.url, `127.0.0.${index + 2}`)))
						)
					)
				).flat();
				const flood = performance.now() - started;
				const counts = statusCounts(answers);
				emit({
					name: `datasets-sessions-flood-${label}`,
					value: round(flood),
					unit: 'ms',
					target: null,
					requests: answers.length,
					sessions: counts[200] ?? 0,
					tooMany: counts[429] ?? 0,
					full: counts[503] ?? 0
				});
				const other = await newcomer(server.url);
				emit({
					name: `datasets-sessions-newcomer-after-${label}`,
					value: round(other.ms),
					unit: 'ms',
					target: '< 500 ms',
					tools: other.tools
				});
			} finally {
				await server.close();
			}
		}
	} finally {
		engine.close();
	}
}
