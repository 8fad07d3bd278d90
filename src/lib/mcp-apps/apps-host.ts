/**
 * The app as an MCP Apps host. Created once by the page; framework-free and light (the
 * bridge and the view code load with the first View).
 *
 *   observe(connection)  wraps a server for the agent: a call of a tool with a View opens an
 *                        `mcp-app` widget (input at once, result or cancellation after),
 *                        unless the call came from a View itself
 *   agentEvent(event)    follows the agent: a call the model is still writing opens its
 *                        View early and streams it the partial input (`streaming-calls.ts`);
 *                        the call then takes that widget over
 *   mount / unmount      the widget component's View (see `view-session.ts`)
 *   retain(records)      runs before the canvas removes widgets: moves the leaving Views'
 *                        frames aside, sends `ui/resource-teardown`, then removes them
 *   themeChanged()       `host-context-changed` to every View
 *
 * A View's `tools/call` runs through the agent's direct-call path (origin `app`: console
 * entry, approvals, timeouts); `ui/message` starts a chat turn; `ui/update-model-context`
 * is added to the next message sent.
 * The focus guard and the message gate load after the first paint (the guard at once, so it
 * sees the page's keys before any View exists; `mount` waits for both).
 */
import type { AgentEvent } from '$lib/agent/events';
import type { DirectCallOutcome, DirectCallRequest } from '$lib/agent/dispatch/direct-call';
import type { ToolRegistry } from '$lib/agent/tools/registry';
import { safeStringify, type CallOptions, type ToolCallResult, type ToolServer } from '$lib/shared';
import type { AgentProxy, ViewConnection, ViewEventInput, ViewGrant, ViewHandle, ViewHostPort } from './host-port';
import type { McpAppViewHost, ViewMountArgs } from '$lib/widgets/mcp-app/view-host';
import type { McpAppVia } from '$lib/widgets/mcp-app/definition';
import type { MessageChoice, ViewMessageGate } from './message-gate';
import type { ViewCanvas } from './host-actions';
import type { StreamingCalls } from './streaming-calls';
import { uiResourceUri } from './tool-meta';
import { observedServer } from './observed-server';
import type { ViewToolPort } from './view-tools';
import type { ViewOrigin } from './sandbox-origin';
import { sandboxLookup } from './sandbox-lookup';

/** A connection as the host sees it. */
export interface HostConnection extends ViewConnection, ToolServer {
	readonly url: string;
}

/** The agent's registries, as the page's tool hub holds them (built there, never here). */
export interface RegistriesPort {
	/** Resolves once the registries can be read. */
	ready(): Promise<void>;
	/** The model's names. */
	readonly registry: ToolRegistry;
	/** The names a View's own calls use (View-only tools included). */
	readonly appRegistry: ToolRegistry;
}

/** What the host is built from. */
export interface McpAppsHostOptions {
	connections(): readonly HostConnection[];
	/** Whether the server is connected (reactive in the page, so a waiting View retries). */
	serverConnected(server: string): boolean;
	tools: RegistriesPort;
	callTool(request: DirectCallRequest): Promise<DirectCallOutcome>;
	canvas: ViewCanvas & { store: ViewCanvas['store'] & { remove(id: string): void } };
	/** Sends a chat message (starts a turn). */
	send(text: string): void;
	busy(): boolean;
	record(event: AgentEvent): void;
	theme(): 'light' | 'dark';
	confirm?(message: string): Promise<boolean>;
	fetch?: typeof fetch;
	/** Where "always allow this server's messages" is kept (default: localStorage). */
	storage?: Pick<Storage, 'getItem' | 'setItem'>;
	/** The AG-UI agent a View came from, when it is the agent in charge. */
	agentProxy?(via: McpAppVia): AgentProxy | undefined;
	/** Where the tools Views provide go (the page's `ViewToolSource`, a ToolHub source). */
	viewTools?: ViewToolPort;
	/** What each server's Views were allowed beyond their CSP, by server URL (the server list keeps them). */
	viewGrants?: { of(server: string): ViewGrant[]; grant(server: string, grant: ViewGrant): void };
}

/** The MCP Apps host of one page. */
export class McpAppsHost implements ViewHostPort, McpAppViewHost {
	#options: McpAppsHostOptions;
	#observed = new WeakMap<HostConnection, ToolServer>();
	#views = new Map<string, ViewHandle>();
	#results = new Map<string, ToolCallResult>();
	#appCalls = new Map<string, number>();
	#context = new Map<string, { server: string; text: string }>();
	#messages: Promise<{ gate: ViewMessageGate }> | undefined;
	#messagesNow: { gate: ViewMessageGate } | undefined;
	#guard: Promise<unknown> = Promise.resolve();
	readonly #sandbox = sandboxLookup(() => this.#options.fetch ?? fetch);
	#parking: HTMLElement | undefined;
	#streaming: Promise<StreamingCalls> | undefined;
	#streamingNow: StreamingCalls | undefined;

	constructor(options: McpAppsHostOptions) {
		this.#options = options;
		// A view may take focus only from the user's gesture inside its frame: mount waits for the guard.
		if (typeof window !== 'undefined' && typeof document !== 'undefined') this.#guard = this.#installFocusGuard();
		// A failed load is tried again by the first View's mount.
		this.#guard.catch(() => undefined);
	}

	async #installFocusGuard(): Promise<void> {
		const { installFocusGuard } = await import('./focus-guard');
		installFocusGuard(window, {
			isViewFrame: (element) => element instanceof HTMLIFrameElement && element.classList.contains('mcp-app-frame'),
			onRefused: (frame) => {
				const widgetId = [...this.#views].find(([, handle]) => handle.frame === frame)?.[0] ?? '';
				this.record({
					widgetId,
					server: frame.title.split(' — view of ').pop() ?? '',
					method: 'focus',
					direction: 'in',
					status: 'refused',
					detail: 'the view took focus without a click inside it; focus went back'
				});
			}
		});
	}

	/** The message gate, loaded with the first View's first message or context. */
	#loadMessages(): Promise<{ gate: ViewMessageGate }> {
		this.#messages ??= import('./message-gate').then(
			({ ViewMessageGate }) =>
				(this.#messagesNow = {
					gate: new ViewMessageGate({
						storage: this.#options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage)
					})
				}),
			(error: unknown) => {
				this.#messages = undefined;
				throw error;
			}
		);
		return this.#messages;
	}

	/** The server as the agent should call it: calls of tools with a View open that View. */
	observe = (connection: HostConnection): ToolServer =>
		observedServer(this.#observed, connection, (name, args, options) =>
			this.#callObserved(connection, name, args, options)
		);

	async #callObserved(
		connection: HostConnection,
		name: string,
		args: Record<string, unknown>,
		options?: CallOptions
	): Promise<ToolCallResult> {
		const tool = connection.tools.find((candidate) => candidate.name === name);
		const resource = tool ? uiResourceUri(tool) : undefined;
		if (!tool || !resource || this.#takeAppCall(connection.name, name, args))
			return connection.callTool(name, args, options);
		const early = this.#streaming?.then((streaming) => streaming.claim(options?.caller?.callId));
		const { runWithView } = await import('./host-actions');
		const widgetId = await early;
		return runWithView({
			connection,
			tool,
			resource,
			args,
			options,
			canvas: this.#options.canvas,
			results: this.#results,
			...(widgetId ? { widgetId } : {})
		});
	}

	/** Follows the agent's events: Views open while the model still writes their call. */
	agentEvent(event: AgentEvent): void {
		if (!this.#streaming && event.type !== 'tool-input-delta') return;
		this.#streaming ??= import('./streaming-calls').then(
			({ StreamingCalls }) =>
				(this.#streamingNow = new StreamingCalls({
					registry: () => this.#options.tools.registry,
					connections: () => this.#options.connections(),
					open: async (connection, tool, resource) =>
						(await import('./host-actions')).openView({ connection, tool, resource, canvas: this.#options.canvas }),
					view: (widgetId) => this.#views.get(widgetId),
					cancel: (widgetId, reason) =>
						void import('./host-actions').then(({ updateView }) =>
							updateView(this.#options.canvas, widgetId, { cancelled: reason })
						)
				}))
		);
		void this.#streaming.then((streaming) => streaming.event(event));
	}

	#appCallKey(server: string, tool: string, args: Record<string, unknown>): string {
		return `${server}\u0000${tool}\u0000${safeStringify(args)}`;
	}

	#takeAppCall(server: string, tool: string, args: Record<string, unknown>): boolean {
		const key = this.#appCallKey(server, tool, args);
		const count = this.#appCalls.get(key) ?? 0;
		if (!count) return false;
		if (count === 1) this.#appCalls.delete(key);
		else this.#appCalls.set(key, count - 1);
		return true;
	}

	/**
	 * Mounts the View of an `mcp-app` widget; the handle is also kept for teardown. A newer
	 * mount of the same widget replaces an older one. `signal` aborted while the view code
	 * loads (the component went away, or mounted again): nothing is mounted and the promise
	 * resolves with undefined, so a late, stale mount can never replace the live one.
	 */
	async mount(
		...[widgetId, container, params, onState, displayMode, signal]: ViewMountArgs
	): Promise<ViewHandle | undefined> {
		this.#guard = this.#guard.catch(() => this.#installFocusGuard());
		const [{ mountView }] = await Promise.all([import('./view-session'), this.#guard, this.#loadMessages()]);
		if (signal?.aborted) return undefined;
		if (params.inputPending && !params.cancelled && !this.#streamingNow?.opened(widgetId)) {
			// Saved while the model was writing its call (the page was reloaded): that call never ran.
			params = { ...params, cancelled: 'The page was reloaded before the call was made.' };
			void import('./host-actions').then(({ updateView }) =>
				updateView(this.#options.canvas, widgetId, { cancelled: params.cancelled })
			);
		}
		const handle = mountView({ widgetId, params, container, host: this, onState, displayMode });
		this.#views.get(widgetId)?.dispose();
		this.#views.set(widgetId, handle);
		return handle;
	}

	/** The component went away: removes its View unless a teardown already took it. */
	unmount(widgetId: string, handle: ViewHandle): void {
		if (this.#views.get(widgetId) !== handle) return;
		this.#views.delete(widgetId);
		handle.dispose();
	}

	/**
	 * Called with the canvas records before the canvas updates its DOM: Views whose widget
	 * left get `ui/resource-teardown` while their frame waits aside (moved without reloading).
	 */
	retain(records: readonly { id: string }[]): void {
		if (!this.#views.size) return;
		const ids = new Set(records.map((record) => record.id));
		for (const [widgetId, handle] of this.#views) {
			if (ids.has(widgetId)) continue;
			this.#views.delete(widgetId);
			this.#context.delete(widgetId);
			// The widget is gone: its message and context counters go with it.
			this.#messagesNow?.gate.forget(widgetId);
			this.#park(handle.frame);
			void handle.teardown();
		}
	}

	#park(frame: HTMLIFrameElement | undefined): void {
		const parking = this.#parking ?? (this.#parking = document.createElement('div'));
		if (!parking.isConnected) {
			parking.setAttribute('aria-hidden', 'true');
			parking.style.cssText = 'position:fixed;left:-10000px;top:0;width:1px;height:1px;overflow:hidden;';
			document.body.appendChild(parking);
		}
		const move = (parking as HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void }).moveBefore;
		if (frame?.isConnected && move) move.call(parking, frame, null);
	}

	/** Tells every View the theme changed. */
	themeChanged(): void {
		for (const handle of this.#views.values()) handle.themeChanged();
	}

	/** `text` with the Views' latest `ui/update-model-context`, each sent once. */
	withModelContext(text: string): string {
		if (!this.#context.size) return text;
		const notes = [...this.#context.values()].map(
			(entry) => `[Context from the view of "${entry.server}": ${entry.text}]`
		);
		this.#context.clear();
		return `${text}\n\n${notes.join('\n')}`;
	}

	// ViewHostPort

	/** The shared sandbox origin the app's server names (null: none); rejects when it cannot be asked. */
	sandboxOrigin(): Promise<string | null> {
		return this.#sandbox.shared();
	}

	/** The origin of the Views of the server `key` (its URL): its own where the sandbox offers one. */
	viewOrigin(key: string): Promise<ViewOrigin | null> {
		return this.#sandbox.viewOrigin(key);
	}

	viewGrants(key: string): ViewGrant[] {
		return this.#options.viewGrants?.of(key) ?? [];
	}

	grantView(key: string, grant: ViewGrant): void {
		this.#options.viewGrants?.grant(key, grant);
	}

	/** The agent a View came from, when it is the agent in charge (its requests can go there now). */
	proxy(via: McpAppVia): AgentProxy | undefined {
		return this.#options.agentProxy?.(via);
	}

	agentReady(via: McpAppVia): boolean {
		return !!this.proxy(via);
	}

	/** True when the View's server is connected (read reactively by the widget). */
	serverConnected(server: string): boolean {
		return this.#options.serverConnected(server);
	}

	connection(server: string): HostConnection | undefined {
		return this.#options.connections().find((connection) => connection.name === server);
	}

	async callTool(request: {
		widgetId: string;
		server: string;
		tool: string;
		args: Record<string, unknown>;
		signal?: AbortSignal;
	}): Promise<ToolCallResult> {
		const key = this.#appCallKey(request.server, request.tool, request.args);
		this.#appCalls.set(key, (this.#appCalls.get(key) ?? 0) + 1);
		try {
			const { runAppCall } = await import('./host-actions');
			await this.#options.tools.ready();
			return await runAppCall(request, this.#options.tools.appRegistry, this.#options.callTool);
		} finally {
			this.#takeAppCall(request.server, request.tool, request.args);
		}
	}

	async sendMessage(request: {
		widgetId: string;
		server: string;
		text: string;
		ask?: (text: string) => Promise<MessageChoice>;
	}): Promise<{ ok: true } | { ok: false; error: string }> {
		// Without a way to ask the user (no widget on screen), nothing is sent.
		const { gate } = await this.#loadMessages();
		return gate.send(request, request.ask ?? (async () => 'deny'), {
			busy: this.#options.busy,
			send: (text) => this.#options.send(this.withModelContext(text))
		});
	}

	setModelContext(widgetId: string, server: string, text: string | undefined): void {
		const messages = this.#messagesNow;
		if (!messages) {
			// Applied in order once the gate is there (a mounted View always finds it loaded).
			void this.#loadMessages().then(() => this.setModelContext(widgetId, server, text));
			return;
		}
		messages.gate.keepContext(this.#context, widgetId, server, text);
	}

	confirm(message: string): Promise<boolean> {
		return this.#options.confirm
			? this.#options.confirm(message)
			: Promise.resolve(globalThis.confirm?.(message) ?? false);
	}

	theme(): 'light' | 'dark' {
		return this.#options.theme();
	}

	partialInput(widgetId: string): Record<string, unknown> | undefined {
		return this.#streamingNow?.partialInput(widgetId);
	}

	fullResult(widgetId: string): ToolCallResult | undefined {
		return this.#results.get(widgetId);
	}

	record(event: ViewEventInput): void {
		this.#options.record({ ...event, type: 'app-view', at: Date.now(), turnId: `app:${event.widgetId}` });
	}

	get viewTools(): ViewToolPort | undefined {
		return this.#options.viewTools;
	}

	requestClose(widgetId: string): void {
		try {
			this.#options.canvas.store.remove(widgetId);
		} catch {
			// Already gone.
		}
	}
}
