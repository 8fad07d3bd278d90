/**
 * Session metrics for the console's metrics bar, accumulated incrementally from
 * AgentEvents: iterations, tool calls, errors, tokens, cache-read share, context used vs
 * the model's window, per-server latency percentiles, time to first token and estimated
 * cost (for models listed in models.json).
 *
 * Token accounting assumes the neutral `Usage` meaning: `inputTokens` are uncached prompt
 * tokens, and cache reads/writes are counted apart, so a request's prompt size is
 * input + cacheRead + cacheWrite.
 */
import type { AgentEvent, Usage } from '$lib/agent';
import { EventCursor } from './event-cursor';
import { estimateCost, findModel } from './models';

/** Latency of one server's tool calls. */
export interface ServerLatency {
	server: string;
	calls: number;
	errors: number;
	/** Median and 95th percentile (nearest rank) of elapsed ms. */
	p50: number;
	p95: number;
	max: number;
}

/** A snapshot of the session's metrics. */
export interface ConsoleMetrics {
	turns: number;
	/** Provider responses (loop iterations that completed). */
	iterations: number;
	toolCalls: number;
	/** Failed tool calls plus failed turns. */
	errors: number;
	warnings: number;
	retries: number;
	usage: Usage;
	/** Cache reads as a share of all prompt tokens, or null before any response. */
	cacheReadShare: number | null;
	/** The latest request's size against the model's window (null window: unknown model). */
	context: { used: number; window: number | null; share: number | null } | null;
	/** Time to first token: latest and median, in ms. */
	ttft: { last: number | null; median: number | null };
	/** Servers by call count, most used first. */
	servers: ServerLatency[];
	/** Estimated US dollars; `partial` when some responses came from unlisted models. */
	cost: { usd: number; partial: boolean } | null;
	/** The model of the latest response (or the override). */
	model: string | null;
}

/** The value at quantile `q` (0..1) of ascending `sorted` values, nearest rank. */
export function percentile(sorted: readonly number[], q: number): number {
	if (sorted.length === 0) return 0;
	const rank = Math.max(1, Math.ceil(q * sorted.length));
	return sorted[Math.min(sorted.length, rank) - 1];
}

const emptyUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });

/** Accumulates metrics over a growing event array; `sync` reads only appended events. */
export class MetricsAccumulator {
	#cursor = new EventCursor();
	#turns = 0;
	#iterations = 0;
	#toolCalls = 0;
	#errors = 0;
	#warnings = 0;
	#retries = 0;
	#usage = emptyUsage();
	#lastPrompt: { tokens: number; model: string } | null = null;
	#ttfts: number[] = [];
	#latencies = new Map<string, { elapsed: number[]; errors: number }>();
	#costUsd = 0;
	#priced = 0;
	#unpriced = 0;
	#model: string | null = null;

	/** Reads the events appended since the last call (or starts over for a new array). */
	sync(events: readonly AgentEvent[]): void {
		const { reset, start, end } = this.#cursor.advance(events);
		if (reset) this.#reset();
		for (let i = start; i < end; i++) this.#add(events[i]);
	}

	#reset(): void {
		this.#turns = this.#iterations = this.#toolCalls = this.#errors = this.#warnings = this.#retries = 0;
		this.#usage = emptyUsage();
		this.#lastPrompt = null;
		this.#ttfts = [];
		this.#latencies.clear();
		this.#costUsd = this.#priced = this.#unpriced = 0;
		this.#model = null;
	}

	#add(event: AgentEvent): void {
		switch (event.type) {
			case 'turn-start':
				this.#turns++;
				return;
			case 'response': {
				this.#iterations++;
				const usage = event.usage;
				this.#usage.inputTokens += usage.inputTokens;
				this.#usage.outputTokens += usage.outputTokens;
				this.#usage.cacheReadTokens += usage.cacheReadTokens;
				this.#usage.cacheWriteTokens += usage.cacheWriteTokens;
				this.#lastPrompt = {
					tokens: usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens + usage.outputTokens,
					model: event.model
				};
				this.#model = event.model;
				if (event.ttftMs !== null) this.#ttfts.push(event.ttftMs);
				const cost = estimateCost(event.model, usage);
				if (cost === null) this.#unpriced++;
				else {
					this.#costUsd += cost;
					this.#priced++;
				}
				return;
			}
			case 'retry':
				this.#retries++;
				return;
			case 'tool-call':
				this.#toolCalls++;
				return;
			case 'tool-result':
			case 'tool-error': {
				const server = event.server ?? '(local)';
				let latency = this.#latencies.get(server);
				if (!latency) {
					latency = { elapsed: [], errors: 0 };
					this.#latencies.set(server, latency);
				}
				// A call the user stopped is neither a latency sample nor an error of the server.
				if (event.type === 'tool-error' && event.code === 'aborted') return;
				latency.elapsed.push(event.elapsedMs);
				if (event.type === 'tool-error') {
					latency.errors++;
					this.#errors++;
				}
				return;
			}
			case 'error':
				this.#errors++;
				return;
			case 'warning':
				this.#warnings++;
				return;
			default:
				return;
		}
	}

	/** The current metrics. `model` overrides the model used for the context window. */
	snapshot(model?: string | null): ConsoleMetrics {
		const usage = { ...this.#usage };
		const prompt = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
		const windowModel = model || this.#lastPrompt?.model || this.#model;
		const window = findModel(windowModel)?.contextWindow ?? null;
		const servers = [...this.#latencies].map(([server, latency]) => {
			const sorted = [...latency.elapsed].sort((a, b) => a - b);
			return {
				server,
				calls: sorted.length,
				errors: latency.errors,
				p50: percentile(sorted, 0.5),
				p95: percentile(sorted, 0.95),
				max: sorted.at(-1) ?? 0
			};
		});
		servers.sort((a, b) => b.calls - a.calls || a.server.localeCompare(b.server));
		const ttfts = [...this.#ttfts].sort((a, b) => a - b);
		return {
			turns: this.#turns,
			iterations: this.#iterations,
			toolCalls: this.#toolCalls,
			errors: this.#errors,
			warnings: this.#warnings,
			retries: this.#retries,
			usage,
			cacheReadShare: prompt > 0 ? usage.cacheReadTokens / prompt : null,
			context: this.#lastPrompt
				? { used: this.#lastPrompt.tokens, window, share: window ? this.#lastPrompt.tokens / window : null }
				: null,
			ttft: { last: this.#ttfts.at(-1) ?? null, median: ttfts.length ? percentile(ttfts, 0.5) : null },
			servers,
			cost: this.#priced > 0 ? { usd: this.#costUsd, partial: this.#unpriced > 0 } : null,
			model: model || this.#model
		};
	}
}

/** Metrics of an event array at once. */
export function computeMetrics(events: readonly AgentEvent[], model?: string | null): ConsoleMetrics {
	const accumulator = new MetricsAccumulator();
	accumulator.sync(events);
	return accumulator.snapshot(model);
}

/** Formats a token count compactly: 950, 12.3k, 1.2M. */
export function formatTokens(tokens: number): string {
	if (tokens < 1000) return String(tokens);
	if (tokens < 1_000_000) return `${(tokens / 1000).toFixed(tokens < 10_000 ? 1 : 0)}k`;
	return `${(tokens / 1_000_000).toFixed(1)}M`;
}

/** Formats US dollars: `$0.0042`, `$1.27`. */
export function formatUsd(usd: number): string {
	if (usd === 0) return '$0';
	if (usd < 0.01) return `$${usd.toFixed(4)}`;
	return `$${usd.toFixed(2)}`;
}
