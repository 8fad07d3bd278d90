/**
 * The one interface every tool server implements, remote (an MCP connection) or in-page
 * (a WebMCP server such as `autoui`), so the agent's dispatcher has a single code path.
 * Shapes follow the MCP specification's `Tool` and `CallToolResult`.
 */
import type { Deadline } from './deadline';
import type { JsonSchema } from './json';

/** MCP tool annotations (hints, not guarantees, from the server). */
export interface ToolAnnotations {
	title?: string;
	readOnlyHint?: boolean;
	destructiveHint?: boolean;
	idempotentHint?: boolean;
	openWorldHint?: boolean;
}

/** A tool as a server lists it. */
export interface ToolDefinition {
	name: string;
	title?: string;
	description?: string;
	inputSchema: JsonSchema;
	outputSchema?: JsonSchema;
	annotations?: ToolAnnotations;
	/** The server's `_meta` (MCP Apps read `_meta.ui`: the View's resource and who may call the tool). */
	_meta?: Record<string, unknown>;
	/** MCP `execution`: `taskSupport` says whether the tool runs as a task (`required`, `optional`, `forbidden`). */
	execution?: { taskSupport?: 'required' | 'optional' | 'forbidden' };
}

/** One part of a tool result's content, as in MCP. */
export type ContentPart =
	| { type: 'text'; text: string }
	| { type: 'image'; data: string; mimeType: string }
	| { type: 'audio'; data: string; mimeType: string }
	| { type: 'resource_link'; uri: string; name?: string; mimeType?: string; description?: string }
	| {
			type: 'resource';
			resource: { uri: string; mimeType?: string; text?: string; blob?: string };
	  };

/** A tool call's result, as in MCP: `isError` marks a failure the model should read. */
export interface ToolCallResult {
	content: ContentPart[];
	structuredContent?: unknown;
	isError?: boolean;
	/** Set by the app's mock layer: the answer came from a mock of the tool, not its server. */
	mocked?: boolean;
}

/** Progress reported while a call runs (MCP `notifications/progress`). */
export interface ToolProgress {
	progress: number;
	total?: number;
	message?: string;
}

/** The states of an MCP task (a tool call the server runs in the background). */
export type ToolTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A task's state as the server last reported it; `cancel` asks the server to stop it. */
export interface ToolTaskUpdate {
	taskId: string;
	status: ToolTaskStatus;
	/** The server's status message ("Gathering sources..."). */
	message?: string;
	/** How long the server keeps the task (ms), when it says. */
	ttlMs?: number;
}

/** Options for every call: cancellation and progress. */
export interface CallOptions {
	signal?: AbortSignal;
	onProgress?: (progress: ToolProgress) => void;
	/** Each state change of the call when the server runs it as a task (the result still arrives as the call's result). */
	onTask?: (update: ToolTaskUpdate) => void;
	/** Per-call timeout in milliseconds; the server may also apply its own. */
	timeoutMs?: number;
	/**
	 * The call's timeout as a pausable clock (see `createDeadline`). When given, the server
	 * times the call with it instead of `timeoutMs`, so holding it stops both layers' timers.
	 */
	deadline?: Deadline;
	/** Which call of the app this is, so a server's request during it can be placed beside it. */
	caller?: CallerInfo;
	/**
	 * W3C `traceparent` of this call's span; remote MCP requests carry it in `_meta` so the
	 * server's own spans join the session's trace.
	 */
	traceparent?: string;
}

/** Who made a call and where its events are: the model's turn or a call made by hand. */
export interface CallerInfo {
	callId: string;
	turnId: string;
	/** `model` for the agent's calls; `manual` (workbench), `refresh` (live widget) or `app`. */
	origin: 'model' | 'manual' | 'refresh' | 'app';
}

/**
 * The kinds of tool servers: remote MCP, in-page WebMCP, REST APIs described by HTTP tool
 * descriptors, and the tools a live MCP App View provides (`app`, gone with its widget).
 */
export type ToolProtocol = 'mcp' | 'webmcp' | 'http' | 'app';

/** A source of tools: an MCP connection, an in-page WebMCP server or a set of HTTP tools. */
export interface ToolServer {
	/** The server's display name (sanitised into tool prefixes by the agent). */
	readonly name: string;
	readonly protocol: ToolProtocol;
	listTools(options?: { signal?: AbortSignal }): Promise<ToolDefinition[]>;
	callTool(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<ToolCallResult>;
	/**
	 * Waits for a task the server runs that an earlier page started (MCP tasks; absent where
	 * calls never run as tasks): its state changes, then the tool's final result.
	 */
	resumeTask?(
		taskId: string,
		options?: { signal?: AbortSignal; onTask?: (update: ToolTaskUpdate) => void }
	): Promise<ToolCallResult>;
}
