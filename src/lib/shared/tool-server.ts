/**
 * The one interface every tool server implements, remote (an MCP connection) or in-page
 * (a WebMCP server such as `autoui`), so the agent's dispatcher has a single code path.
 * Shapes follow the MCP specification's `Tool` and `CallToolResult`.
 */
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
}

/** Progress reported while a call runs (MCP `notifications/progress`). */
export interface ToolProgress {
	progress: number;
	total?: number;
	message?: string;
}

/** Options for every call: cancellation and progress. */
export interface CallOptions {
	signal?: AbortSignal;
	onProgress?: (progress: ToolProgress) => void;
	/** Per-call timeout in milliseconds; the server may also apply its own. */
	timeoutMs?: number;
}

/** A source of tools: an MCP connection or an in-page WebMCP server. */
export interface ToolServer {
	/** The server's display name (sanitised into tool prefixes by the agent). */
	readonly name: string;
	readonly protocol: 'mcp' | 'webmcp';
	listTools(options?: { signal?: AbortSignal }): Promise<ToolDefinition[]>;
	callTool(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<ToolCallResult>;
}
