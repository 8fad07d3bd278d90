/** The types, constants and pure helpers of the server requests (`server-requests.svelte.ts`). */
import type { CreateMessageRequest, ElicitRequest, LoggingMessageNotification } from '@modelcontextprotocol/client';
import type { AgentEvent, ServerRequestEvent, ServerResponseEvent } from '$lib/agent';
import type { RequestContext } from '$lib/mcp';
import type { CallerInfo } from '$lib/shared';

/** Where a request's card belongs: beside the agent's call, in the workbench, or in the dock. */
export type RequestPlace = 'chat' | 'workbench' | 'dock';

interface PendingBase {
	id: string;
	server: string;
	at: number;
	/** The call in progress when the request came, when its origin is clear. */
	caller?: CallerInfo;
	place: RequestPlace;
}

/** A request waiting for the user. */
export type PendingRequest =
	| (PendingBase & { kind: 'sampling'; params: CreateMessageRequest['params'] })
	| (PendingBase & { kind: 'elicitation'; params: ElicitRequest['params'] });

/** How the user settled a sampling request. */
export type SamplingDecision = 'approved' | 'edited' | 'typed';

/** One notifications/message from a server. */
export interface ServerLogEntry {
	id: number;
	server: string;
	level: LoggingMessageNotification['params']['level'];
	logger?: string;
	data: unknown;
	at: number;
}

/** Generates a sampling answer with the configured model (absent when none is configured). */
export type SampleFunction = (
	params: CreateMessageRequest['params'],
	signal: AbortSignal
) => Promise<{ text: string; model: string }>;

/** Constructor options. */
export interface ServerRequestsOptions {
	sample?: SampleFunction;
	/** Whether a model is configured right now (default: when `sample` is given). */
	canSample?(): boolean;
	/** Called after the user changed a server's roots (send notifications/roots/list_changed). */
	onRootsChanged?(server: string): void;
	/** Where roots are kept (localStorage-like); absent keeps them for this visit. */
	storage?: Pick<Storage, 'getItem' | 'setItem'>;
	/** Most log entries kept (oldest dropped first). */
	logLimit?: number;
	/** Most requests one server may have waiting; more are refused at once. */
	pendingLimit?: number;
	/** Receives the requests, their outcomes and log batches as console events. */
	onEvent?(event: AgentEvent): void;
	/** How long a card no view shows waits before the dock shows it (ms). */
	orphanAfterMs?: number;
}

export const methods = { sampling: 'sampling/createMessage', elicitation: 'elicitation/create' } as const;

/** The call a request came during: the newest one, when every call in progress has the same origin. */
export function relatedCall(context: RequestContext | undefined): CallerInfo | undefined {
	const callers = (context?.calls ?? []).map((call) => call.caller);
	if (!callers.length || callers.some((caller) => !caller || caller.origin !== callers[0]?.origin)) return undefined;
	return callers[callers.length - 1];
}

export const ROOTS_KEY = 'autoui.workbench.roots.v1';
export const frame: (callback: () => void) => unknown =
	typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (callback) => setTimeout(callback, 16);

/** The console event for a request that came from a server. */
export function requestEvent(entry: PendingRequest, method: ServerRequestEvent['method']): ServerRequestEvent {
	const { caller } = entry;
	return {
		type: 'server-request',
		at: entry.at,
		turnId: caller?.turnId ?? `server:${entry.server}`,
		requestId: entry.id,
		server: entry.server,
		method,
		params: { ...entry.params },
		...(caller ? { callId: caller.callId, origin: caller.origin } : {})
	};
}

/** The console event for how a request was settled. */
export function responseEvent(
	request: PendingRequest,
	decision: ServerResponseEvent['decision'],
	outcome: { result?: object; error?: string },
	at = Date.now()
): ServerResponseEvent {
	return {
		type: 'server-response',
		at,
		turnId: request.caller?.turnId ?? `server:${request.server}`,
		requestId: request.id,
		server: request.server,
		method: methods[request.kind],
		decision,
		...(outcome.result ? { result: { ...outcome.result } } : {}),
		...(outcome.error ? { error: outcome.error } : {}),
		elapsedMs: at - request.at
	};
}

/** A refusal the SDK sends back to the server as a JSON-RPC error. */
export class RefusedError extends Error {
	readonly code = -32600;
	constructor(message: string) {
		super(message);
		this.name = 'RefusedError';
	}
}
