/**
 * A server flooding the page (pure TypeScript, in Node): the per-message work of the MCP
 * protocol log for a burst of 10,000 notifications/message (kind, method, size, session,
 * response matching) — what runs for each message before the one batched render — and the
 * console path of the same flood: log messages batched per frame and bounded per server
 * (`LogEventBatcher`), then turned into console entries (`ConsoleLog.sync`). The bounded,
 * frame-batched buffers themselves are checked in protocol-log.test.ts and
 * server-requests.test.ts. Figures are medians over repeated runs.
 */
import type { AgentEvent } from '$lib/agent';
import { ConsoleLog } from '$lib/console/entries';
import { RequestMatcher } from '$lib/console/protocol-log';
import { LogEventBatcher } from '$lib/workbench/server-log-events';

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
			matcher.entry(index, 'noisy', {
				direction: 'in',
				message: { jsonrpc: '2.0', method: 'notifications/message', params } as never,
				at: index
			});
		}
		times.push(performance.now() - start);
	}
	emit({ name: 'protocol-log-10000-notifications', value: round(median(times)), unit: 'ms', target: '< 100 ms' });

	// The console path: 10,000 messages in one second (160 per 16 ms frame), each frame's
	// batch appended to the session's events and the console brought up to date, as the page does.
	const consoleTimes: number[] = [];
	let entries = 0;
	let events = 0;
	for (let repeat = 0; repeat < 9; repeat++) {
		let clock = 0;
		const log: AgentEvent[] = [];
		const console = new ConsoleLog();
		const batcher = new LogEventBatcher({
			emit: (event) => log.push(event),
			schedule: () => undefined,
			now: () => clock
		});
		const start = performance.now();
		for (let index = 0; index < 10_000; index++) {
			clock = index / 10;
			batcher.add('noisy', {
				level: index % 10 ? 'info' : 'error',
				logger: 'flood',
				data: { index, text: 'lorem ipsum dolor sit amet' },
				at: clock
			});
			if (index % 160 === 159) {
				batcher.flush();
				console.sync(log);
			}
		}
		clock = 2000;
		batcher.flush();
		console.sync(log);
		consoleTimes.push(performance.now() - start);
		entries = console.entries.length;
		events = log.length;
	}
	emit({
		name: 'console-10000-log-messages',
		value: round(median(consoleTimes)),
		unit: 'ms',
		target: '< 100 ms',
		consoleEntries: entries,
		events
	});
}
