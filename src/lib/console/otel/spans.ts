/**
 * AgentEvents → spans, following the OpenTelemetry GenAI and MCP semantic conventions:
 *
 *   invoke_agent autoui            one per user turn (root; usage totals, why it ended)
 *     chat {model}                 one per model request (tokens in/out/cache, finish reason)
 *     execute_tool {tool}          one per tool call, autoui's too; MCP calls carry the MCP
 *                                  client attributes (method, session, server, error type)
 *   execute_tool {tool}            a call the model did not make (workbench, refresh, app view)
 *                                  is the root of its own trace, marked with its origin
 *
 * Ids come from `$lib/shared` trace-context, so a call's span id is the one its MCP request
 * carried in `_meta.traceparent`. Pure: the same events always give the same spans.
 */
import type { AgentEvent, ToolCallEvent, Usage } from '$lib/agent';
import { safeStringify, spanIdFor, traceIdFor, truncateText } from '$lib/shared';

/** An attribute value OTLP can carry. */
export type AttributeValue = string | number | boolean | string[];

/** One span, independent of the wire format. */
export interface Span {
	traceId: string;
	spanId: string;
	parentSpanId?: string;
	name: string;
	kind: 'internal' | 'client';
	startMs: number;
	endMs: number;
	attributes: Record<string, AttributeValue>;
	status: { code: 'unset' | 'ok' | 'error'; message?: string };
	events: { name: string; atMs: number; attributes: Record<string, AttributeValue> }[];
}

/** What the export knows about a remote MCP server (by its display name). */
export interface ServerInfo {
	url: string;
	sessionId?: string;
	protocolVersion?: string;
}

/** Options for {@link buildSpans}. */
export interface SpanOptions {
	/** Remote MCP servers by display name: address, session and protocol of their calls. */
	servers?: Readonly<Record<string, ServerInfo>>;
	/** The conversation the events belong to (`gen_ai.conversation.id`). */
	conversationId?: string;
	/** Longest tool result kept in `gen_ai.tool.call.result`, in characters. */
	maxResultChars?: number;
}

const agentName = 'autoui';

/** Finish reasons in the conventions' words (provider-neutral where they exist). */
const finishReasons: Record<string, string> = {
	end_turn: 'stop',
	tool_use: 'tool_calls',
	max_tokens: 'length',
	stop_sequence: 'stop',
	refusal: 'content_filter',
	other: 'other'
};

function usageAttributes(usage: Usage): Record<string, number> {
	return {
		'gen_ai.usage.input_tokens': usage.inputTokens,
		'gen_ai.usage.output_tokens': usage.outputTokens,
		'gen_ai.usage.cache_read.input_tokens': usage.cacheReadTokens,
		'gen_ai.usage.cache_creation.input_tokens': usage.cacheWriteTokens
	};
}

/** `server.address` and `server.port` of a URL (the port defaulted from the scheme). */
function addressOf(url: string): Record<string, AttributeValue> {
	try {
		const parsed = new URL(url);
		const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
		return { 'server.address': parsed.hostname, 'server.port': port };
	} catch {
		return {};
	}
}

/** Builds the spans of every turn and every call outside a turn in `events`. */
export function buildSpans(events: readonly AgentEvent[], options: SpanOptions = {}): Span[] {
	const byTurn = new Map<string, AgentEvent[]>();
	for (const event of events) {
		let list = byTurn.get(event.turnId);
		if (!list) byTurn.set(event.turnId, (list = []));
		list.push(event);
	}
	const spans: Span[] = [];
	for (const [turnId, turnEvents] of byTurn) spans.push(...turnSpans(turnId, turnEvents, options));
	return spans;
}

function turnSpans(turnId: string, events: AgentEvent[], options: SpanOptions): Span[] {
	const traceId = traceIdFor(turnId);
	const start = events.find((event) => event.type === 'turn-start');
	const lastAt = events.at(-1)!.at;
	const spans: Span[] = [];
	let root: Span | undefined;
	if (start) {
		const done = events.find((event) => event.type === 'done');
		const failure = events.find((event) => event.type === 'error');
		const firstRequest = events.find((event) => event.type === 'request');
		root = {
			traceId,
			spanId: spanIdFor({ turn: turnId }),
			name: `invoke_agent ${agentName}`,
			kind: 'internal',
			startMs: start.at,
			endMs: done?.at ?? lastAt,
			attributes: {
				'gen_ai.operation.name': 'invoke_agent',
				'gen_ai.agent.name': agentName,
				...(firstRequest?.type === 'request'
					? { 'gen_ai.provider.name': firstRequest.provider, 'gen_ai.request.model': firstRequest.model }
					: {}),
				...(options.conversationId ? { 'gen_ai.conversation.id': options.conversationId } : {}),
				...(done?.type === 'done'
					? {
							...usageAttributes(done.usage),
							'autoui.turn.end_reason': done.reason,
							'autoui.turn.iterations': done.iterations,
							'autoui.turn.tool_calls': done.toolCalls
						}
					: {})
			},
			status:
				failure?.type === 'error'
					? { code: 'error', message: failure.message }
					: done
						? { code: 'ok' }
						: { code: 'unset' },
			events: []
		};
		if (failure?.type === 'error') root.attributes['error.type'] = failure.code;
		spans.push(root);
		spans.push(...chatSpans(turnId, traceId, root.spanId, events, lastAt));
	}
	spans.push(...toolSpans(traceId, root?.spanId, events, lastAt, options));
	if (root) {
		for (const event of events) {
			if (event.type === 'warning' && !event.callId)
				root.events.push({
					name: 'autoui.warning',
					atMs: event.at,
					attributes: { 'autoui.warning.code': event.code, 'autoui.warning.message': event.message }
				});
			if (event.type === 'activation')
				root.events.push({
					name: 'autoui.activation',
					atMs: event.at,
					attributes: { 'autoui.server': event.server, 'autoui.tools': event.tools }
				});
		}
	}
	return spans;
}

function chatSpans(
	turnId: string,
	traceId: string,
	parentSpanId: string,
	events: AgentEvent[],
	lastAt: number
): Span[] {
	const spans: Span[] = [];
	for (const request of events) {
		if (request.type !== 'request') continue;
		const sameIteration = events.filter((event) => 'iteration' in event && event.iteration === request.iteration);
		const response = sameIteration.find((event) => event.type === 'response');
		const failure = response ? undefined : events.find((event) => event.type === 'error' && event.at >= request.at);
		const span: Span = {
			traceId,
			spanId: spanIdFor({ request: turnId, iteration: request.iteration }),
			parentSpanId,
			name: `chat ${request.model}`,
			kind: 'client',
			startMs: request.at,
			endMs: response?.at ?? failure?.at ?? lastAt,
			attributes: {
				'gen_ai.operation.name': 'chat',
				'gen_ai.provider.name': request.provider,
				'gen_ai.request.model': request.model,
				'autoui.iteration': request.iteration
			},
			status: { code: 'unset' },
			events: []
		};
		if (response?.type === 'response') {
			Object.assign(span.attributes, usageAttributes(response.usage), {
				'gen_ai.response.model': response.model,
				'gen_ai.response.finish_reasons': [finishReasons[response.stopReason] ?? response.stopReason]
			});
			if (response.ttftMs !== null) span.attributes['gen_ai.response.time_to_first_chunk'] = response.ttftMs / 1000;
		} else if (failure?.type === 'error') {
			span.status = { code: 'error', message: failure.message };
			span.attributes['error.type'] = failure.code;
		}
		for (const retry of sameIteration) {
			if (retry.type !== 'retry') continue;
			span.events.push({
				name: 'autoui.retry',
				atMs: retry.at,
				attributes: {
					'autoui.retry.attempt': retry.attempt,
					'autoui.retry.delay_ms': retry.delayMs,
					'autoui.retry.reason': retry.reason,
					...(retry.status ? { 'http.response.status_code': retry.status } : {})
				}
			});
		}
		spans.push(span);
	}
	return spans;
}

function toolSpans(
	traceId: string,
	parentSpanId: string | undefined,
	events: AgentEvent[],
	lastAt: number,
	options: SpanOptions
): Span[] {
	const spans: Span[] = [];
	for (const call of events) {
		if (call.type !== 'tool-call') continue;
		const related = events.filter((event) => 'callId' in event && event.callId === call.callId);
		const end = related.find((event) => event.type === 'tool-result' || event.type === 'tool-error');
		const remote = call.protocol === 'mcp' ? options.servers?.[call.server ?? ''] : undefined;
		const toolName = call.tool ?? call.resolvedName;
		const span: Span = {
			traceId,
			spanId: spanIdFor({ call: call.callId }),
			...(parentSpanId ? { parentSpanId } : {}),
			name: `execute_tool ${toolName}`,
			kind: call.protocol === 'mcp' ? 'client' : 'internal',
			startMs: call.at,
			endMs: end?.at ?? lastAt,
			attributes: callAttributes(call, remote),
			status: { code: 'unset' },
			events: []
		};
		if (end?.type === 'tool-result') {
			span.attributes['gen_ai.tool.call.result'] = truncateText(end.result, options.maxResultChars ?? 4000);
			if (end.widgetId) span.attributes['autoui.widget.id'] = end.widgetId;
		} else if (end?.type === 'tool-error') {
			span.status = { code: 'error', message: end.error };
			span.attributes['error.type'] = end.code;
		}
		for (const event of related) {
			if (event.type === 'tool-progress')
				span.events.push({
					name: 'autoui.progress',
					atMs: event.at,
					attributes: {
						'autoui.progress': event.progress,
						...(event.total !== undefined ? { 'autoui.progress.total': event.total } : {})
					}
				});
			if (event.type === 'approval-request')
				span.events.push({
					name: 'autoui.approval.request',
					atMs: event.at,
					attributes: { 'autoui.approval.reason': event.reason }
				});
			if (event.type === 'approval-decision')
				span.events.push({
					name: 'autoui.approval.decision',
					atMs: event.at,
					attributes: { 'autoui.approval.decision': event.decision }
				});
		}
		spans.push(span);
	}
	return spans;
}

function callAttributes(call: ToolCallEvent, remote: ServerInfo | undefined): Record<string, AttributeValue> {
	return {
		'gen_ai.operation.name': 'execute_tool',
		'gen_ai.tool.name': call.tool ?? call.resolvedName,
		'gen_ai.tool.call.id': call.callId,
		'gen_ai.tool.type': 'function',
		'gen_ai.tool.call.arguments': safeStringify(call.args),
		'mcp.method.name': 'tools/call',
		...(call.server ? { 'autoui.server': call.server } : {}),
		...(call.protocol ? { 'autoui.protocol': call.protocol } : {}),
		'autoui.call.origin': call.origin ?? 'model',
		...(remote
			? {
					...addressOf(remote.url),
					'network.protocol.name': 'http',
					'network.transport': 'tcp',
					...(remote.sessionId ? { 'mcp.session.id': remote.sessionId } : {}),
					...(remote.protocolVersion ? { 'mcp.protocol.version': remote.protocolVersion } : {})
				}
			: {})
	};
}
