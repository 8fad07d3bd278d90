/**
 * What one console row is: the entry kinds and statuses, the entry record itself, and the
 * per-call record the detail pane reads. Entries are plain, immutable data built only by
 * {@link makeEntry}, so every entry has the same shape and a ready search haystack.
 */
import type {
	ToolCallEvent,
	ToolResultEvent,
	ToolErrorEvent,
	ApprovalRequestEvent,
	ApprovalDecisionEvent,
	ToolProgressEvent,
	Usage
} from '$lib/agent';

/** The kinds of console entries, in the vocabulary of `[data-kind]`. */
export const entryKinds = [
	'request',
	'response',
	'text',
	'tool-call',
	'tool-result',
	'tool-error',
	'task',
	'retry',
	'activation',
	'compression',
	'schema-patch',
	'approval',
	'warning',
	'error',
	'done',
	'server-request',
	'server-log',
	'app-view',
	'agui'
] as const;

/** One of {@link entryKinds}. */
export type EntryKind = (typeof entryKinds)[number];

/** The states an entry can be in. `cancelled`: the turn ended before the call finished. */
export const entryStatuses = ['ok', 'running', 'pending', 'error', 'warning', 'cancelled'] as const;

/** One of {@link entryStatuses}. */
export type EntryStatus = (typeof entryStatuses)[number];

/** One row of the console. Plain, immutable data. */
export interface ConsoleEntry {
	/** Stable id: the position at which the entry was created. */
	id: number;
	kind: EntryKind;
	/** Epoch ms of the entry's first event. */
	at: number;
	turnId: string;
	iteration?: number;
	server?: string;
	tool?: string;
	/** The prefixed tool name the model used. */
	name?: string;
	callId?: string;
	durationMs?: number;
	/** Tokens of a provider response. */
	tokens?: Usage;
	status: EntryStatus;
	/** One line describing the entry. */
	summary: string;
	/** Index in the event array of the event the entry was made from (the first one). */
	eventIndex: number;
	/** Text of a `text` entry (all its deltas joined). */
	text?: string;
	/** Lower-cased text that search matches against. */
	haystack: string;
	/** A tool result or error that came from a mock, not the server. */
	mocked?: boolean;
}

/** Everything known about one tool call, for the detail pane and the waterfall. */
export interface CallRecord {
	call?: ToolCallEvent;
	outcome?: ToolResultEvent | ToolErrorEvent;
	approval?: ApprovalRequestEvent;
	decision?: ApprovalDecisionEvent;
	progress?: ToolProgressEvent;
	/** Epoch ms the turn ended, when it ended before the call did. */
	cancelledAt?: number;
}

/** How much of a long text (arguments, results, streamed text) search looks at. */
export const maxSearchChars = 2000;

function haystackOf(entry: ConsoleEntry, extra = ''): string {
	return [entry.kind, entry.server, entry.tool, entry.name, entry.callId, entry.summary, extra]
		.filter(Boolean)
		.join(' ')
		.slice(0, maxSearchChars * 3)
		.toLowerCase();
}

/**
 * Builds an entry with every field in one fixed order, so all entries share one shape, and
 * fills its haystack from the fields plus `extra` (searchable text not shown in the row).
 */
export function makeEntry(fields: Omit<ConsoleEntry, 'haystack' | 'id'>, id: number, extra?: string): ConsoleEntry {
	const entry: ConsoleEntry = {
		id,
		kind: fields.kind,
		at: fields.at,
		turnId: fields.turnId,
		iteration: fields.iteration,
		server: fields.server,
		tool: fields.tool,
		name: fields.name,
		callId: fields.callId,
		durationMs: fields.durationMs,
		tokens: fields.tokens,
		status: fields.status,
		summary: fields.summary,
		eventIndex: fields.eventIndex,
		text: fields.text,
		haystack: '',
		...(fields.mocked ? { mocked: true } : {})
	};
	entry.haystack = haystackOf(entry, extra);
	return entry;
}
