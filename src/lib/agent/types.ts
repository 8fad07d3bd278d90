/**
 * Core agent types: tool layers (seed 000), the neutral conversation format the loop keeps,
 * and the tool shape sent to providers. Provider folders convert the neutral messages to
 * their wire format; nothing else knows about wire formats.
 */
import type { JsonSchema, ToolDefinition } from '$lib/shared';

/** A tool of a remote MCP server, as listed by it. */
export type McpToolDef = ToolDefinition;
/**
 * A tool whose result the canvas shows, as its WebMCP server declares it. `widget` answers
 * `{ widget, data }` (shown through `UiCallbacks.onWidget`); `canvas` answers
 * `{ canvas, id?, params? }` (a canvas action). The argument names say where the data goes.
 */
export interface DisplayCapability {
	kind: 'widget' | 'canvas';
	/** The argument whose value may hold `{"$ref": "<id>#<pointer>"}`, replaced by data before the call. */
	references?: string;
	/** The argument naming a data call (`{ tool, args }`) to run first; its value binds as `{"$ref": "source"}`. */
	source?: string;
	/** With `source`: the argument giving the refresh period in seconds (at least 5). */
	refreshSeconds?: string;
}

/** A tool of an in-page WebMCP server; `display` marks the tools whose results the canvas shows. */
export interface WebMcpToolDef extends ToolDefinition {
	display?: DisplayCapability;
}

/** A recipe a server offers: a named, described way to answer a kind of question. */
export interface McpRecipe {
	name: string;
	description?: string;
}

/** DATA layer: one connected remote MCP server. */
export interface McpLayer {
	protocol: 'mcp';
	serverUrl?: string;
	serverName: string;
	description?: string;
	tools: McpToolDef[];
	recipes?: McpRecipe[];
	/**
	 * Tools an MCP App's View may call but the model may not (`_meta.ui.visibility: ["app"]`):
	 * never offered to the model; the direct-call path adds them for calls of origin `app`.
	 */
	appTools?: McpToolDef[];
}

/** UI layer: one in-page WebMCP server (the built-in one is `autoui`). */
export interface WebMcpLayer {
	protocol: 'webmcp';
	serverName: string;
	description: string;
	tools: WebMcpToolDef[];
	recipes?: McpRecipe[];
}

/** DATA layer: a set of HTTP tools (REST API operations from a descriptor or an OpenAPI document). */
export interface HttpLayer {
	protocol: 'http';
	/** The API's base URL, shown in the prompt and used to tell sets of the same name apart. */
	serverUrl?: string;
	serverName: string;
	description?: string;
	tools: ToolDefinition[];
	recipes?: McpRecipe[];
}

/**
 * DATA layer: the tools a live MCP App View provides (MCP Apps "App-Provided Tools"), named
 * `{server}_app_{tool}` for a server's first live View and `{server}_app{N}_{tool}` for the
 * N-th. `closed` is set once its widget is gone: the layer then offers nothing, and a call of
 * one of its former names is answered with that message.
 */
export interface AppLayer {
	protocol: 'app';
	/** The View's MCP server. */
	serverName: string;
	/** 1 for the first of the server's live Views, 2… for the next ones (kept while the widget lives). */
	instance: number;
	/** The widget the View lives in. */
	widgetId: string;
	description?: string;
	tools: ToolDefinition[];
	closed?: string;
}

/** Any layer of tools the agent can use. */
export type ToolLayer = McpLayer | WebMcpLayer | HttpLayer | AppLayer;

/** A tool as offered to an LLM provider: prefixed name, description, normalised schema. */
export interface ProviderTool {
	name: string;
	description: string;
	input_schema: JsonSchema;
	/**
	 * Set by the `openai` schema profile: true when the schema satisfies OpenAI strict mode
	 * (the provider may send `strict: true`), false when it keeps something strict mode
	 * cannot describe (a free-form object). Absent for other profiles.
	 */
	strict?: boolean;
}

/** Text in a message. */
export interface TextBlock {
	type: 'text';
	text: string;
}

/** A tool call the assistant made. `input` is the parsed JSON arguments. */
export interface ToolUseBlock {
	type: 'tool_use';
	id: string;
	name: string;
	input: Record<string, unknown>;
	/**
	 * Set by a provider when the model's streamed arguments were not a JSON object (cut off,
	 * malformed). `input` is then `{}`, the block stays in the history (so the tool_use keeps
	 * its one tool_result), and the loop should answer the call with an error tool_result
	 * quoting `error` instead of running the tool, so the model can call it again correctly.
	 * Providers never send this field back on the wire.
	 */
	invalidArguments?: { raw: string; error: string };
}

/** The answer to one tool call, in the user message that follows the call. */
export interface ToolResultBlock {
	type: 'tool_result';
	tool_use_id: string;
	content: string;
	is_error?: boolean;
}

/** A message from the user: text and/or tool results. */
export interface UserMessage {
	role: 'user';
	content: Array<TextBlock | ToolResultBlock>;
}

/** A message from the assistant: text and/or tool calls. */
export interface AssistantMessage {
	role: 'assistant';
	content: Array<TextBlock | ToolUseBlock>;
}

/** The neutral conversation format the loop keeps and providers convert. */
export type ChatMessage = UserMessage | AssistantMessage;

/** Token usage of one provider request. Cache fields are 0 where a provider has none. */
export interface Usage {
	inputTokens: number;
	outputTokens: number;
	cacheReadTokens: number;
	cacheWriteTokens: number;
}

/** Why the assistant stopped, normalised across providers. */
export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'other';

/** Outcome of a canvas action the UI performed for the agent. */
export type CanvasActionResult = { ok: true; data?: unknown } | { ok: false; error: string };

/** What the dispatcher knows about the call that displays a widget. */
export interface WidgetCallMeta {
	/** tool_use id of the widget_display call. */
	callId: string;
	/** tool_use ids of the data (MCP) calls made earlier in this turn. */
	dataFrom: string[];
	/** The agent turn making the call: the canvas places one turn's widgets together. */
	turnId?: string;
	/** The widget's source when the call had one: the widget becomes live (refreshable). */
	source?: { tool: string; args: Record<string, unknown>; params: Record<string, unknown>; refreshSeconds?: number };
}

/**
 * The UI side of the loop: how widget_display and canvas results reach the canvas. Each
 * callback returns what happened so the model can read it (an unknown id lists the ids).
 */
export interface UiCallbacks {
	onWidget?(type: string, params: Record<string, unknown>, meta: WidgetCallMeta): { id: string } | { error: string };
	onClear?(): CanvasActionResult;
	onUpdate?(id: string, params: Record<string, unknown>): CanvasActionResult;
	onMove?(id: string, x: number, y: number): CanvasActionResult;
	onResize?(id: string, w: number, h: number): CanvasActionResult;
	onStyle?(id: string, style: Record<string, string>): CanvasActionResult;
	onRemove?(id: string): CanvasActionResult;
	/** Lists the widgets on the canvas: ids, types, titles, positions. */
	onList?(): CanvasActionResult;
	/** Re-runs a live widget's source (it updates in place when the data arrives). */
	onRefresh?(id: string): CanvasActionResult;
	/** The canvas parameters: `list_params` (names, values, widgets) and `set_param` (`{ name, value }` or `{ values }`). */
	onParams?(action: 'list_params' | 'set_param', params: Record<string, unknown>): CanvasActionResult;
	/** A display source's arguments with `{"$param": name}` replaced by the parameters' current values. */
	bindSourceArgs?(
		args: Record<string, unknown>
	): { ok: true; args: Record<string, unknown> } | { ok: false; error: string };
}
