/**
 * What the `mcp-app` widget needs from the page to show an MCP App view: a host that mounts
 * the view into the widget's slot (`McpAppsHost` in `mcp-apps/` implements it) and hands it
 * over through the Svelte context under `mcpAppViewHostKey`. The widget owns this contract so
 * that `widgets/` never imports `mcp-apps/` (the arrow points the other way).
 */
import type { McpAppParams, McpAppVia } from './definition';

/** What the widget component shows. */
export type ViewPhase = 'loading' | 'waiting' | 'ready' | 'error';

/** A question of the view to the user, shown on the widget until answered. */
export interface ViewAsk {
	kind: 'message';
	/** The view's server (display name). */
	server: string;
	/** What the view wants to send to the chat. */
	text: string;
	answer(choice: 'once' | 'always' | 'deny'): void;
}

/** One thing the View's policy refused it (an eval, a domain). */
export interface RefusedItem {
	/** The directive that refused it (`script-src`, `connect-src`, …). */
	directive: string;
	/** What "Allow for this server" adds to that directive (`'unsafe-eval'`, an origin, `data:`). */
	source: string;
	/** What the View tried (`eval`, a URL, `data`). */
	blocked: string;
}

/** What the View's policy refused it so far, which the user may allow for its server at once. */
export interface ViewRefusal {
	items: RefusedItem[];
	/** What was refused, in words for the user (the directives named). */
	text: string;
	/** Remembers the permissions for the View's server (the widget then loads the View again). */
	allow(): void;
}

/** The widget's state, published by the view session. */
export interface ViewState {
	phase: ViewPhase;
	/** What is happening or what went wrong, in words for the user. */
	message?: string;
	/** A question waiting for the user's answer. */
	ask?: ViewAsk;
	/** What the View's policy refused it, with the permission the user may give. */
	refusal?: ViewRefusal;
}

/** One mounted View. */
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

/** What `McpAppViewHost.mount` takes: where to mount, the widget's params, and how to report back. */
export type ViewMountArgs = [
	widgetId: string,
	container: HTMLElement,
	params: McpAppParams,
	onState: (state: ViewState) => void,
	displayMode: (fullscreen: boolean) => Promise<boolean>,
	signal?: AbortSignal
];

/** The page's MCP Apps host, as the widget uses it. */
export interface McpAppViewHost {
	/** Whether the view's server is connected now (a waiting view retries when it is). */
	serverConnected(server: string): boolean;
	/** Whether the AG-UI agent a View came from can be asked now (a waiting view retries when it can). */
	agentReady(via: McpAppVia): boolean;
	/**
	 * Mounts the view into `container`; resolves undefined when `signal` ended first (the
	 * component went away or mounted again), so a stale mount never replaces the live one.
	 */
	mount(...args: ViewMountArgs): Promise<ViewHandle | undefined>;
	/** The component went away: removes its view unless a teardown already took it. */
	unmount(widgetId: string, handle: ViewHandle): void;
}

/** The Svelte context key under which the page hands its host to `mcp-app` widgets. */
export const mcpAppViewHostKey = Symbol('mcp-apps-host');
