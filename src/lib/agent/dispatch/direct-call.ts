/**
 * Tool calls the model did not make — a manual call from the workbench, a live widget's
 * refresh, an MCP App view's call — run through the same per-call code as the model's
 * (`dispatchToolCalls`): registry lookup, blocklist, argument validation, approval, timeout,
 * per-server concurrency, progress, result storage (so `{"$ref"}` and recall work on them)
 * and the usual events, marked with their `origin` so the console lists them.
 */
import { errorMessage, randomId, type ToolCallResult, type ToolServer } from '$lib/shared';
import { withAppTools } from '../tools/app-tools';
import { dispatchToolCalls, type EventInput } from '.';
import { matchServers } from './context';
import type { AgentEvent, ApprovalDecision } from '../events';
import type { AgentCallbacks } from '../loop/loop-types';
import { resolvePolicy, type ApprovalRequest, type ToolPolicy } from '../policy';
import { resultValue, storedValue } from '../references';
import { buildToolRegistry, type ToolRegistry } from '../tools/registry';
import { sameLayers } from '../tools/same-layers';
import type { AgentState } from '../loop/state';
import { createToolCatalog, type ToolCatalog } from '../tools/catalog';
import type { ToolLayer } from '../types';

/** Who made a call. */
export type CallOrigin = 'model' | 'manual' | 'refresh' | 'app';

/** A call the model did not make. */
export interface DirectCallRequest {
	/** The registry (prefixed) name, e.g. "datasets_mcp_query_sql". */
	tool: string;
	args: Record<string, unknown>;
	origin: Exclude<CallOrigin, 'model'>;
	signal?: AbortSignal;
	timeoutMs?: number;
	onProgress?(progress: { progress: number; total?: number; message?: string }): void;
	/** `unless-read-only`: ask the user first when the tool is not annotated read-only (refreshes). */
	confirm?: 'unless-read-only';
}

/** What a direct call produced. */
export interface DirectCallOutcome {
	ok: boolean;
	/** Also the id a later `{"$ref": "<callId>"}` or recall uses. */
	callId: string;
	/** The raw MCP result, when the tool ran (isError results included). */
	result?: ToolCallResult;
	/** structuredContent, else the text parsed as JSON, else the text. */
	value?: unknown;
	error?: string;
	code?: string;
	elapsedMs: number;
}

/**
 * What direct calls keep between the calls of one conversation: the registry and adapted
 * schemas of the tools they last ran with, reused while the tools stay the same.
 */
export interface DirectCallCache {
	layers?: readonly ToolLayer[];
	registry?: ToolRegistry;
	catalog?: ToolCatalog;
	offered?: ReadonlySet<string>;
}

/** What a direct call runs with (the conversation's tools, state and approvals). */
export interface DirectCallContext {
	layers: readonly ToolLayer[];
	servers: readonly ToolServer[];
	/** The registry of `layers` when the caller has one (a tool hub); built from them otherwise. */
	registry?: ToolRegistry;
	/** Kept by the caller between calls, so the tools are not rebuilt for each call. */
	cache?: DirectCallCache;
	state: AgentState;
	policy?: Partial<ToolPolicy>;
	/** Receives every event, complete (`at`, `turnId`, `origin`). */
	emit(event: AgentEvent): void;
	requestApproval?(request: ApprovalRequest): Promise<ApprovalDecision>;
}

/** The registry and catalog for a call: the caller's or the cached ones, rebuilt when the tools changed. */
function toolsFor(request: DirectCallRequest, context: DirectCallContext): Required<Omit<DirectCallCache, 'layers'>> {
	const build = (layers: readonly ToolLayer[], registry = buildToolRegistry(layers)) => {
		const catalog = createToolCatalog(layers, { registry, profile: 'strict', flatten: false });
		return { registry, catalog, offered: new Set(registry.entries.keys()) };
	};
	// A View's calls also see its app-only tools, which no shared registry holds.
	if (request.origin === 'app') return build(context.layers.map(withAppTools));
	const cache = context.cache ?? {};
	const current = context.registry
		? cache.registry === context.registry
		: cache.registry !== undefined && sameLayers(cache.layers ?? [], context.layers);
	if (!current || !cache.catalog || !cache.offered)
		Object.assign(cache, { layers: context.layers }, build(context.layers, context.registry));
	return { registry: cache.registry!, catalog: cache.catalog!, offered: cache.offered! };
}

/** Runs one call the model did not make. Never throws: failures are outcomes. */
export async function runDirectCall(
	request: DirectCallRequest,
	context: DirectCallContext
): Promise<DirectCallOutcome> {
	const started = performance.now();
	const callId = randomId(`${request.origin}_`, 10);
	const turnId = `${request.origin}:${callId}`;
	try {
		const { registry, catalog, offered } = toolsFor(request, context);
		const base = resolvePolicy(context.policy);
		const policy: ToolPolicy = {
			...base,
			...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}),
			...(request.confirm === 'unless-read-only' && base.approval !== 'off' ? { approval: 'cautious' as const } : {})
		};
		const emit = (event: EventInput): void => {
			const complete = {
				...event,
				at: Date.now(),
				turnId,
				...('callId' in event ? { origin: request.origin } : {})
			} as AgentEvent;
			if (complete.type === 'tool-progress' && complete.callId === callId)
				request.onProgress?.({ progress: complete.progress, total: complete.total, message: complete.message });
			try {
				context.emit(complete);
			} catch {
				// A failing listener must not break the call.
			}
		};
		let raw: ToolCallResult | undefined;
		const callbacks: AgentCallbacks = context.requestApproval ? { requestApproval: context.requestApproval } : {};
		const dispatched = await dispatchToolCalls(
			{
				turnId,
				origin: request.origin,
				iteration: 1,
				catalog,
				state: context.state,
				policy,
				servers: matchServers(registry, context.servers),
				callbacks,
				emit,
				signal: request.signal,
				limiters: new Map(),
				turn: { calls: 0, guided: false, dataCallIds: [], limitHit: false },
				lazy: false,
				offered,
				onRawResult: (id, result) => {
					if (id === callId) raw = result;
				}
			},
			[{ type: 'tool_use', id: callId, name: request.tool, input: request.args }]
		);
		const [block] = dispatched.results;
		const [metrics] = dispatched.metrics;
		const elapsedMs = Math.round(performance.now() - started);
		const stored = context.state.results.get(callId);
		if (block.is_error)
			return {
				ok: false,
				callId,
				...(raw ? { result: raw } : {}),
				error: metrics.error ?? block.content,
				code: metrics.code,
				elapsedMs
			};
		return {
			ok: true,
			callId,
			...(raw ? { result: raw } : {}),
			value: stored ? storedValue(stored) : resultValue(block.content),
			elapsedMs
		};
	} catch (error) {
		return {
			ok: false,
			callId,
			error: errorMessage(error),
			code: 'internal',
			elapsedMs: Math.round(performance.now() - started)
		};
	}
}
