/**
 * The one interface the agent loop uses to talk to an LLM. Each wire format (anthropic/,
 * openai/) and each on-device model (local/: a GGUF file run by wllama in this page;
 * browser/: the browser's own Prompt API model) implements it in a folder with the same
 * files: wire types, message conversion, finish-reason mapping and the model.
 */
import type { ErrorCode } from '$lib/shared';
import type { AssistantMessage, ChatMessage, ProviderTool, StopReason, Usage } from '../types';

/**
 * Which provider answers: a wire format (`anthropic`, `openai`), a model on this device
 * (`local`: a GGUF file in this browser; `browser`: the browser's built-in model) or a
 * remote AG-UI agent instead of an LLM (`agui`).
 */
export type ProviderId = 'anthropic' | 'openai' | 'local' | 'browser' | 'agui';

/** The providers that send requests over the network (and may need a key). */
export type RemoteProviderId = 'anthropic' | 'openai';

/** True for the providers whose model runs on this device: no key, no server, no network. */
export function isOnDevice(provider: ProviderId): provider is 'local' | 'browser' {
	return provider === 'local' || provider === 'browser';
}

/** What the loop asks for one assistant turn. */
export interface ProviderRequest {
	system: string;
	messages: ChatMessage[];
	tools: ProviderTool[];
	maxTokens?: number;
	/** Ask for prompt caching where the provider supports it (stable system + tools prefix). */
	cache?: boolean;
	/** Whether the model must (`required`), may (`auto`, the default) or must not (`none`) call a tool. */
	toolChoice?: 'auto' | 'required' | 'none';
}

/** Events a provider reports while it streams one turn. */
export type ProviderEvent =
	| { type: 'request'; body: unknown }
	| { type: 'first-token'; afterMs: number }
	| { type: 'text-delta'; text: string }
	| { type: 'tool-call-start'; id: string; name: string }
	/** The accumulated argument text of a streaming tool call (paced: see `input-throttle.ts`). */
	| { type: 'tool-input-delta'; id: string; name: string; json: string }
	/** One event of a remote AG-UI agent, already bounded (see `agui/`), for the console and the canvas. */
	| { type: 'agui'; event: AguiEventSummary }
	/** A surface the agent sent beside the conversation (its messages; `status` while it is generated). */
	| { type: 'surface'; key: string; messages: Array<Record<string, unknown>>; status?: SurfaceStatus }
	/** The agent's shared state after a change. */
	| { type: 'state'; state: unknown }
	/** A View the agent opened (the `mcp-app` widget params). */
	| { type: 'view'; key: string; view: Record<string, unknown> }
	| {
			type: 'retry';
			attempt: number;
			delayMs: number;
			reason: string;
			status?: number;
	  };

/** Where an agent's generation of a surface stands before the surface is drawn. */
export interface SurfaceStatus {
	state: 'building' | 'retrying' | 'failed';
	detail?: string;
	attempt?: number;
	maxAttempts?: number;
	progressTokens?: number;
}

/** What the app keeps of one AG-UI event: its type, a short detail and a bounded payload. */
export interface AguiEventSummary {
	/** The AG-UI event type (`TEXT_MESSAGE_CONTENT`, `STATE_DELTA`, …) or `UNKNOWN`. */
	name: string;
	runId?: string;
	detail: string;
	/** A bounded copy of what the event carried that the app uses (state, activity, result). */
	data?: unknown;
	/** Set when the event was malformed, out of order or too large and was left out. */
	problem?: string;
}

/** The complete assistant turn once the stream ended. */
export interface ProviderTurn {
	message: AssistantMessage;
	stopReason: StopReason;
	usage: Usage;
	/** Time to first token and total latency of the successful attempt, in ms. */
	ttftMs: number | null;
	latencyMs: number;
	model: string;
}

/** Options for one streamed turn. */
export interface StreamOptions {
	signal?: AbortSignal;
	onEvent?: (event: ProviderEvent) => void;
}

/** An LLM provider bound to a model and an endpoint. */
export interface LlmProvider {
	readonly id: ProviderId;
	readonly model: string;
	/** Streams one assistant turn. Throws AutoUiError with a provider_* code on failure. */
	streamTurn(request: ProviderRequest, options?: StreamOptions): Promise<ProviderTurn>;
}

/** How transient failures (429, 529, 5xx, network) are retried. */
export interface RetryOptions {
	/** Retries after the first attempt (default 4). */
	maxRetries?: number;
	/** First backoff delay in ms, doubled per retry, with jitter (default 1000). */
	baseDelayMs?: number;
	/** Upper bound of one backoff delay in ms (default 20000). */
	maxDelayMs?: number;
	/** A retry-after longer than this (ms) is not waited for; the error is reported (default 60000). */
	maxRetryAfterMs?: number;
}

/**
 * Everything needed to talk to one model at one endpoint. Built by the settings; never put
 * into URLs, traces or exports (it may hold a key).
 */
export interface ProviderConfig {
	provider: ProviderId;
	/** API base URL; empty or absent means the provider's public API. OpenAI-compatible URLs end in /v1. */
	baseUrl?: string;
	model: string;
	/** Optional for local endpoints and when the server's key is used. */
	apiKey?: string;
	/** Extra request headers (AG-UI agents only: kept on this device, never in URLs or traces). */
	headers?: Record<string, string>;
	/** Send requests through this app's /api/llm/<provider> proxy, which adds the server's key. */
	useServerKey?: boolean;
	/** Origin of this app, for the server-key proxy (default: location.origin). */
	appOrigin?: string;
	retry?: RetryOptions;
	/** Per-request timeout in ms (default 600000). */
	timeoutMs?: number;
	/**
	 * How long a streamed answer may send nothing before it is stopped, in ms (default
	 * 120000, or 300000 for endpoints on this machine).
	 */
	idleTimeoutMs?: number;
}

/** A model an endpoint offers. */
export interface ModelInfo {
	id: string;
	/** Human-readable name where the endpoint gives one. */
	name?: string;
}

/** The outcome of testConnection, written for the person reading the settings dialog. */
export type ConnectionResult =
	| { ok: true; message: string; models: ModelInfo[]; latencyMs: number; warning?: string }
	| { ok: false; code: ErrorCode; message: string; latencyMs: number };
