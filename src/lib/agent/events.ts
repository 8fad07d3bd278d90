/**
 * Everything the agent loop reports, as one discriminated union with noun-verb names.
 * The chat view and the AgentConsole read only these events; they never reach into the
 * loop. Every event is plain JSON (it is exported in traces), and carries no secrets.
 */
import type { ChatMessage, ProviderTool, StopReason, Usage } from './types';
import type { ToolProtocol, ToolTaskStatus } from '$lib/shared';
import type { AguiEventSummary, SurfaceStatus } from './providers/types';
import type { EventBase } from './event-base';
import type { ServerLogEvent, ServerRequestEvent, ServerResponseEvent } from './server-events';

export type {
	ServerLogLevel,
	ServerLogMessage,
	ServerLogEvent,
	ServerRequestMethod,
	ServerRequestEvent,
	ServerResponseEvent
} from './server-events';

/** Fields of events that belong to one tool call. */
interface CallBase extends EventBase {
	iteration: number;
	/** The tool_use id the model gave the call. */
	callId: string;
	/** The name the model used (after alias resolution: `resolvedName`). */
	name: string;
	resolvedName: string;
	/** The server's display name and protocol, when the name resolved to one. */
	server?: string;
	protocol?: ToolProtocol;
	/** The tool's own name on its server. */
	tool?: string;
	/**
	 * Who made the call: absent or `model` for the agent's calls; `manual` (the workbench),
	 * `refresh` (a live widget) or `app` (an MCP App view) for calls the model did not make.
	 */
	origin?: 'model' | 'manual' | 'refresh' | 'app';
	/** On results and errors: the answer came from a mock of the tool, not its server. */
	mocked?: boolean;
}

/** A user turn began. */
export interface TurnStartEvent extends EventBase {
	type: 'turn-start';
	text: string;
}

/** A request is being sent to the provider (one per loop iteration). */
export interface RequestEvent extends EventBase {
	type: 'request';
	iteration: number;
	provider: string;
	model: string;
	/** Exactly what was sent, with keys never included. */
	system: string;
	tools: ProviderTool[];
	messages: ChatMessage[];
}

/** Streamed assistant text. */
export interface TextDeltaEvent extends EventBase {
	type: 'text-delta';
	iteration: number;
	text: string;
}

/**
 * A tool call while the model still writes it: the name (as soon as it is known, `json`
 * empty) and then the accumulated argument text so far, at most one event per call every
 * 50 ms. Transient: listeners get it, the conversation does not keep it (the `tool-call`
 * that follows has the whole arguments), so traces and the console never see it.
 */
export interface ToolInputDeltaEvent extends EventBase {
	type: 'tool-input-delta';
	iteration: number;
	/** The tool_use id the model gave the call. */
	callId: string;
	/** The prefixed name the model used (`{server}_{protocol}_{tool}`, or an alias). */
	name: string;
	/** The argument JSON streamed so far (read it with `partialArguments`). */
	json: string;
}

/** The provider finished one assistant turn. */
export interface ResponseEvent extends EventBase {
	type: 'response';
	iteration: number;
	stopReason: StopReason;
	usage: Usage;
	ttftMs: number | null;
	latencyMs: number;
	model: string;
	/** Number of tool calls the assistant made in this turn. */
	toolCalls: number;
}

/** A provider request is retried after a transient failure. */
export interface RetryEvent extends EventBase {
	type: 'retry';
	iteration: number;
	attempt: number;
	delayMs: number;
	reason: string;
	status?: number;
}

/** The model called a tool; the call is about to run (or wait for approval). */
export interface ToolCallEvent extends CallBase {
	type: 'tool-call';
	args: Record<string, unknown>;
	/** True when a discovery tool (recipes, list/search tools) was called earlier this turn. */
	guided: boolean;
}

/** Progress reported by a running call. */
export interface ToolProgressEvent extends CallBase {
	type: 'tool-progress';
	progress: number;
	total?: number;
	message?: string;
}

/**
 * A call the server runs as an MCP task changed state (`working`, `input_required`, then
 * `completed`, `failed` or `cancelled`). The call's result still arrives as `tool-result`.
 */
export interface TaskStatusEvent extends CallBase {
	type: 'task-status';
	taskId: string;
	status: ToolTaskStatus;
	/** The server's status message. */
	message?: string;
}

/**
 * A tool's answer as its server gave it (MCP shape), kept on result and error events so a
 * session can be replayed and mocked; absent when the answer was larger than 200,000
 * characters as JSON, or the call failed before the server answered.
 */
export interface CallOutput {
	content: unknown[];
	structuredContent?: unknown;
	isError?: boolean;
}

/** A tool call succeeded. `result` is what the model receives. */
export interface ToolResultEvent extends CallBase {
	type: 'tool-result';
	result: string;
	/** The server's answer itself. */
	output?: CallOutput;
	elapsedMs: number;
	/** Full size in characters before truncation. */
	size: number;
	truncated: boolean;
	/** Id to pass to recall() for the full result. */
	recallId: string;
	/** Set when the call displayed a widget. */
	widgetId?: string;
	/**
	 * The A2UI surfaces the result embeds (its `application/a2ui+json` resources), lifted by the
	 * dispatcher from the structured result, whole, whatever the model's text was cut to.
	 */
	surfaces?: ResultSurface[];
}

/** One surface a tool result embeds: the resource's address and its messages. */
export interface ResultSurface {
	uri: string;
	messages: Array<Record<string, unknown>>;
}

/** A tool call failed; the model receives `result` (the error as data). */
export interface ToolErrorEvent extends CallBase {
	type: 'tool-error';
	error: string;
	code: string;
	result: string;
	elapsedMs: number;
	/** The server's answer itself, when it answered (an `isError` result). */
	output?: CallOutput;
}

/** A server's tools were activated (lazy discovery). */
export interface ActivationEvent extends EventBase {
	type: 'activation';
	iteration: number;
	server: string;
	protocol: ToolProtocol;
	/** Prefixed names that became callable. */
	tools: string[];
	/** `server` when a whole server was activated, `tools` when only named tools were. */
	scope: 'server' | 'tools';
}

/** Old tool results were compressed to previews with recall hints. */
export interface CompressionEvent extends EventBase {
	type: 'compression';
	iteration: number;
	callIds: string[];
	charsBefore: number;
	charsAfter: number;
}

/** One change made to a tool's schema so a provider accepts it. */
export interface SchemaPatch {
	tool: string;
	path: string;
	change: string;
}

/** Schema normalising changed a tool's schema. */
export interface SchemaPatchEvent extends EventBase {
	type: 'schema-patch';
	tool: string;
	patches: SchemaPatch[];
}

/** A tool needs the user's decision before it runs. */
export interface ApprovalRequestEvent extends CallBase {
	type: 'approval-request';
	args: Record<string, unknown>;
	reason: string;
}

/** The user decided on an approval request. */
export interface ApprovalDecisionEvent extends CallBase {
	type: 'approval-decision';
	decision: ApprovalDecision;
}

/** Something the user or developer should notice (a loop, a cap reached, a dropped part). */
export interface WarningEvent extends EventBase {
	type: 'warning';
	code: string;
	message: string;
	callId?: string;
}

/** The turn failed; `message` says what to do next. */
export interface ErrorEvent extends EventBase {
	type: 'error';
	code: string;
	message: string;
	/** What the other side answered (e.g. the start of a web page), for a Details view only. */
	detail?: string;
}

/** Why a turn ended. */
export type DoneReason = 'end_turn' | 'max_iterations' | 'max_tokens' | 'aborted' | 'error' | 'limit';

/** The turn ended. */
export interface DoneEvent extends EventBase {
	type: 'done';
	reason: DoneReason;
	iterations: number;
	toolCalls: number;
	usage: Usage;
	elapsedMs: number;
}

/** How the user answered an approval request. */
export type ApprovalDecision = 'allow-once' | 'allow-always' | 'deny';

/**
 * One message between the app and an MCP App view (`$lib/mcp-apps`), or the view's resolved
 * CSP (`method: "csp"`): a console entry, with the request's round trip when it has one.
 */
export interface AppViewEvent extends EventBase {
	type: 'app-view';
	/** The canvas widget showing the view. */
	widgetId: string;
	server: string;
	/** The JSON-RPC method (`ui/message`, `tools/call`, …), or `csp`. */
	method: string;
	/** `in`: from the view; `out`: from the app to the view. */
	direction: 'in' | 'out';
	status: 'ok' | 'error' | 'refused';
	/** Round trip of a request (absent for notifications). */
	elapsedMs?: number;
	/** A preview of the params or the outcome (the policy for `csp`). */
	detail: string;
}

/**
 * One event of a remote AG-UI agent (provider `agui`): its type, a short detail and, for
 * state, activities and the agent's own tool results, a bounded copy of what it carried.
 */
export interface AguiEvent extends EventBase, AguiEventSummary {
	type: 'agui';
	iteration: number;
}

/**
 * A surface beside the conversation, in the app's terms: the provider translated it from its
 * protocol (an AG-UI agent's A2UI activity). `key` names the surface across updates; `status`
 * is set while the agent still generates it.
 */
export interface SurfaceUpdateEvent extends EventBase {
	type: 'surface-update';
	iteration: number;
	key: string;
	messages: Array<Record<string, unknown>>;
	status?: SurfaceStatus;
}

/** The agent's shared state after a change (translated by the provider). */
export interface StateChangeEvent extends EventBase {
	type: 'state-change';
	iteration: number;
	state: unknown;
}

/** A View the agent opened: `view` is the `mcp-app` widget's params (translated by the provider). */
export interface ViewOpenEvent extends EventBase {
	type: 'view-open';
	iteration: number;
	key: string;
	view: Record<string, unknown>;
}

/** Every event the loop emits. */
export type AgentEvent =
	| TurnStartEvent
	| RequestEvent
	| TextDeltaEvent
	| ToolInputDeltaEvent
	| ResponseEvent
	| RetryEvent
	| ToolCallEvent
	| ToolProgressEvent
	| TaskStatusEvent
	| ToolResultEvent
	| ToolErrorEvent
	| ActivationEvent
	| CompressionEvent
	| SchemaPatchEvent
	| ApprovalRequestEvent
	| ApprovalDecisionEvent
	| WarningEvent
	| ErrorEvent
	| DoneEvent
	| ServerLogEvent
	| ServerRequestEvent
	| ServerResponseEvent
	| AppViewEvent
	| AguiEvent
	| SurfaceUpdateEvent
	| StateChangeEvent
	| ViewOpenEvent;

/** The `type` of any agent event. */
export type AgentEventType = AgentEvent['type'];
