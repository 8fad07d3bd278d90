/**
 * The agent events that servers cause from outside the loop: their log messages and their
 * requests of the user (sampling, elicitation) with how each ended. Part of the `AgentEvent`
 * union (`events.ts`).
 */
import type { EventBase } from './event-base';

/** Severity of a server's log message (MCP `LoggingLevel`, syslog order). */
export type ServerLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** One `notifications/message` a server sent. */
export interface ServerLogMessage {
	level: ServerLogLevel;
	logger?: string;
	/** The message's data, shortened when large. */
	data: unknown;
	at: number;
}

/**
 * Log messages one server sent (`notifications/message`), collected over one animation frame.
 * A flood is bounded: what goes past the budget is counted in `dropped`, not recorded.
 */
export interface ServerLogEvent extends EventBase {
	type: 'server-log';
	server: string;
	messages: ServerLogMessage[];
	/** Messages of this server left out since the previous batch, to keep the page responsive. */
	dropped: number;
}

/** The methods a server can ask of the user through the app. */
export type ServerRequestMethod = 'sampling/createMessage' | 'elicitation/create';

/**
 * A server asked something of the user (sampling or elicitation). `params` are the request's
 * own (messages, model preferences, limits; or message, mode, schema, URL). When a call was in
 * progress on that server, `callId`/`origin` name it and `turnId` is its turn.
 */
export interface ServerRequestEvent extends EventBase {
	type: 'server-request';
	requestId: string;
	server: string;
	method: ServerRequestMethod;
	params: Record<string, unknown>;
	callId?: string;
	origin?: 'model' | 'manual' | 'refresh' | 'app';
}

/**
 * How a server's request ended. Sampling: `approved` (the model ran; `edited` when the user
 * changed its answer), `typed` (the user wrote the answer), `denied`. Elicitation: `accept`,
 * `decline`, `cancel`. Either: `withdrawn` (the server cancelled), `refused` (too many waiting)
 * or `expired` (restored from an earlier page, which alone could answer it).
 */
export interface ServerResponseEvent extends EventBase {
	type: 'server-response';
	requestId: string;
	server: string;
	method: ServerRequestMethod;
	decision:
		'approved' | 'edited' | 'typed' | 'denied' | 'accept' | 'decline' | 'cancel' | 'withdrawn' | 'refused' | 'expired';
	/** What the server received: the sampling answer or the form's content. */
	result?: Record<string, unknown>;
	/** The error the server received, for a refusal. */
	error?: string;
	elapsedMs: number;
}
