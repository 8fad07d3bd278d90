/**
 * What the workbench needs from the rest of the app, passed in by the page. Calls go through
 * the agent's direct-call path (so they are console entries like the model's), widgets through
 * the canvas session; the workbench itself never reaches into either module.
 */
import type { DirectCallOutcome } from '$lib/agent/dispatch/direct-call';
import type { ToolProgress } from '$lib/shared';
import type { McpConnection } from '$lib/mcp';
import type { ServerRequests } from './server-requests.svelte';

/** Progress of a running call (MCP `notifications/progress`). */
export type CallProgress = ToolProgress;

/** A call made from the workbench: the server's own tool name, not the registry's. */
export interface WorkbenchCall {
	server: string;
	tool: string;
	args: Record<string, unknown>;
	signal?: AbortSignal;
	timeoutMs?: number;
	onProgress?(progress: CallProgress): void;
}

/**
 * How a call ended: the agent's `DirectCallOutcome`, plus the JSON-RPC error data a server sent
 * (known when the call went straight to the connection).
 */
export type CallOutcome = DirectCallOutcome & { data?: unknown };

/** A request to put a tool's result on the canvas as a live widget. */
export interface ShowOnCanvasRequest {
	widget: string;
	/** The params template; `{"$ref": "source…"}` binds the result. */
	params: Record<string, unknown>;
	source: { server: string; tool: string; args: Record<string, unknown>; refreshSeconds?: number };
	title?: string;
}

/** Everything the workbench uses from the app. */
export interface WorkbenchDeps {
	/** Runs one tool call by hand (origin "manual"). Never throws: failures are outcomes. */
	callTool(call: WorkbenchCall): Promise<CallOutcome>;
	/** Adds a live widget built from a tool's result; absent when no canvas is available. */
	showOnCanvas?(request: ShowOnCanvasRequest): Promise<{ id: string } | { error: string }>;
	/** Adds a widget with fixed params (a resource's contents); not refreshed. */
	showStatic?(
		widget: string,
		params: Record<string, unknown>,
		title?: string
	): Promise<{ id: string } | { error: string }>;
	/** The live connection of a server, for resources, prompts and completions. */
	connection(server: string): McpConnection | undefined;
	/** Starts a conversation from a prompt's messages ("Use in chat"). */
	useInChat?(messages: Array<{ role: string; text: string }>): void;
	/** Server requests, roots and log messages (the Server tab). */
	requests?: ServerRequests;
}

/** The props of each workbench pane (resources, prompts, the server tab): which server, and the app. */
export interface PaneProps {
	server: string;
	deps: WorkbenchDeps;
}
