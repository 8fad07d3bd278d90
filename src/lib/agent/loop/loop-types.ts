/**
 * Options, callbacks and results of `runAgentLoop`. Kept apart from the loop so the UI
 * adapter and tests can import the shapes without the implementation.
 */
import type { ToolProtocol, ToolServer } from '$lib/shared';
import type { AgentEvent, ApprovalDecision, DoneReason, SchemaPatch } from '../events';
import type { ApprovalRequest, ToolPolicy } from '../policy';
import type { LlmProvider } from '../providers/types';
import type { ToolRegistry } from '../tools/registry';
import type { SchemaProfile } from '../tools/schema-normalize';
import type { AgentState } from './state';
import type { ChatMessage, StopReason, ToolLayer, UiCallbacks, Usage } from '../types';

/** Everything measured about one tool call (seed 001), passed to `onToolCall`. */
export interface ToolCallMetrics {
	/** tool_use id. */
	id: string;
	/** The name the model used. */
	name: string;
	/** The name after alias resolution. */
	resolvedName: string;
	/** Server display name and protocol, when the name resolved to a server. */
	server?: string;
	protocol?: ToolProtocol;
	/** The tool's own name on its server. */
	tool?: string;
	/** Arguments as the model sent them. */
	args: Record<string, unknown>;
	/** What the model received. */
	result: string;
	/** Error message when the call failed (the model received it as the result). */
	error?: string;
	/** Error code when the call failed. */
	code?: string;
	/** Milliseconds from dispatch to result (approval waits excluded). */
	elapsed: number;
	/** True when a discovery tool (recipes, list/search tools) was called earlier this turn. */
	guided: boolean;
	iteration: number;
	/** Full result size in characters and whether the model got a truncated version. */
	size: number;
	truncated: boolean;
	widgetId?: string;
}

/** Measurements of one provider request. */
export interface IterationMetrics {
	iteration: number;
	usage: Usage;
	latencyMs: number;
	ttftMs: number | null;
	model: string;
	stopReason: StopReason;
	toolCalls: number;
}

/** Callbacks of the loop: the UI side (canvas) plus observation and approval hooks. */
export interface AgentCallbacks extends UiCallbacks {
	/** After every tool call, with its metrics. */
	onToolCall?(metrics: ToolCallMetrics): void;
	/** Streamed assistant text. */
	onText?(delta: string): void;
	/** Every change schema normalising made (once per tool per session). */
	onSchemaPatch?(patch: SchemaPatch): void;
	/** Asked when a call needs the user's approval; without it such calls are denied. */
	requestApproval?(request: ApprovalRequest): Promise<ApprovalDecision>;
}

/** Options of one user turn. */
export interface AgentLoopOptions {
	provider: LlmProvider;
	layers: ToolLayer[];
	/** Connections behind the layers, matched by server name and protocol. */
	servers: ToolServer[];
	/** The registry of `layers`, when the caller already built it (a tool hub); built from them otherwise. */
	registry?: ToolRegistry;
	/** The conversation so far (repaired if it ended mid-turn). */
	history?: ChatMessage[];
	/** Session state from `createAgentState()`; a fresh one when absent (no recall across turns). */
	state?: AgentState;
	callbacks?: AgentCallbacks;
	onEvent?: (event: AgentEvent) => void;
	signal?: AbortSignal;
	/** Provider requests in this turn at most (default 15). */
	maxIterations?: number;
	policy?: Partial<ToolPolicy>;
	/** Start with discovery tools only (default true); false offers every tool up front. */
	lazy?: boolean;
	/** Schema dialect; by default the provider's own (`anthropic` / `openai`). */
	schemaProfile?: SchemaProfile;
	/** Flatten nested object parameters (for small local models). */
	flatten?: boolean;
	/** Ask the provider to cache the stable prefix (default true). */
	cache?: boolean;
	maxTokens?: number;
	/** Id of this turn in events (random when absent). */
	turnId?: string;
}

/** What a turn produced. */
export interface AgentLoopResult {
	/** History plus this turn — always valid to send next time. */
	messages: ChatMessage[];
	/** Text of the last assistant message of the turn. */
	text: string;
	reason: DoneReason;
	/** Summed over the turn's requests. */
	usage: Usage;
	iterations: number;
	calls: ToolCallMetrics[];
	/** Per-request measurements. */
	steps: IterationMetrics[];
	/** Set when reason is `error`. */
	error?: { code: string; message: string };
}
