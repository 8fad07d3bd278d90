/**
 * Turns a server's log messages into console events without letting a flood freeze the page:
 * messages are collected and handed on once per animation frame as one `server-log` event per
 * server, each server has a budget (a burst of `burst` messages, then `perSecond`), and what
 * goes past the budget is counted, not recorded. Each message's data is shortened to
 * `maxDataChars`. Pure TypeScript; the scheduler is injected so tests and benchmarks need no DOM.
 */
import type { AgentEvent, ServerLogEvent, ServerLogMessage } from '$lib/agent';
import { safeStringify, truncateText } from '$lib/shared';

/** Options of {@link LogEventBatcher}. */
export interface LogEventBatcherOptions {
	/** Receives each batch as a `server-log` event. */
	emit(event: AgentEvent): void;
	/** Schedules the flush (default: the next animation frame). */
	schedule?(flush: () => void): void;
	now?(): number;
	/** Messages a server may send at once before the rate applies. */
	burst?: number;
	/** Messages per second recorded after the burst. */
	perSecond?: number;
	/** Longest data kept per message, in characters of JSON. */
	maxDataChars?: number;
}

/** A log message as it comes in (its data not yet shortened). */
export type LogMessageInput = Omit<ServerLogMessage, 'data'> & { data: unknown };

interface Budget {
	tokens: number;
	updatedAt: number;
	dropped: number;
	lastEventAt: number;
	messages: ServerLogMessage[];
}

const nextFrame = (flush: () => void): void => {
	if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
	else setTimeout(flush, 16);
};

/** Collects log messages per server and emits them in bounded, per-frame batches. */
export class LogEventBatcher {
	#options: Required<Omit<LogEventBatcherOptions, 'emit'>> & Pick<LogEventBatcherOptions, 'emit'>;
	#servers = new Map<string, Budget>();
	#scheduled = false;

	constructor(options: LogEventBatcherOptions) {
		this.#options = { schedule: nextFrame, now: Date.now, burst: 500, perSecond: 50, maxDataChars: 2000, ...options };
	}

	/** Takes one message; it is recorded with the next batch, or counted as dropped. */
	add(server: string, message: LogMessageInput): void {
		const now = this.#options.now();
		const budget = this.#budget(server, now);
		budget.tokens = Math.min(
			this.#options.burst,
			budget.tokens + ((now - budget.updatedAt) / 1000) * this.#options.perSecond
		);
		budget.updatedAt = now;
		if (budget.tokens < 1) budget.dropped++;
		else {
			budget.tokens--;
			budget.messages.push({ ...message, data: this.#shorten(message.data) });
		}
		this.#schedule();
	}

	/** Counts messages left out before they reached the batcher. */
	drop(server: string, count: number): void {
		this.#budget(server, this.#options.now()).dropped += count;
		this.#schedule();
	}

	/** Emits what was collected (called once per frame; tests and benchmarks may call it). */
	flush(): void {
		this.#scheduled = false;
		const now = this.#options.now();
		for (const [server, budget] of this.#servers) {
			// Only drops to report: say so at most once a second while a flood lasts.
			const reportDrops = budget.dropped > 0 && now - budget.lastEventAt >= 1000;
			if (!budget.messages.length && !reportDrops) continue;
			const event: ServerLogEvent = {
				type: 'server-log',
				at: now,
				turnId: `server:${server}`,
				server,
				messages: budget.messages,
				dropped: budget.dropped
			};
			budget.messages = [];
			budget.dropped = 0;
			budget.lastEventAt = now;
			this.#options.emit(event);
		}
		if ([...this.#servers.values()].some((budget) => budget.dropped > 0)) this.#schedule();
	}

	#schedule(): void {
		if (this.#scheduled) return;
		this.#scheduled = true;
		this.#options.schedule(() => this.flush());
	}

	#budget(server: string, now: number): Budget {
		let budget = this.#servers.get(server);
		if (!budget) {
			budget = { tokens: this.#options.burst, updatedAt: now, dropped: 0, lastEventAt: 0, messages: [] };
			this.#servers.set(server, budget);
		}
		return budget;
	}

	#shorten(data: unknown): unknown {
		if (typeof data === 'string')
			return data.length > this.#options.maxDataChars ? truncateText(data, this.#options.maxDataChars) : data;
		if (data === null || typeof data !== 'object') return data;
		const text = safeStringify(data);
		return text.length > this.#options.maxDataChars ? truncateText(text, this.#options.maxDataChars) : data;
	}
}
