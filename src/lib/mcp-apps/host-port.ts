/**
 * What a mounted View needs from the app (`McpAppsHost` provides it): its server's
 * connection, the agent's call path, the chat, the console, the theme and the user's
 * confirmations. Types only, so the view code (loaded on demand) and the host agree.
 */
import type { AppViewEvent } from '$lib/agent/events';
import type { ToolCallResult, ToolDefinition } from '$lib/shared';
import type { McpAppParams } from '$lib/widgets/mcp-app/definition';

/** The part of an MCP connection a View uses. */
export interface ViewConnection {
	readonly status: string;
	/** Every tool of the server (app-only ones included). */
	readonly tools: ToolDefinition[];
	withClient<T>(action: (client: { readResource(params: { uri: string }, options?: { signal?: AbortSignal; timeout?: number }): Promise<unknown> }) => Promise<T>, options?: { signal?: AbortSignal }): Promise<T>;
}

/** A View's console entry before the host stamps it. */
export type ViewEventInput = Omit<AppViewEvent, 'type' | 'at' | 'turnId'>;

/** The app's services for Views. */
export interface ViewHostPort {
	/** Where views are served from (`null`: no sandbox is running). */
	sandboxOrigin(): Promise<string | null>;
	connection(server: string): ViewConnection | undefined;
	/** Runs a View's `tools/call` through the agent's call path (origin `app`); checked by the caller. */
	callTool(request: { widgetId: string; server: string; tool: string; args: Record<string, unknown>; signal?: AbortSignal }): Promise<ToolCallResult>;
	/** Puts a View's `ui/message` in the chat and starts a turn. */
	sendMessage(request: { widgetId: string; server: string; text: string }): Promise<{ ok: true } | { ok: false; error: string }>;
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
}

/** What the widget component shows. */
export type ViewPhase = 'loading' | 'waiting' | 'ready' | 'error';

/** The widget's state, published by the view session. */
export interface ViewState {
	phase: ViewPhase;
	/** What is happening or what went wrong, in words for the user. */
	message?: string;
}

/** One mounted View (see `view-session.ts`). */
export interface ViewHandle {
	/** New params (the whole input or a result arrived, or the call was cancelled). */
	update(params: McpAppParams): void;
	/** The arguments so far, while the model streams them (`tool-input-partial`). */
	partialInput(args: Record<string, unknown>): void;
	/** The frame entered or left fullscreen (the user pressed Esc, say). */
	displayModeChanged(fullscreen: boolean): void;
	/** The theme or tokens changed. */
	themeChanged(): void;
	/** Sends `ui/resource-teardown`, waits (bounded) for the answer, then removes the frame. */
	teardown(): Promise<void>;
	/** The outer frame (moved aside before the canvas removes the widget). */
	readonly frame: HTMLIFrameElement | undefined;
	/** Removes the frame at once. */
	dispose(): void;
}
