/**
 * Console responsiveness with 5,000 entries (pure TypeScript, in Node): the time to take in
 * a batch of 100 new events (console entries + metrics + chat transcript, the work done per
 * streamed batch), the time to filter and search 5,000 entries, and a cold derivation.
 * Figures are medians over repeated runs.
 */
import { ConsoleLog } from '$lib/console/entries';
import { MetricsAccumulator } from '$lib/console/metrics';
import { filterEntries, noFilter } from '$lib/console/filters';
import { sampleSession } from '$lib/console/sample-events';
import { Transcript } from '$lib/chat/transcript';
import type { AgentEvent } from '$lib/agent';

type Emit = (figure: Record<string, unknown>) => void;

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

export default async function run(emit: Emit): Promise<void> {
	// 18 entries per sample turn: 278 turns ≈ 5,000 entries; 20 more turns supply the batches.
	const all = sampleSession(298);
	const base = all.slice(0, 278 * 21);
	const extra = all.slice(base.length);

	const appendTimes: number[] = [];
	let entriesAtStart = 0;
	for (let round_ = 0; round_ < 15; round_++) {
		const log = new ConsoleLog();
		const metrics = new MetricsAccumulator();
		const transcript = new Transcript();
		const events: AgentEvent[] = [...base];
		log.sync(events);
		metrics.sync(events);
		transcript.sync(events);
		entriesAtStart = log.entries.length;
		for (let offset = 0; offset + 100 <= extra.length; offset += 100) {
			events.push(...extra.slice(offset, offset + 100));
			const start = performance.now();
			log.sync(events);
			metrics.sync(events);
			metrics.snapshot();
			transcript.sync(events);
			appendTimes.push(performance.now() - start);
		}
	}
	emit({
		name: 'console-append-100-events',
		value: round(median(appendTimes)),
		unit: 'ms',
		target: '< 16 ms (one frame)',
		entries: entriesAtStart,
		samples: appendTimes.length
	});

	const log = new ConsoleLog();
	log.sync(base);
	const entries = log.entries;
	const filters = {
		search: { ...noFilter, search: 'paris' },
		'kind+server+status': {
			...noFilter,
			kinds: ['tool-call' as const, 'tool-error' as const],
			servers: ['weather'],
			statuses: ['error' as const]
		},
		'search-no-match': { ...noFilter, search: 'no such text anywhere' }
	};
	for (const [name, filter] of Object.entries(filters)) {
		const times: number[] = [];
		let shown = 0;
		for (let i = 0; i < 60; i++) {
			const start = performance.now();
			shown = filterEntries(entries, filter).length;
			times.push(performance.now() - start);
		}
		emit({
			name: `console-filter-${name}`,
			value: round(median(times)),
			unit: 'ms',
			target: '< 16 ms',
			entries: entries.length,
			shown
		});
	}

	const coldTimes: number[] = [];
	for (let i = 0; i < 10; i++) {
		const start = performance.now();
		const cold = new ConsoleLog();
		cold.sync(base);
		coldTimes.push(performance.now() - start);
	}
	emit({
		name: 'console-derive-5000-entries',
		value: round(median(coldTimes)),
		unit: 'ms',
		target: '< 100 ms',
		entries: entries.length
	});
}
