/**
 * Builds the workbench's `WorkbenchDeps` from the app's pieces: manual calls go through the
 * agent's direct-call path (`session.callTool`, origin "manual") under the tool's registry
 * name, "Show on canvas" through `canvasSession.showFromSource`. Where an older session or
 * canvas lacks those methods, calls go straight to the connection and the widget is added
 * from the result once (not live).
 */
import { providerName, type ToolRegistry } from '$lib/agent/tools/registry';
import type { DirectCallRequest } from '$lib/agent/dispatch/direct-call';
import type { UiCallbacks } from '$lib/agent/types';
import type { McpConnection } from '$lib/mcp';
import { errorMessage, isPlainObject, randomId } from '$lib/shared';
import { bindSource, resultValue } from './default-widget';
import type { ServerRequests } from './server-requests.svelte';
import { describeError } from './server-errors';
import type { CallOutcome, ChatStart, ShowOnCanvasRequest, WorkbenchCall, WorkbenchDeps } from './types';

/** The direct-call path of the agent session (the data-by-reference contract). */
export interface DirectCallPort {
	callTool(request: DirectCallRequest): Promise<CallOutcome>;
}

/** The canvas session's live-widget entry point (the data-by-reference contract). */
export interface CanvasSourcePort {
	showFromSource(request: {
		widget: string;
		params: Record<string, unknown>;
		source: { tool: string; args: Record<string, unknown>; refreshSeconds?: number };
		title?: string;
	}): Promise<{ id: string } | { error: string }>;
}

/** The agent's registry, as the page's tool hub holds it (built there, never here). */
export interface RegistryPort {
	/** Resolves once `registry` can be read. */
	ready(): Promise<void>;
	readonly registry: ToolRegistry;
}

/** The canvas's widget validator, as far as the workbench uses it: which offered widgets would fail. */
export interface WidgetCheckPort {
	/** Resolves once `check` can run. */
	load(): Promise<void>;
	check(type: string, params: unknown, options?: { draw?: boolean }): { ok: boolean };
}

/** What the bridge is built from. */
export interface WorkbenchBridgeOptions {
	/** Where the agent's names of tools come from. */
	tools: RegistryPort;
	/** A connection by server display name. */
	connection(server: string): McpConnection | undefined;
	session: object;
	canvas: object;
	/** The canvas's UI callbacks (used when the canvas has no `showFromSource`). */
	widgets?: UiCallbacks;
	/** Resolves once the widget validators are loaded (before `widgets` is used). */
	widgetsReady?(): Promise<void>;
	/** Checks the widgets "Show on canvas" would offer, so none that fails is offered. */
	validator?: WidgetCheckPort;
	/** A widget was put on the canvas from the workbench (the page brings it into view). */
	onShown?(id: string): void;
	requests?: ServerRequests;
	/** Starts a conversation with this text, or says why it cannot (no model configured). */
	startConversation?(text: string): ChatStart;
}

function hasMethod<T>(value: object, name: string): value is object & T {
	return typeof (value as Record<string, unknown>)[name] === 'function';
}

/** Creates the deps the workbench runs on. */
export function createWorkbenchDeps(options: WorkbenchBridgeOptions): WorkbenchDeps {
	const registryName = async (server: string, tool: string): Promise<string | undefined> => {
		await options.tools.ready();
		const registry = options.tools.registry;
		// A remote server first; an in-page one (the files server) when no remote one has the name.
		const entry =
			registry.servers.find(
				(candidate) => candidate.layer.protocol !== 'webmcp' && candidate.layer.serverName === server
			) ?? registry.servers.find((candidate) => candidate.layer.serverName === server && server !== 'autoui');
		return entry ? providerName(registry, entry, tool) : undefined;
	};

	async function callTool(call: WorkbenchCall): Promise<CallOutcome> {
		const started = performance.now();
		const session = options.session;
		if (hasMethod<DirectCallPort>(session, 'callTool')) {
			const tool = await registryName(call.server, call.tool);
			if (!tool)
				return {
					ok: false,
					callId: '',
					error: `Tool "${call.tool}" of server "${call.server}" is not available to the app right now (is the server connected?).`,
					code: 'unknown_tool',
					elapsedMs: 0
				};
			return session.callTool({
				tool,
				args: call.args,
				origin: 'manual',
				signal: call.signal,
				timeoutMs: call.timeoutMs,
				onProgress: call.onProgress,
				onTask: call.onTask
			});
		}
		const connection = options.connection(call.server);
		const callId = randomId('manual_');
		if (!connection)
			return {
				ok: false,
				callId,
				error: `MCP server "${call.server}" is not connected.`,
				code: 'mcp_disconnected',
				elapsedMs: 0
			};
		try {
			const result = await connection.callTool(call.tool, call.args, {
				signal: call.signal,
				timeoutMs: call.timeoutMs,
				onProgress: call.onProgress,
				onTask: call.onTask
			});
			return {
				ok: !result.isError,
				callId,
				result,
				value: resultValue(result),
				elapsedMs: performance.now() - started
			};
		} catch (error) {
			const cause =
				isPlainObject((error as { cause?: unknown })?.cause) || (error as { cause?: unknown })?.cause instanceof Error
					? (error as { cause: unknown }).cause
					: error;
			const shown = describeError(cause);
			return {
				ok: false,
				callId,
				error: errorMessage(error),
				code: shown.code ?? (error as { code?: string }).code,
				data: shown.data,
				elapsedMs: performance.now() - started
			};
		}
	}

	const shown = (outcome: { id: string } | { error: string }) => {
		if ('id' in outcome) options.onShown?.(outcome.id);
		return outcome;
	};

	async function fitsWidget(widget: string, params: Record<string, unknown>): Promise<boolean> {
		const validator = options.validator;
		if (!validator) return true;
		await validator.load();
		return validator.check(widget, params, { draw: true }).ok;
	}

	async function showOnCanvas(request: ShowOnCanvasRequest): Promise<{ id: string } | { error: string }> {
		return shown(await addFromSource(request));
	}

	async function addFromSource(request: ShowOnCanvasRequest): Promise<{ id: string } | { error: string }> {
		const canvas = options.canvas;
		if (hasMethod<CanvasSourcePort>(canvas, 'showFromSource')) {
			const tool = await registryName(request.source.server, request.source.tool);
			if (!tool)
				return { error: `Tool "${request.source.tool}" is not available (is "${request.source.server}" connected?).` };
			return canvas.showFromSource({
				widget: request.widget,
				params: request.params,
				source: { tool, args: request.source.args, refreshSeconds: request.source.refreshSeconds },
				title: request.title
			});
		}
		const outcome = await callTool({
			server: request.source.server,
			tool: request.source.tool,
			args: request.source.args
		});
		if (!outcome.ok) return { error: outcome.error ?? 'the tool reported an error' };
		await options.widgetsReady?.();
		const params = bindSource(request.params, outcome.value);
		if (request.title && params.title === undefined) params.title = request.title;
		return (
			options.widgets?.onWidget?.(request.widget, params, {
				callId: randomId('show_'),
				dataFrom: [outcome.callId]
			}) ?? { error: 'The canvas is not ready.' }
		);
	}

	async function showStatic(
		widget: string,
		params: Record<string, unknown>,
		title?: string
	): Promise<{ id: string } | { error: string }> {
		await options.widgetsReady?.();
		const withTitle = title && params.title === undefined ? { ...params, title } : params;
		return shown(
			options.widgets?.onWidget?.(widget, withTitle, { callId: randomId('static_'), dataFrom: [] }) ?? {
				error: 'The canvas is not ready.'
			}
		);
	}

	return {
		callTool,
		showOnCanvas,
		showStatic,
		fitsWidget: options.validator ? fitsWidget : undefined,
		connection: options.connection,
		requests: options.requests,
		useInChat: options.startConversation
			? (messages) =>
					options.startConversation!(
						messages.length === 1
							? messages[0].text
							: messages.map((message) => `${message.role}: ${message.text}`).join('\n\n')
					)
			: undefined
	};
}

/** Binding a params template to a result (kept here for the callers that import it from the bridge). */
export { bindSource };
