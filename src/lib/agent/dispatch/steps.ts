/**
 * Building blocks of the dispatcher: the shared context, outcome shapes, error texts the
 * model reads, and the recall answer. The dispatcher (dispatcher.ts) composes them.
 */
import { isPlainObject, safeStringify, type ErrorCode, type ToolCallResult, type ToolServer } from '$lib/shared';
import type { Limiter } from './async';
import type { AgentEvent } from '../events';
import type { AgentCallbacks } from '../loop/loop-types';
import type { ToolPolicy } from '../policy';
import type { ResolvedName, ToolRegistry } from '../tools/registry';
import type { AgentState } from '../loop/state';
import type { ToolCatalog } from '../tools/catalog';

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

/** The result of one call before it is fitted and recorded. */
export type Outcome =
	| { ok: true; text: string; widgetId?: string; store: boolean; mocked?: boolean }
	| { ok: false; code: ErrorCode | string; message: string; text: string; mocked?: boolean };

/** A failed outcome whose text for the model is "Error (code): message". */
export function failure(code: ErrorCode, message: string, text?: string): Outcome {
	return { ok: false, code, message, text: text ?? `Error (${code}): ${message}` };
}

/** JSON with sorted keys, so equal arguments give equal text (loop detection). */
export function stableStringify(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
	if (isPlainObject(value)) {
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`)
			.join(',')}}`;
	}
	return safeStringify(value);
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

/** "Unknown tool" with the names the model can use (the server's own when the prefix is known). */
export function unknownToolMessage(registry: ToolRegistry, name: string, offered: ReadonlySet<string>): string {
	const server = [...registry.servers].sort((a, b) => b.prefix.length - a.prefix.length).find((candidate) => name.startsWith(candidate.prefix));
	if (server) {
		const names = (registry.toolsByServer.get(server.key) ?? []).map((entry) => entry.name);
		const shown = names.slice(0, 40).join(', ');
		return `Unknown tool "${name}": ${server.layer.serverName} has no such tool. Its tools: ${shown}${names.length > 40 ? `, … (${names.length - 40} more; use ${server.prefix}search_tools)` : ''}.`;
	}
	const names = [...offered];
	return `Unknown tool "${name}". Available tools: ${names.slice(0, 60).join(', ')}${names.length > 60 ? `, … (${names.length - 60} more)` : ''}.`;
}

/** Answers recall(id, offset?, length?) from the session buffer, page by page. */
export function answerRecall(state: AgentState, args: Record<string, unknown>, pageChars: number): Outcome {
	const id = typeof args.id === 'string' ? args.id.trim() : '';
	const stored = id ? state.results.get(id) : undefined;
	if (!stored) {
		const known = state.results.ids().slice(-20);
		return failure('not_found', `No stored result has id "${id}". ${known.length ? `Known ids: ${known.join(', ')}.` : 'No results are stored yet.'}`);
	}
	const total = stored.text.length;
	const offset = typeof args.offset === 'number' && args.offset > 0 ? Math.min(Math.floor(args.offset), total) : 0;
	const length = typeof args.length === 'number' && args.length > 0 ? Math.min(Math.floor(args.length), pageChars) : pageChars;
	if (offset === 0 && total <= length) return { ok: true, text: stored.text, store: false };
	const end = Math.min(total, offset + length);
	const more = end < total ? ` Call recall with id "${id}" and offset ${end} for the rest.` : '';
	const capped = stored.size > total ? ` (stored text capped at ${total} of ${stored.size} characters)` : '';
	return { ok: true, text: `[recall ${id}: characters ${offset}–${end} of ${total}${capped}.${more}]\n${stored.text.slice(offset, end)}`, store: false };
}
