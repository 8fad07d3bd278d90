/**
 * Console entries derived from AgentEvents. One entry per thing worth a row: a provider
 * request or response, the streamed text of one iteration (all its text-deltas collapse into
 * one `text` entry), each tool call / result / error, retries, activations, compressions,
 * schema patches, approvals (request and decision in one entry), warnings, errors and done.
 *
 * {@link ConsoleLog} is incremental: `sync(events)` processes only the events appended since
 * the last call, so a long session stays cheap to follow live. Entries are immutable; when
 * one changes (a call finishes, more text streams in) it is replaced by a new object at the
 * same position, so keyed UI lists can update just that row.
 */
import type { AgentEvent, ServerResponseEvent } from '$lib/agent';
import { EventCursor } from './event-cursor';
import { makeEntry, maxSearchChars, type CallRecord, type ConsoleEntry } from './entry';
import { preview, thousands } from './format';
import { callFields, ownEntry, requestSummary, type EntryBase, type EntryFields } from './own-entries';
import { logEntries, requestSummary as serverRequestSummary, responseStatus, responseSummary } from './server-entries';

export { entryKinds, entryStatuses } from './entry';
export type { CallRecord, ConsoleEntry, EntryKind, EntryStatus } from './entry';
export { formatClock, formatDuration, preview } from './format';

/**
 * Builds and keeps console entries for a growing event array. Call `sync(events)` whenever
 * the array may have grown; a different array that does not extend the last one (a new
 * conversation, a loaded trace) is re-derived from scratch.
 */
export class ConsoleLog {
	#entries: ConsoleEntry[] = [];
	#cursor = new EventCursor();
	/** Entry position by key: `text:<turn>:<iteration>`, `call:<callId>`, `approval:<callId>`, `request:<turn>:<iteration>`. */
	#index = new Map<string, number>();
	#calls = new Map<string, CallRecord>();
	#requests = new Map<string, number>();
	#turnTexts = new Map<string, string>();
	/** Extra searchable text per entry position (arguments, results, streamed text). */
	#extras = new Map<number, string>();
	/** Call ids and request positions of each turn, to settle them when the turn ends. */
	#turnItems = new Map<string, { callIds: string[]; requests: number[] }>();
	/** How each server request ended, by request id. */
	#responses = new Map<string, ServerResponseEvent>();
	#version = 0;

	/** The entries in the order they were created. Do not mutate. */
	get entries(): readonly ConsoleEntry[] {
		return this.#entries;
	}

	/** Increases whenever entries change, so callers can cheaply tell if they must redraw. */
	get version(): number {
		return this.#version;
	}

	/** Everything known about one tool call. */
	call(callId: string): CallRecord | undefined {
		return this.#calls.get(callId);
	}

	/** All tool calls, in call order. */
	calls(): IterableIterator<[string, CallRecord]> {
		return this.#calls.entries();
	}

	/** Id of the `tool-call` entry of a call (or its approval entry when it has no call). */
	entryIdForCall(callId: string): number | undefined {
		return this.#index.get(`call:${callId}`) ?? this.#index.get(`approval:${callId}`);
	}

	/** How a server's request (sampling, elicitation) ended, once it did. */
	serverResponse(requestId: string): ServerResponseEvent | undefined {
		return this.#responses.get(requestId);
	}

	/** Index of the request event of an iteration in the synced array. */
	requestIndex(turnId: string, iteration: number): number | undefined {
		return this.#requests.get(`${turnId}:${iteration}`);
	}

	/** The user's text of a turn. */
	turnText(turnId: string): string | undefined {
		return this.#turnTexts.get(turnId);
	}

	/**
	 * Brings the entries up to date with `events`. Appending to the same array (or passing a
	 * copy that starts with the same event objects) processes only the new events; anything
	 * else starts over. Returns true when entries changed.
	 */
	sync(events: readonly AgentEvent[]): boolean {
		const { reset, start, end } = this.#cursor.advance(events);
		if (reset) this.#reset();
		if (start === end) return reset;
		for (let i = start; i < end; i++) this.#add(events[i], i);
		this.#version++;
		return true;
	}

	#reset(): void {
		this.#entries = [];
		this.#index.clear();
		this.#calls.clear();
		this.#requests.clear();
		this.#turnTexts.clear();
		this.#extras.clear();
		this.#turnItems.clear();
		this.#responses.clear();
		this.#version++;
	}

	#push(key: string | null, entry: EntryFields, extra?: string): number {
		const id = this.#entries.length;
		this.#entries.push(makeEntry(entry, id, extra));
		if (extra) this.#extras.set(id, extra);
		if (key) this.#index.set(key, id);
		return id;
	}

	#update(key: string, change: (entry: ConsoleEntry) => Partial<ConsoleEntry>, extra?: string): boolean {
		const position = this.#index.get(key);
		if (position === undefined) return false;
		const old = this.#entries[position];
		if (extra !== undefined) this.#extras.set(position, extra);
		this.#entries[position] = makeEntry(
			Object.assign(makeEntry(old, old.id), change(old)),
			old.id,
			this.#extras.get(position)
		);
		return true;
	}

	#turn(turnId: string): { callIds: string[]; requests: number[] } {
		let items = this.#turnItems.get(turnId);
		if (!items) {
			items = { callIds: [], requests: [] };
			this.#turnItems.set(turnId, items);
		}
		return items;
	}

	#record(callId: string): CallRecord {
		let record = this.#calls.get(callId);
		if (!record) {
			record = {};
			this.#calls.set(callId, record);
		}
		return record;
	}

	#add(event: AgentEvent, index: number): void {
		const base: EntryBase = { at: event.at, turnId: event.turnId, eventIndex: index };
		switch (event.type) {
			case 'turn-start':
				this.#turnTexts.set(event.turnId, event.text);
				return;
			case 'request':
				this.#requests.set(`${event.turnId}:${event.iteration}`, index);
				this.#turn(event.turnId).requests.push(
					this.#push(`request:${event.turnId}:${event.iteration}`, {
						...base,
						kind: 'request',
						iteration: event.iteration,
						status: 'running',
						summary: requestSummary(event)
					})
				);
				return;
			case 'response':
				this.#update(`request:${event.turnId}:${event.iteration}`, () => ({
					status: 'ok',
					durationMs: event.latencyMs
				}));
				break;
			case 'tool-input-delta':
				// Transient: the tool-call entry shows the whole arguments.
				return;
			case 'text-delta': {
				const key = `text:${event.turnId}:${event.iteration}`;
				const position = this.#index.get(key);
				if (position === undefined) {
					this.#push(
						key,
						{
							...base,
							kind: 'text',
							iteration: event.iteration,
							status: 'ok',
							text: event.text,
							summary: preview(event.text, 200)
						},
						event.text.slice(0, maxSearchChars)
					);
					return;
				}
				const text = (this.#entries[position].text ?? '') + event.text;
				this.#update(
					key,
					(old) => ({ text, summary: preview(text, 200), durationMs: event.at - old.at }),
					text.slice(0, maxSearchChars)
				);
				return;
			}
			case 'tool-call': {
				this.#record(event.callId).call = event;
				this.#turn(event.turnId).callIds.push(event.callId);
				const args = preview(event.args, maxSearchChars);
				const summary = `${event.tool ?? event.resolvedName}(${args.length > 100 ? `${args.slice(0, 99)}…` : args})`;
				this.#push(
					`call:${event.callId}`,
					{ ...base, ...callFields(event), kind: 'tool-call', status: 'running', summary },
					args
				);
				return;
			}
			case 'tool-progress': {
				this.#record(event.callId).progress = event;
				const total = event.total ? ` / ${event.total}` : '';
				this.#update(`call:${event.callId}`, (old) => ({
					summary: `${old.summary.replace(/ · progress .*$/, '')} · progress ${event.progress}${total}${event.message ? ` ${event.message}` : ''}`
				}));
				return;
			}
			case 'tool-result':
			case 'tool-error': {
				const record = this.#record(event.callId);
				record.outcome = event;
				const failed = event.type === 'tool-error';
				const status = !failed ? 'ok' : event.code === 'aborted' ? 'cancelled' : 'error';
				this.#update(`call:${event.callId}`, () => ({ status, durationMs: event.elapsedMs }));
				const summary = failed
					? `${event.code}: ${preview(event.error, 160)}`
					: `${thousands(event.size)} chars${event.truncated ? ' (truncated)' : ''}${event.widgetId ? ` → ${event.widgetId}` : ''} · ${preview(event.result, 100)}`;
				this.#push(
					null,
					{
						...base,
						...callFields(event),
						kind: event.type,
						durationMs: event.elapsedMs,
						status,
						summary: event.mocked ? `mocked · ${summary}` : summary,
						...(event.mocked ? { mocked: true } : {})
					},
					preview(event.result, maxSearchChars)
				);
				return;
			}
			case 'approval-request': {
				const record = this.#record(event.callId);
				record.approval = event;
				if (!record.call) this.#turn(event.turnId).callIds.push(event.callId);
				this.#update(`call:${event.callId}`, () => ({ status: 'pending' }));
				this.#push(`approval:${event.callId}`, {
					...base,
					...callFields(event),
					kind: 'approval',
					status: 'pending',
					summary: `waiting for approval: ${preview(event.reason, 160)}`
				});
				return;
			}
			case 'approval-decision': {
				const record = this.#record(event.callId);
				record.decision = event;
				const denied = event.decision === 'deny';
				const waited = record.approval ? event.at - record.approval.at : undefined;
				const summary = `${denied ? 'denied' : event.decision === 'allow-always' ? 'always allowed' : 'allowed once'}${record.approval ? `: ${preview(record.approval.reason, 140)}` : ''}`;
				if (
					!this.#update(`approval:${event.callId}`, () => ({
						status: denied ? 'error' : 'ok',
						summary,
						durationMs: waited
					}))
				)
					this.#push(`approval:${event.callId}`, {
						...base,
						...callFields(event),
						kind: 'approval',
						status: denied ? 'error' : 'ok',
						summary
					});
				this.#update(`call:${event.callId}`, () => ({ status: denied ? 'error' : 'running' }));
				return;
			}
			case 'server-log':
				for (const entry of logEntries(event)) this.#push(null, { ...base, ...entry }, entry.extra);
				return;
			case 'server-request':
				this.#push(
					`server-request:${event.requestId}`,
					{
						...base,
						kind: 'server-request',
						server: event.server,
						tool: event.method,
						callId: event.callId,
						status: 'pending',
						summary: serverRequestSummary(event)
					},
					preview(event.params, maxSearchChars)
				);
				return;
			case 'server-response': {
				this.#responses.set(event.requestId, event);
				const change = (old: ConsoleEntry) => ({
					status: responseStatus(event),
					durationMs: event.elapsedMs,
					summary: responseSummary(old.summary, event)
				});
				const extra = event.result ? preview(event.result, maxSearchChars) : undefined;
				if (!this.#update(`server-request:${event.requestId}`, change, extra)) {
					this.#push(
						`server-request:${event.requestId}`,
						{
							...base,
							kind: 'server-request',
							server: event.server,
							tool: event.method,
							status: responseStatus(event),
							durationMs: event.elapsedMs,
							summary: responseSummary(event.method, event)
						},
						extra
					);
				}
				return;
			}
			case 'done':
				this.#finishTurn(event.turnId, event.at, event.reason);
				break;
		}
		// Responses, retries, activations, compressions, schema patches, warnings, errors,
		// app-view messages and the end of a turn add a row of their own (own-entries.ts).
		const own = ownEntry(event, base);
		if (own) this.#push(null, own.entry, own.extra);
	}

	/** Marks what was still running in a finished turn as cancelled. */
	#finishTurn(turnId: string, at: number, reason: string): void {
		const items = this.#turnItems.get(turnId);
		if (!items) return;
		for (const callId of items.callIds) {
			const record = this.#calls.get(callId);
			if (!record || record.outcome || record.decision?.decision === 'deny') continue;
			record.cancelledAt = at;
			this.#update(`call:${callId}`, (old) => ({ status: 'cancelled', durationMs: at - old.at }));
			if (record.approval && !record.decision)
				this.#update(`approval:${callId}`, () => ({ status: 'cancelled', summary: `not answered (${reason})` }));
		}
		for (const position of items.requests) {
			const entry = this.#entries[position];
			if (entry.status === 'running')
				this.#entries[position] = makeEntry(
					{ ...entry, status: reason === 'error' ? 'error' : 'cancelled' },
					entry.id,
					this.#extras.get(position)
				);
		}
	}
}

/** Derives all entries of an event array at once (a fresh {@link ConsoleLog}). */
export function deriveEntries(events: readonly AgentEvent[]): readonly ConsoleEntry[] {
	const log = new ConsoleLog();
	log.sync(events);
	return log.entries;
}
