/**
 * Tracks how far a growing AgentEvent array has been read, so views derived from events
 * (console entries, the chat transcript) process only what was appended. An array that
 * does not extend the one read last (fewer events, or a different event at the last read
 * position: a new conversation, a loaded trace) means the reader must start over.
 */
import type { AgentEvent } from '$lib/agent';

/** What a reader must do to catch up with an event array. */
export interface CursorStep {
	/** True when the reader must drop what it derived and start from event 0. */
	reset: boolean;
	/** First event index to process. */
	start: number;
	/** One past the last event index to process. */
	end: number;
}

/** Remembers the read position in an append-only event array. */
export class EventCursor {
	#read = 0;
	#last: AgentEvent | undefined;
	#started = false;

	/** Number of events read so far. */
	get read(): number {
		return this.#read;
	}

	/** Works out which events of `events` are new and records them as read. */
	advance(events: readonly AgentEvent[]): CursorStep {
		const extends_ =
			this.#started && events.length >= this.#read && (this.#read === 0 || events[this.#read - 1] === this.#last);
		const start = extends_ ? this.#read : 0;
		this.#started = true;
		this.#read = events.length;
		this.#last = events[events.length - 1];
		return { reset: !extends_, start, end: events.length };
	}
}
