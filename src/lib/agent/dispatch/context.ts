/**
 * What every dispatch step shares: the context the loop (or a direct call) creates for one
 * assistant message, the outcome of one call before it is stored, and the event fields of
 * a call. The steps themselves live one per file beside this one; `index.ts` composes them.
 */
import type { ErrorCode, ToolCallResult, ToolServer } from '$lib/shared';
import type { AgentEvent, CallOutput, ResultSurface } from '../events';
import type { AgentCallbacks } from '../loop/loop-types';
import type { AgentState } from '../loop/state';
import type { ToolPolicy } from '../policy';
import type { ToolCatalog } from '../tools/catalog';
import type { ResolvedName, ToolRegistry } from '../tools/registry';
import type { ToolUseBlock } from '../types';
import type { Limiter } from './async';

/** Any agent event without the fields the emitter fills in (`at`, `turnId`). */
export type EventInput = AgentEvent extends infer E ? (E extends AgentEvent ? Omit<E, 'at' | 'turnId'> : never) : never;

/** Per-turn facts the dispatcher updates as calls run. */
export interface TurnProgress {
	/** Tool calls dispatched in this turn. */
	calls: number;
	/** A discovery tool was called earlier in this turn. */
	guided: boolean;
	/** ids of successful MCP (data) calls this turn, for widget provenance. */
	dataCallIds: string[];
	/** A call was refused because a limit was reached. */
	limitHit: boolean;
}

/** Pairs each registry server with its connection (same name and protocol, first unused). */
export function matchServers(registry: ToolRegistry, servers: readonly ToolServer[]): Map<string, ToolServer> {
	const map = new Map<string, ToolServer>();
	const used = new Set<ToolServer>();
	for (const entry of registry.servers) {
		const server = servers.find(
			(candidate) =>
				!used.has(candidate) && candidate.name === entry.layer.serverName && candidate.protocol === entry.layer.protocol
		);
		if (server) {
			used.add(server);
			map.set(entry.key, server);
		}
	}
	return map;
}

/** Everything one dispatch needs; created by the loop for each assistant message. */
export interface DispatchContext {
	turnId: string;
	/** Iteration of this turn (1-based), for events. */
	iteration: number;
	catalog: ToolCatalog;
	state: AgentState;
	policy: ToolPolicy;
	/** Connections by server key. */
	servers: Map<string, ToolServer>;
	callbacks: AgentCallbacks;
	emit(event: EventInput): void;
	signal?: AbortSignal;
	/** Per-server limiters (by server key), shared by the turn. */
	limiters: Map<string, Limiter>;
	turn: TurnProgress;
	lazy: boolean;
	/** Names offered in the current request. */
	offered: ReadonlySet<string>;
	/** Who makes the calls (the direct-call path sets it; absent means the model). */
	origin?: 'model' | 'manual' | 'refresh' | 'app';
	/** Sees each real tool's raw result before it is unwrapped (the direct-call path keeps it). */
	onRawResult?(callId: string, result: ToolCallResult): void;
}

/**
 * The result of one call before it is fitted and recorded. `value` is what the text stands
 * for (structuredContent, else the parsed text) when the run step already has it.
 */
export type Outcome =
	| {
			ok: true;
			text: string;
			value?: unknown;
			widgetId?: string;
			store: boolean;
			mocked?: boolean;
			output?: CallOutput;
			/** The A2UI surfaces the result embeds (ui-resources.ts). */
			surfaces?: ResultSurface[];
	  }
	| { ok: false; code: ErrorCode | string; message: string; text: string; mocked?: boolean; output?: CallOutput };

/** A failed outcome whose text for the model is "Error (code): message". */
export function failure(code: ErrorCode, message: string, text?: string): Outcome {
	return { ok: false, code, message, text: text ?? `Error (${code}): ${message}` };
}

const CANCELLED = 'Cancelled: the user stopped the turn before this call finished.';

/** The outcome of a call the user's stop ended (or kept from starting). */
export function cancelled(): Outcome {
	return failure('aborted', CANCELLED, CANCELLED);
}

/** Fields of call events for a resolved (or unresolved) name. */
export function callFields(iteration: number, callId: string, name: string, resolved: ResolvedName | undefined) {
	const entry = resolved?.entry;
	const server = entry && entry.kind !== 'recall' ? entry.server : undefined;
	return {
		iteration,
		callId,
		name,
		resolvedName: resolved?.resolvedName ?? name,
		...(server ? { server: server.layer.serverName, protocol: server.layer.protocol } : {}),
		...(entry?.kind === 'tool' ? { tool: entry.tool.name } : entry?.kind === 'pseudo' ? { tool: entry.pseudo } : {})
	};
}

/** The event fields of one call. */
export type CallFields = ReturnType<typeof callFields>;

/** One tool_use after preparation: its outcome may still be running. */
export interface PendingCall {
	block: ToolUseBlock;
	fields: CallFields;
	/** A discovery tool was called before this one in the turn. */
	guided: boolean;
	/** When the call started running (or was answered), for its elapsed time. */
	started: number;
	/** The loop warning the model reads with the result. */
	warning?: string;
	outcome: Promise<Outcome>;
}
