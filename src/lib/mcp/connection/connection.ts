/**
 * One remote MCP server behind the `ToolServer` interface, kept healthy:
 *
 *   connect      open (Streamable HTTP, or legacy SSE) → list tools/prompts/resources → layer
 *   callTool     ready? → call with signal/timeout/progress (`call-tool.ts`; as a task when it may run as one, `tasks.ts`)
 *                  404 on our session → re-initialise, retry once
 *                  network failure / dropped stream → reconnect in the background, fail this call
 *   dropped      status "reconnecting", backoff attempts; still down → "error" (calls fail
 *                fast), slow background retries until it comes back or `close()`
 *
 * Results with `isError` are returned as results; transport failures throw `AutoUiError`s. Status, reconnects
 * and backoff live in `lifecycle.ts`; what the server offers is read by `catalog.ts`; clients open in `transport.ts`.
 */
import type { Client, ServerCapabilities } from '@modelcontextprotocol/client';
import type { McpLayer, McpRecipe } from '$lib/agent/types';
import type { CallOptions, ToolCallResult, ToolDefinition, ToolServer, ToolTaskUpdate } from '$lib/shared';
import { AutoUiError, createDeadline, errorMessage } from '$lib/shared';
import { defaultBackoff, type BackoffPolicy } from './backoff';
import {
	isConnectionClosed,
	isNetworkError,
	isRequestTimeout,
	isSessionExpired,
	rpcErrorResult,
	toMcpError
} from './errors';
import {
	fetchRecipes,
	listAllTools,
	loadCatalog,
	toToolResult,
	type PromptSummary,
	type ResourceSummary,
	type ServerCatalog
} from './catalog';
import type { ActiveCall, ClientHandlers } from './client-handlers';
import { ConnectionLifecycle, type ConnectionStatus } from './lifecycle';
import type { WireListener } from './protocol-tap';
import { buildLayer } from './layer';
import { requestToolCall } from './call-tool';
import { offersModernTasks, runsAsTask } from './task-support';
import { TaskResumeStore } from './task-resume';
import type { ProtocolChoice } from './protocol-revision';
import type { AuthProviderOption, OpenClient, OpenOptions, TransportChoice, TransportKind } from './transport';

const loadTasks = () => import('./tasks'); // with the first call that runs as a task (off the first route)
export type { PromptSummary, ResourceSummary } from './catalog';
export type { ConnectionStatus } from './lifecycle';
/** How to reach and treat one server. */
export interface McpConnectionOptions {
	/** Display name; the agent sanitises it into tool prefixes. */
	name: string;
	url: string;
	transport?: TransportChoice;
	/** Which protocol revision to speak (default `auto`: 2026-07-28 when the server speaks it). */
	protocol?: ProtocolChoice;
	/** Extra HTTP headers sent with every request (e.g. Authorization). */
	headers?: Record<string, string>;
	/** The OAuth provider, or how to load it when the transport is made. */
	authProvider?: AuthProviderOption;
	/** Called after every change of status, error, tools, prompts, resources or recipes. */
	onChange?: (connection: McpConnection) => void;
	connectTimeoutMs?: number;
	/** Per-call timeout when the caller gives none; reset by progress notifications. */
	defaultCallTimeoutMs?: number;
	/** Runs tools whose `execution.taskSupport` is `optional` as tasks too (`required` ones always are); read at each call. */
	preferTasks?: () => boolean;
	backoff?: Partial<BackoffPolicy>;
	/** Answers the server's requests (sampling, elicitation, roots, log messages). */
	handlers?: ClientHandlers;
	/** Sees every JSON-RPC message in and out (the protocol log). */
	onWireMessage?: WireListener;
	/** Where running tasks are remembered for `resumeTask` after a reload (default: this tab's sessionStorage). */
	taskStore?: TaskResumeStore;
	/** The longest a task is waited for in all, however often it reports (default 10 minutes, `taskLimits`). */
	taskMaxWaitMs?: number;
}

/** The largest timer delay browsers and Node accept (about 24.8 days). */
const unboundedMs = 2_147_483_647;

/** A live, self-healing connection to one remote MCP server. */
export class McpConnection implements ToolServer {
	readonly protocol = 'mcp' as const;
	readonly url: string;
	#name: string;
	#options: McpConnectionOptions;
	#life: ConnectionLifecycle;
	#active = new Set<ActiveCall>();
	#layer: { catalog: ServerCatalog; name: string; layer: McpLayer } | undefined;
	#catalog: ServerCatalog = { instructions: undefined, tools: [], prompts: [], resources: [], recipes: undefined };
	#tasks: TaskResumeStore;

	constructor(options: McpConnectionOptions) {
		this.#options = options;
		this.#name = options.name;
		this.url = options.url;
		this.#tasks = options.taskStore ?? new TaskResumeStore();
		this.#life = new ConnectionLifecycle(
			{
				name: () => this.name,
				openOptions: () => this.#openOptions(),
				load: async (open, signal) => {
					this.#catalog = await loadCatalog(open.client, signal);
				},
				toolsChanged: (open) => void this.#refreshTools(open),
				changed: () => this.#emit()
			},
			{ ...defaultBackoff, ...options.backoff }
		);
	}

	/** Display name; the agent sanitises it into tool prefixes. */
	get name(): string {
		return this.#name;
	}

	/**
	 * Renames the server (its tool prefixes follow at the next layer read). The server list
	 * does this once, from `serverInfo`, when the user gave no name.
	 */
	rename(name: string): void {
		this.#name = name;
	}

	get status(): ConnectionStatus {
		return this.#life.status;
	}
	/** Why the last connect or reconnect failed (undefined while healthy). */
	get error(): AutoUiError | undefined {
		return this.#life.error;
	}
	/** The transport in use once connected. */
	get transportKind(): TransportKind | undefined {
		return this.#life.open?.kind;
	}
	/** The Streamable HTTP session id, when the server assigned one. */
	get sessionId(): string | undefined {
		return this.#life.open?.transport.sessionId;
	}
	/** The protocol revision agreed with the server (e.g. `2025-11-25` or `2026-07-28`), once connected. */
	get protocolVersion(): string | undefined {
		return this.#life.open?.client.getNegotiatedProtocolVersion();
	}
	/** The protocol revision the user chose for this server. */
	get protocolChoice(): ProtocolChoice {
		return this.#options.protocol ?? 'auto';
	}
	get instructions(): string | undefined {
		return this.#catalog.instructions;
	}
	get serverInfo(): { name: string; version: string; title?: string } | undefined {
		return this.#life.open?.client.getServerVersion();
	}
	get tools(): ToolDefinition[] {
		return this.#catalog.tools;
	}
	get prompts(): PromptSummary[] {
		return this.#catalog.prompts;
	}
	get resources(): ResourceSummary[] {
		return this.#catalog.resources;
	}
	get recipes(): McpRecipe[] | undefined {
		return this.#catalog.recipes;
	}

	/** The agent's view of this server. */
	layer(): McpLayer {
		// One layer per catalog and name, so what the agent builds from it is reused across calls.
		if (this.#layer?.catalog === this.#catalog && this.#layer.name === this.name) return this.#layer.layer;
		const { instructions, tools, recipes } = this.#catalog;
		const layer = buildLayer({ serverName: this.name, serverUrl: this.url, instructions, tools, recipes });
		this.#layer = { catalog: this.#catalog, name: this.name, layer };
		return layer;
	}

	/** Connects (or reconnects now) and loads the lists. Throws a mapped error on failure. */
	connect(options: { signal?: AbortSignal } = {}): Promise<void> {
		return this.#life.connect(options.signal);
	}

	/** Closes the connection for good (ends the session when the server supports it). */
	close(): Promise<void> {
		return this.#life.close();
	}

	/** Lists the server's tools (all pages) and refreshes the layer. */
	async listTools(options: { signal?: AbortSignal } = {}): Promise<ToolDefinition[]> {
		const open = await this.#life.ready(options.signal);
		let tools: ToolDefinition[];
		try {
			tools = await listAllTools(open.client, options.signal);
		} catch (error) {
			throw toMcpError(error, this.name, 'tools/list');
		}
		this.#catalog = { ...this.#catalog, tools };
		this.#emit();
		return this.#catalog.tools;
	}

	/**
	 * Calls a tool. `isError` results are returned; transport failures throw. The call is timed
	 * by a pausable deadline (the caller's, or one made from `timeoutMs`), which the server's
	 * requests waiting for the user hold (see `activeCalls`).
	 */
	async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<ToolCallResult> {
		const { signal, onProgress, onTask, timeoutMs, traceparent } = options;
		const what = `tool "${name}"`;
		// Without a timeout from the caller, the default one restarts on each progress notification.
		const deadline =
			options.deadline ?? createDeadline(signal, timeoutMs ?? this.#options.defaultCallTimeoutMs ?? 60_000);
		const restartOnProgress = !options.deadline && !timeoutMs;
		const active: ActiveCall = { tool: name, caller: options.caller, hold: () => deadline.hold() };
		const timedOut = (error: unknown) =>
			new AutoUiError(
				'timeout',
				`${what} on MCP server "${this.name}" did not finish within ${deadline.ms} ms; the call was cancelled. Try narrower arguments or a longer timeout.`,
				{ cause: error }
			);
		this.#active.add(active);
		let retried = false;
		try {
			for (;;) {
				if (signal?.aborted) throw new AutoUiError('aborted', `call of ${what} was cancelled`);
				const open = await this.#life.ready(deadline.signal, timeoutMs).catch((error: unknown) => {
					throw deadline.signal.aborted && !signal?.aborted ? timedOut(error) : error;
				});
				try {
					const request = { name, arguments: args, ...(traceparent ? { _meta: { traceparent } } : {}) };
					const tool = this.#catalog.tools.find((candidate) => candidate.name === name);
					const modern = offersModernTasks(open.client);
					if (modern || runsAsTask(tool?.execution?.taskSupport, this.#options.preferTasks?.())) {
						// The deadline becomes the task's TTL (2025-11-25); each report restarts it; `maxWaitMs` bounds the whole wait.
						const tasks = await loadTasks();
						const taskOptions = {
							ttlMs: deadline.ms,
							signal: deadline.signal,
							onTask: this.#remembered(open, onTask),
							onActivity: () => deadline.restart(),
							timeout: unboundedMs,
							maxWaitMs: this.#options.taskMaxWaitMs
						};
						return toToolResult(
							modern
								? await tasks.callToolAsModernTask(open, request, this.#taskContext(), taskOptions)
								: await tasks.callToolAsTask(open.client, request, taskOptions)
						);
					}
					const result = await requestToolCall(open.client, request, tool, {
						signal: deadline.signal,
						// The deadline times the call; the SDK's own timer only bounds a call that never ends.
						timeout: unboundedMs,
						maxTotalTimeout: restartOnProgress ? 600_000 : unboundedMs,
						onprogress: (p) => {
							if (restartOnProgress) deadline.restart();
							onProgress?.({ progress: p.progress, total: p.total, message: p.message });
						}
					});
					return toToolResult(result);
				} catch (error) {
					if (signal?.aborted) throw new AutoUiError('aborted', `call of ${what} was cancelled`, { cause: error });
					if (deadline.signal.aborted || isRequestTimeout(error)) throw timedOut(error);
					if (!retried && isSessionExpired(error)) {
						retried = true;
						await this.#life.reinitialize(open, signal);
						continue;
					}
					if (isNetworkError(error) || isConnectionClosed(error) || isSessionExpired(error))
						this.#life.startReconnect(open, error);
					const answered = rpcErrorResult(error, this.name, name);
					if (answered) return answered;
					throw toMcpError(error, this.name, what);
				}
			}
		} finally {
			this.#active.delete(active);
			if (!options.deadline) deadline.dispose();
		}
	}

	/**
	 * Waits for a task this server runs that an earlier page started (taskId kept across a
	 * reload): on the session it started in when the server binds tasks to sessions, else on
	 * the current client. Resolves with the tool's final result, as `callTool` would have.
	 */
	async resumeTask(
		taskId: string,
		options: { signal?: AbortSignal; onTask?: (task: ToolTaskUpdate) => void } = {}
	): Promise<ToolCallResult> {
		const signal = options.signal ?? new AbortController().signal;
		const open = await this.#life.ready(signal);
		const record = this.#tasks.get(taskId, this.url);
		const sessionBound =
			record?.sessionId && open.kind === 'streamable-http' && record.sessionId !== open.transport.sessionId;
		const side = sessionBound
			? await (
					await import('./transport')
				).openSessionClient(this.#openOptions(), record.sessionId!, record.protocolVersion)
			: undefined;
		try {
			const tasks = await loadTasks();
			const wait = { signal, onTask: this.#remembered(side ?? open, options.onTask, record), timeout: unboundedMs };
			const result = offersModernTasks(open.client)
				? await tasks.resumeModernTask(open, taskId, this.#taskContext(), wait)
				: await tasks.resumeTaskOn((side ?? open).client, taskId, wait);
			return toToolResult(result);
		} catch (error) {
			if (error instanceof AutoUiError) throw error;
			throw toMcpError(error, this.name, `task ${taskId}`);
		} finally {
			if (side) await side.client.close().catch(() => undefined);
		}
	}

	/** Wraps a task's listener so the task is remembered while it runs (see `resumeTask`). */
	#remembered(
		open: OpenClient,
		onTask: ((task: ToolTaskUpdate) => void) | undefined,
		known?: { sessionId?: string; protocolVersion?: string }
	): (task: ToolTaskUpdate) => void {
		return (task) => {
			if (task.status === 'working' || task.status === 'input_required') {
				this.#tasks.save({
					taskId: task.taskId,
					url: this.url,
					sessionId: known?.sessionId ?? open.transport.sessionId,
					protocolVersion: known?.protocolVersion ?? open.client.getNegotiatedProtocolVersion(),
					at: Date.now()
				});
			} else this.#tasks.remove(task.taskId, this.url);
			onTask?.(task);
		};
	}

	/** What the 2026-07-28 task wire needs of this connection. */
	#taskContext() {
		return { endpointId: this.url, handlers: this.#options.handlers, activeCalls: () => this.activeCalls() };
	}

	#openOptions(): Omit<
		OpenOptions,
		'knownLegacy' | 'signal' | 'onToolsChanged' | 'onTransportError' | 'onTransportClose'
	> {
		const options = this.#options;
		return {
			url: this.url,
			transport: options.transport ?? 'auto',
			protocol: options.protocol,
			headers: options.headers,
			authProvider: options.authProvider,
			timeoutMs: options.connectTimeoutMs,
			handlers: options.handlers,
			activeCalls: () => this.activeCalls(),
			onWireMessage: options.onWireMessage
		};
	}

	/** The tool calls in progress on this server, oldest first (a server's request is placed beside them). */
	activeCalls(): readonly ActiveCall[] {
		return [...this.#active];
	}

	/**
	 * Runs `action` with the ready SDK client: resources, prompts, completions and the other
	 * requests the workbench makes by hand. Errors (JSON-RPC ones keep their code and data)
	 * are passed through unchanged so the caller can show them as they came.
	 */
	async withClient<T>(action: (client: Client) => Promise<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
		const open = await this.#life.ready(options.signal);
		return action(open.client);
	}

	/** The server's capabilities once connected (what it offers: resources.subscribe, completions, logging…). */
	get serverCapabilities(): ServerCapabilities | undefined {
		return this.#life.open?.client.getServerCapabilities();
	}

	/** notifications/tools/list_changed: reads the tools and recipes again. */
	async #refreshTools(open: OpenClient): Promise<void> {
		if (open !== this.#life.open) return;
		try {
			const tools = await listAllTools(open.client, this.#life.stopSignal);
			const recipes = await fetchRecipes(open.client, tools, this.#life.stopSignal);
			if (open !== this.#life.open) return;
			this.#catalog = { ...this.#catalog, tools, recipes };
			this.#emit();
		} catch (error) {
			if (isNetworkError(error)) this.#life.startReconnect(open, error);
		}
	}

	#emit(): void {
		try {
			this.#options.onChange?.(this);
		} catch (error) {
			console.error(`MCP onChange handler failed: ${errorMessage(error)}`);
		}
	}
}
