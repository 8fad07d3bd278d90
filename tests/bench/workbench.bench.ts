/**
 * A server flooding the page (pure TypeScript, in Node): the per-message work of the MCP
 * protocol log for a burst of 10,000 notifications/message (kind, method, size, session,
 * response matching) — what runs for each message before the one batched render. The
 * bounded, frame-batched buffers themselves are checked in protocol-log.test.ts and
 * server-requests.test.ts. Figures are medians over repeated runs.
 */
import { RequestMatcher } from '$lib/console/protocol-log';

type Emit = (figure: Record<string, unknown>) => void;

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

const round = (value: number) => Math.round(value * 100) / 100;

export default async function run(emit: Emit): Promise<void> {
	const times: number[] = [];
	for (let repeat = 0; repeat < 9; repeat++) {
		const matcher = new RequestMatcher();
		const start = performance.now();
		for (let index = 0; index < 10_000; index++) {
			const params = { level: 'info', logger: 'flood', data: { index, text: 'lorem ipsum dolor sit amet' } };
			matcher.entry(index, 'noisy', { direction: 'in', message: { jsonrpc: '2.0', method: 'notifications/message', params } as never, at: index });
		}
		times.push(performance.now() - start);
	}
	emit({ name: 'protocol-log-10000-notifications', value: round(median(times)), unit: 'ms', target: '< 100 ms' });
}
