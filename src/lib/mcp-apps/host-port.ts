/**
 * What a mounted View needs from the app (`McpAppsHost` provides it): its server's
 * connection, the agent's call path, the chat, the console, the theme and the user's
 * confirmations. Types only, so the view code (loaded on demand) and the host agree.
 */
import type { AppViewEvent } from '$lib/agent/events';
import type { ToolCallResult, ToolDefinition } from '$lib/shared';
import type { McpAppVia } from '$lib/widgets/mcp-app/definition';
import type { ViewToolPort } from './view-tools';
import type { ViewOrigin } from './sandbox-origin';

/** A permission beyond a View's CSP: a source added to a directive. */
export interface ViewGrant {
	directive: string;
	source: string;
}

/** The part of an MCP connection a View uses. */
export interface ViewConnection {
	readonly status: string;
	/** The server's URL (its Views' origin and grants belong to it). */
	readonly url?: string;
	/** Every tool of the server (app-only ones included). */
	readonly tools: ToolDefinition[];
	/** Its `resources/list` entries (their `_meta.ui` is read with the View's content). */
	readonly resources?: readonly { uri: string; _meta?: Record<string, unknown> }[];
	withClient<T>(
		action: (client: {
			readResource(params: { uri: string }, options?: { signal?: AbortSignal; timeout?: number }): Promise<unknown>;
		}) => Promise<T>,
		options?: { signal?: AbortSignal }
	): Promise<T>;
}

/**
 * A View's server reached through the AG-UI agent that sent the View (its MCP Apps
 * middleware makes the request and answers with the MCP result).
 */
export interface AgentProxy {
	/** The agent's run endpoint (named in messages). */
	readonly agent: string;
	request(
		method: 'resources/read' | 'tools/call',
		params: Record<string, unknown>,
		signal?: AbortSignal
	): Promise<Record<string, unknown>>;
}

/** A View's console entry before the host stamps it. */
export type ViewEventInput = Omit<AppViewEvent, 'type' | 'at' | 'turnId'>;

/** The app's services for Views. */
export interface ViewHostPort {
	/** Where views are served from (`null`: no sandbox is running). */
	sandboxOrigin(): Promise<string | null>;
	/** Where the Views of the server `key` (its URL) load: an origin of their own where the sandbox offers one. */
	viewOrigin(key: string): Promise<ViewOrigin | null>;
	/** What the user allowed the Views of the server `key` beyond their CSP ("Allow for this server"). */
	viewGrants(key: string): ViewGrant[];
	/** Remembers a permission for the Views of the server `key`. */
	grantView(key: string, grant: ViewGrant): void;
	connection(server: string): ViewConnection | undefined;
	/** The agent a View came from, when the page can send it requests now (it is the agent in charge). */
	proxy(via: McpAppVia): AgentProxy | undefined;
	/** Runs a View's `tools/call` through the agent's call path (origin `app`); checked by the caller. */
	callTool(request: {
		widgetId: string;
		server: string;
		tool: string;
		args: Record<string, unknown>;
		signal?: AbortSignal;
	}): Promise<ToolCallResult>;
	/** Puts a View's `ui/message` in the chat and starts a turn. */
	sendMessage(request: {
		widgetId: string;
		server: string;
		text: string;
		ask?: (text: string) => Promise<'once' | 'always' | 'deny'>;
	}): Promise<{ ok: true } | { ok: false; error: string }>;
	/** Keeps a View's `ui/update-model-context` for the next model request (undefined clears it). */
	setModelContext(widgetId: string, server: string, text: string | undefined): void;
	/** Asks the user; resolves true when they agree. */
	confirm(message: string): Promise<boolean>;
	/** The theme in effect. */
	theme(): 'light' | 'dark';
	/** The latest partial arguments of a widget whose call the model is still writing. */
	partialInput(widgetId: string): Record<string, unknown> | undefined;
	/** The full result of the call that created the widget, when the record keeps a shortened one. */
	fullResult(widgetId: string): ToolCallResult | undefined;
	record(event: ViewEventInput): void;
	/** The View asked to be closed. */
	requestClose(widgetId: string): void;
	/** Where the tools Views provide go (absent: Views' tools are not asked for). */
	readonly viewTools?: ViewToolPort;
}

export type { RefusedItem, ViewHandle, ViewPhase, ViewRefusal, ViewState } from '$lib/widgets/mcp-app/view-host';
