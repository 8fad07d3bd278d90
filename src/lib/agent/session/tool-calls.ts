/**
 * The calls a conversation makes outside the model's turns: a direct call (workbench, live
 * widget, MCP App view) through the agent's per-call path, a re-run of a logged call against
 * its server, and whether re-running a logged call is safe.
 */
import { AutoUiError, errorMessage } from '$lib/shared';
import type { DirectCallCache, DirectCallOutcome, DirectCallRequest } from '../dispatch/direct-call';
import type { AgentEvent, ApprovalDecision } from '../events';
import type { AgentState } from '../loop/state';
import type { ApprovalRequest } from '../policy';
import type { ConversationDeps, RerunResult } from './deps';

/** The per-call path and result unwrapping load with the first call that needs them. */
const loadDirectCall = () => import('../dispatch/direct-call');
const loadResults = () => import('../dispatch/results');

/** What a direct call uses of its conversation. */
export interface CallContext {
	deps: ConversationDeps;
	state: AgentState;
	/** Kept by the conversation: the tools of the last direct call, reused while unchanged. */
	cache: DirectCallCache;
	emit(event: AgentEvent): void;
	requestApproval(request: ApprovalRequest): Promise<ApprovalDecision>;
}

/** Runs a call the model did not make through the agent's per-call path. */
export async function callTool(request: DirectCallRequest, context: CallContext): Promise<DirectCallOutcome> {
	const { runDirectCall } = await loadDirectCall();
	const { layers, servers, registry } = context.deps.tools();
	return runDirectCall(request, {
		layers,
		servers,
		...(registry ? { registry } : {}),
		cache: context.cache,
		state: context.state,
		policy: context.deps.loopOptions?.().policy,
		emit: context.emit,
		requestApproval: context.requestApproval
	});
}

/** The logged call `callId`, when it has a known server. */
function loggedCall(events: readonly AgentEvent[], callId: string) {
	const call = events.find((event) => event.type === 'tool-call' && event.callId === callId);
	return call?.type === 'tool-call' ? call : undefined;
}

/** True when re-running the logged call is safe: its tool is annotated read-only, or it is an in-page display tool. */
export function isReadOnlyCall(deps: ConversationDeps, events: readonly AgentEvent[], callId: string): boolean {
	const call = loggedCall(events, callId);
	if (!call) return false;
	// In-page display tools (autoui) only validate and describe a widget when re-run: no data changes.
	if (call.protocol === 'webmcp') return true;
	const layer = deps
		.tools()
		.layers.find((candidate) => candidate.serverName === call.server && candidate.protocol === call.protocol);
	return layer?.tools.find((tool) => tool.name === call.tool)?.annotations?.readOnlyHint === true;
}

/** Runs a logged tool call again against its server with the same arguments. */
export async function rerun(
	deps: ConversationDeps,
	events: readonly AgentEvent[],
	callId: string,
	signal?: AbortSignal
): Promise<RerunResult> {
	const call = loggedCall(events, callId);
	if (!call || !call.server || !call.tool) {
		throw new AutoUiError('not_found', `No tool call ${callId} with a known server in this conversation.`);
	}
	const server = deps
		.tools()
		.servers.find((candidate) => candidate.name === call.server && candidate.protocol === call.protocol);
	if (!server)
		throw new AutoUiError(
			'unknown_server',
			`Server "${call.server}" is not connected any more; reconnect it to re-run this call.`
		);
	const started = performance.now();
	try {
		const result = await server.callTool(call.tool, call.args, { signal, timeoutMs: 30_000 });
		const { unwrapToolResult } = await loadResults();
		return {
			result: unwrapToolResult(result),
			isError: result.isError === true,
			elapsedMs: Math.round(performance.now() - started)
		};
	} catch (error) {
		return { result: errorMessage(error), isError: true, elapsedMs: Math.round(performance.now() - started) };
	}
}
